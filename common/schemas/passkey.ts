// Passkeys (WebAuthn) and the patient's devices: the ceremonies' options and answers as the
// browser's JSON forms carry them (@simplewebauthn's *JSON types), the list of passkeys and
// sessions, and what the patient and the hospital's counter may remove.
import { Type, type Static, type TProperties } from 'typebox';
import { LoginResponse } from './auth.ts';
import { Nomr, NStr, Str } from './fields.ts';

/** base64url, as WebAuthn's JSON forms write binary. */
const B64 = (maxLength: number, description?: string) =>
  Type.String({ pattern: '^[A-Za-z0-9_-]*$', minLength: 1, maxLength, ...(description ? { description } : {}) });
const Transports = Type.Array(Type.String({ pattern: '^[a-z-]{1,20}$' }), { maxItems: 8 });
const Attachment = Type.Union([Type.Literal('platform'), Type.Literal('cross-platform')]);
const CredentialDescriptor = Type.Object({ id: Str(), type: Type.Literal('public-key'), transports: Type.Optional(Type.Array(Str())) });

/**
 * What both ceremonies' answers are (WebAuthn's PublicKeyCredential in its JSON form): the
 * credential's id twice, its type, the client data and the ceremony's own response fields beside
 * it, where the authenticator sits, and the extensions' results.
 */
const PublicKeyCredential = <R extends TProperties, X extends TProperties>(response: R, clientExtensionResults: X, description: string) =>
  Type.Object(
    {
      id: B64(1024),
      rawId: B64(1024),
      type: Type.Literal('public-key'),
      response: Type.Object({ clientDataJSON: B64(4096), ...response }),
      authenticatorAttachment: Type.Optional(Attachment),
      clientExtensionResults: Type.Object(clientExtensionResults),
    },
    { description },
  );

/** navigator.credentials.create()'s options, for @simplewebauthn/browser's startRegistration. */
export const RegistrationOptions = Type.Object(
  {
    challenge: Str(),
    rp: Type.Object({ name: Str(), id: Str() }),
    user: Type.Object({ id: Str('A random handle, not the medical record number'), name: Str(), displayName: Str() }),
    pubKeyCredParams: Type.Array(Type.Object({ alg: Type.Integer(), type: Type.Literal('public-key') })),
    timeout: Type.Integer(),
    attestation: Type.Literal('none', { description: 'No attestation: the phone is not identified to us' }),
    excludeCredentials: Type.Array(CredentialDescriptor),
    authenticatorSelection: Type.Object({
      residentKey: Type.Literal('required'),
      requireResidentKey: Type.Literal(true),
      userVerification: Type.Literal('required'),
      authenticatorAttachment: Type.Literal('platform'),
    }),
    extensions: Type.Object({ credProps: Type.Boolean() }),
    hints: Type.Array(Type.Union([Type.Literal('security-key'), Type.Literal('client-device'), Type.Literal('hybrid')])),
  },
  { description: 'PublicKeyCredentialCreationOptionsJSON; the challenge is single use for 5 minutes' },
);
export type RegistrationOptions = Static<typeof RegistrationOptions>;

/** RegistrationResponseJSON: what startRegistration() resolves to. */
export const RegistrationCredential = PublicKeyCredential(
  {
    attestationObject: B64(8192),
    authenticatorData: Type.Optional(B64(8192)),
    transports: Type.Optional(Transports),
    publicKeyAlgorithm: Type.Optional(Type.Integer()),
    publicKey: Type.Optional(B64(2048)),
  },
  { credProps: Type.Optional(Type.Object({ rk: Type.Optional(Type.Boolean()) })) },
  'The new credential, as @simplewebauthn/browser startRegistration() answers (RegistrationResponseJSON)',
);
export type RegistrationCredential = Static<typeof RegistrationCredential>;

/** navigator.credentials.get()'s options: no credentials listed, the phone offers its own (discoverable). */
export const LoginOptions = Type.Object(
  {
    challenge: Str(),
    rpId: Str(),
    timeout: Type.Integer(),
    userVerification: Type.Literal('required'),
  },
  { description: 'PublicKeyCredentialRequestOptionsJSON; the challenge is single use for 5 minutes' },
);
export type LoginOptions = Static<typeof LoginOptions>;

/** AuthenticationResponseJSON: what startAuthentication() resolves to. */
export const LoginCredential = PublicKeyCredential(
  { authenticatorData: B64(8192), signature: B64(2048), userHandle: Type.Optional(B64(128)) },
  {},
  'The signed assertion, as @simplewebauthn/browser startAuthentication() answers (AuthenticationResponseJSON)',
);
export type LoginCredential = Static<typeof LoginCredential>;

/**
 * proxy-login's answer, and whose session it is: a passkey login types neither the number nor
 * the birth date, and the app keeps both (docs/product.md §3).
 */
export const PasskeyLoginResponse = Type.Object(
  {
    token: LoginResponse.properties.token,
    capabilities: LoginResponse.properties.capabilities,
    patient: Type.Object({ nomr: Str(), tgl_lahir: Str('YYYY-MM-DD') }),
  },
  { description: 'Logged in: the same token as proxy-login, with the patient it belongs to' },
);
export type PasskeyLoginResponse = Static<typeof PasskeyLoginResponse>;

export const PasskeyInfo = Type.Object({
  id: Str('The credential id'),
  device: Str("Where it was made, e.g. 'Chrome di Android'"),
  backed_up: Type.Boolean({ description: "Synced by the phone's passkey manager (a lost phone does not lose it)" }),
  created_at: Str('ISO 8601, UTC'),
  last_used_at: NStr('ISO 8601, UTC; null before its first sign-in'),
});
export type PasskeyInfo = Static<typeof PasskeyInfo>;

export const SessionInfo = Type.Object({
  id: Str(),
  device: NStr("e.g. 'Chrome di Android'; null when the browser did not say"),
  method: Type.Union([Type.Literal('form'), Type.Literal('passkey')], { description: 'Nomor MR and birth date, or a passkey' }),
  created_at: Str('ISO 8601, UTC'),
  last_seen_at: Str('ISO 8601, UTC, to the minute'),
  current: Type.Boolean({ description: 'The session of this very request' }),
});
export type SessionInfo = Static<typeof SessionInfo>;

export const Devices = Type.Object({ passkeys: Type.Array(PasskeyInfo), sessions: Type.Array(SessionInfo) });
export type Devices = Static<typeof Devices>;

export const PasskeyOffer = Type.Object({ offer: Type.Boolean({ description: 'True once per patient without a passkey; asking counts as offering' }) });
export type PasskeyOffer = Static<typeof PasskeyOffer>;

export const RemovePasskey = Type.Object({ id: B64(1024, 'The credential id') }, { additionalProperties: false });
export type RemovePasskey = Static<typeof RemovePasskey>;

export const EndSession = Type.Object(
  { id: Type.String({ pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$', description: 'The session id from the list' }) },
  { additionalProperties: false },
);
export type EndSession = Static<typeof EndSession>;

export const PatientParam = Type.Object({ nomr: Nomr });
export const PasskeysRemoved = Type.Object({
  removed: Type.Integer({ description: 'How many passkeys the patient had' }),
  sessions_ended: Type.Integer({ description: "The patient's sessions ended with them: a lost phone may still hold one" }),
});
export type PasskeysRemoved = Static<typeof PasskeysRemoved>;

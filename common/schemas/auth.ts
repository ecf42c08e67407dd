// Login service, logout and self-registration (docs/product.md §3 and §7, docs/decisions.md D7 and D18).
import { Type, type Static } from 'typebox';
import { PATIENT_FROM_TOKEN } from '../capabilities.ts';
import { Failure } from './envelope.ts';
import { IsoDate, Text } from './fields.ts';
import { REGISTRATION_MAX } from '../registration.ts';
import { Counter, Reference } from './registration-status.ts';
import { NOMR_WIDTH_MAX } from '../nomr.ts';

/** The reference API's addition to the login answer (common/capabilities.ts). */
export const Capabilities = Type.Array(Type.String(), {
  description: `What this API does beyond spec section 7. '${PATIENT_FROM_TOKEN}': the bearer token alone says whose records a call reads, so the app sends no tgllahir`,
});

export const LoginRequest = Type.Object(
  {
    medical_record_number: Text(20, { minLength: 1 }),
    birthdate: IsoDate,
    fcmtoken: Type.Optional(
      Text(4096, {
        default: '',
        description: 'The push registration: an FCM token or a Web Push subscription as JSON; empty when there is none (decisions 7)',
      }),
    ),
  },
  { additionalProperties: false },
);
export type LoginRequest = Static<typeof LoginRequest>;

export const LoginResponse = Type.Object(
  {
    token: Type.Object({
      access_token: Type.String(),
      token_type: Type.Literal('Bearer'),
      expires_in: Type.Integer({ description: 'Seconds until the session ends at the latest' }),
    }),
    capabilities: Type.Optional(Capabilities),
  },
  { description: 'Logged in' },
);
export type LoginResponse = Static<typeof LoginResponse>;

/** How the hospital's Nomor MR looks, for the login form's hint and its leading zeros (common/nomr.ts). */
export const NomrFormat = Type.Object({
  width: Type.Union([Type.Integer({ minimum: 1, maximum: NOMR_WIDTH_MAX }), Type.Null()], {
    description: 'NOMR_WIDTH: every number has this many digits, and a shorter one typed gets leading zeros; null: numbers are taken as typed',
  }),
});

/**
 * Logout's body, all of it optional: a client that sends none (the spec's) still logs out. The
 * registration names which of the patient's phones stops getting notifications (decisions: Ending a session).
 */
export const LogoutRequest = Type.Object(
  {
    fcmtoken: Type.Optional(
      Text(4096, {
        description:
          "This phone's push registration, as sent with login or renewed: unlinked from the patient of the bearer token, even when that session has already ended",
      }),
    ),
  },
  { additionalProperties: false, description: 'May be left out' },
);
export type LogoutRequest = Static<typeof LogoutRequest>;

/** The registration form (docs/product.md §3); its contents are checked with worded answers. */
export const NewPatient = Type.Object(
  {
    // Lengths and rules: common/registration.ts, which the form checks too.
    nama: Text(REGISTRATION_MAX.nama),
    no_ktp: Text(REGISTRATION_MAX.no_ktp, { description: 'NIK, 16 digits' }),
    tempat_lahir: Text(REGISTRATION_MAX.tempat_lahir),
    tgl_lahir: Text(REGISTRATION_MAX.tgl_lahir, { description: 'YYYY-MM-DD' }),
    telp_hp: Text(REGISTRATION_MAX.telp_hp, { description: 'Indonesian mobile number: 08… or +628…, 10 to 13 digits (common/phone.ts)' }),
    email: Text(REGISTRATION_MAX.email),
    pekerjaan: Text(REGISTRATION_MAX.pekerjaan, { description: "Occupation code '00'…'12'" }),
    // Absent when the client does not ask (the spec's, docs/product.md §7): accepted and kept as unknown.
    persetujuan_privasi: Type.Optional(
      Type.Literal(true, { description: "The reference API's addition: the person agreed to the privacy notice (UU PDP); false is refused" }),
    ),
    versi_privasi: Type.Optional(Text(40, { minLength: 1, description: "The reference API's addition: the privacy notice shown, e.g. 'privasi-v1'" })),
  },
  { additionalProperties: false },
);
export type NewPatient = Static<typeof NewPatient>;

/** Saved: the text the registration dialog shows, the same whether the NIK was known or not. */
export const Registered = Type.Object({
  status: Type.Literal(true),
  message: Type.String(),
  // The reference API's additions (docs/product.md, Registration's ending): each submission its own.
  referensi: Type.Optional(Reference),
  loket: Type.Optional(Counter),
});
export type Registered = Static<typeof Registered>;

export const RegistrationAnswer = Type.Union([Registered, Failure], {
  description: "Saved, or { status: false } with what is wrong in the person's words",
});

// A passkey authenticator in node:crypto, for the server tests: a real P-256 key that signs the
// real clientDataJSON and authenticatorData, as a phone's platform authenticator does (WebAuthn
// Level 3, sections 6.1 and 6.5; 'none' attestation). The browser tests use Chromium's own.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { LoginCredential, LoginOptions, RegistrationCredential, RegistrationOptions } from '../../common/schemas/passkey.ts';

const b64 = (b: Uint8Array | string) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest();

/** Just enough CBOR (RFC 8949) for a COSE key and an attestation object. */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (value instanceof Map) return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
  throw new Error(`cbor: ${typeof value}`);
}

const FLAG = { up: 0x01, uv: 0x04, be: 0x08, bs: 0x10, at: 0x40 };

export interface AuthenticatorOptions {
  origin: string;
  rpId?: string;
  /** The fingerprint or screen lock was checked (user verification). */
  uv?: boolean;
  /** A synced passkey (backup eligible and backed up). */
  synced?: boolean;
}

/** One credential on one phone: register() makes it, assert() signs in with it. */
export class SoftAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly key: { privateKey: KeyObject; publicKey: KeyObject } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  /** The user handle the registration options gave; the assertion returns it. */
  userHandle = '';
  counter = 0;

  constructor(private readonly opts: AuthenticatorOptions) {}

  get id(): string {
    return b64(this.credentialId);
  }

  private flags(extra: number): number {
    const { uv = true, synced = false } = this.opts;
    return FLAG.up | (uv ? FLAG.uv : 0) | (synced ? FLAG.be | FLAG.bs : 0) | extra;
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin = this.opts.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  private rpIdHash(rpId: string): Buffer {
    return sha256(this.opts.rpId ?? rpId);
  }

  register(options: RegistrationOptions, over: { origin?: string } = {}): RegistrationCredential {
    this.userHandle = options.user.id;
    const jwk = this.key.publicKey.export({ format: 'jwk' });
    const coseKey = cbor(
      new Map<number, unknown>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      this.rpIdHash(options.rp.id),
      Buffer.from([this.flags(FLAG.at)]),
      Buffer.alloc(4), // signCount 0
      Buffer.alloc(16), // AAGUID: none given
      idLength,
      this.credentialId,
      coseKey,
    ]);
    const attestationObject = cbor(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64(this.clientData('webauthn.create', options.challenge, over.origin)),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: { credProps: { rk: true } },
    };
  }

  /** Signs the challenge; `counter` lets a test send a count that went back. */
  assert(options: LoginOptions, over: { origin?: string; counter?: number; userHandle?: string } = {}): LoginCredential {
    this.counter = over.counter ?? this.counter + 1;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    const authData = Buffer.concat([this.rpIdHash(options.rpId), Buffer.from([this.flags(0)]), count]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, over.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.key.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64(clientDataJSON),
        authenticatorData: b64(authData),
        signature: b64(signature),
        userHandle: over.userHandle ?? this.userHandle,
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}

// After a self-registration: its reference, the counter's place and hours, a push subscription
// for the verification's message, and 'Cek status pendaftaran' (docs/product.md, Registration's
// ending). The reference API's additions; the spec's client never calls them.
import { Type, type Static } from 'typebox';
import { REFERENCE_PATTERN } from '../reference.ts';
import { IsoDate, Text } from './fields.ts';

export const Reference = Type.String({ pattern: REFERENCE_PATTERN, description: "The registration's reference, e.g. REG-7K3QAM" });

/** The registration counter from the server's settings; each part absent when it is not set. */
export const Counter = Type.Object(
  {
    tempat: Type.Optional(Type.String({ description: 'REGISTRATION_COUNTER_PLACE' })),
    jam: Type.Optional(Type.String({ description: "REGISTRATION_COUNTER_HOURS, e.g. 'Senin–Jumat 07.00–14.00'" })),
  },
  { description: 'Where and when the registration counter verifies' },
);
export type Counter = Static<typeof Counter>;

/** Reference and birth date: what the patient knows; both must match, or the answer is the same 404. */
export const StatusQuery = Type.Object({ referensi: Reference, tgl_lahir: IsoDate }, { additionalProperties: false });
export type StatusQuery = Static<typeof StatusQuery>;

export const RegistrationStatus = Type.Object({
  status: Type.Union([Type.Literal('menunggu'), Type.Literal('terverifikasi')], {
    description: 'menunggu: waiting for the counter; terverifikasi: the counter has verified it',
  }),
  no_rm: Type.Optional(Type.String({ description: 'The Nomor MR the counter gave, when it gave it for this submission' })),
  loket: Counter,
});
export type RegistrationStatus = Static<typeof RegistrationStatus>;

/** A push subscription for this registration's verification message, before the patient has a login. */
export const StatusPush = Type.Object(
  {
    referensi: Reference,
    tgl_lahir: IsoDate,
    fcmtoken: Text(4096, { minLength: 1, description: 'An FCM token or a Web Push subscription as JSON' }),
  },
  { additionalProperties: false },
);
export type StatusPush = Static<typeof StatusPush>;

/** The counter's verification: the Nomor MR it created and the reference the person showed. */
export const Verification = Type.Object(
  {
    no_rm: Type.Optional(Text(20, { minLength: 1, description: 'The Nomor MR the hospital created; told to the patient (push)' })),
    referensi: Type.Optional(Reference),
  },
  {
    additionalProperties: false,
    description:
      'May be left out. referensi: the submission the person showed (its QR code); without it the Nomor MR is told only when the registration has one submission',
  },
);
export type Verification = Static<typeof Verification>;

// Calls the hospital's own systems make with their service token: a notification to a patient,
// a clinic queue number called, a pharmacy status change, the registration counter's list.
import { Type, type Static } from 'typebox';
import { Nomr, NStr, Nullable, Str, Text } from './fields.ts';

export const NotifyRequest = Type.Object(
  {
    nomr: Nomr,
    title: Text(120, { minLength: 1 }),
    body: Text(500, { minLength: 1 }),
    url: Type.Optional(Text(300, { pattern: '^/[^/\\\\]', description: 'A path of the app to open on a tap' })),
  },
  { additionalProperties: false },
);
export type NotifyRequest = Static<typeof NotifyRequest>;

/** A notification recorded, and how many push registrations it goes to. */
export const Enqueued = Type.Object({ id: Type.Integer(), registrations: Type.Integer() });
export type Enqueued = Static<typeof Enqueued>;

export const ClinicCall = Type.Object({ no_reg: Text(40, { minLength: 1 }) }, { additionalProperties: false });
export type ClinicCall = Static<typeof ClinicCall>;

export const PharmacyStatus = Type.Object({ no_antrian: Text(20, { minLength: 1 }), status_obat: Text(60, { minLength: 1 }) }, { additionalProperties: false });
export type PharmacyStatus = Static<typeof PharmacyStatus>;

/** notified: the notification, when this change made the medicine ready; null otherwise. */
export const PharmacyChange = Type.Object({ notified: Nullable(Enqueued) });
export type PharmacyChange = Static<typeof PharmacyChange>;

/** The counter's list: only the self-registrations still waiting for it. */
export const RegistrationQuery = Type.Object({ status: Type.Optional(Type.Literal('pending', { default: 'pending' })) });
export type RegistrationQuery = Static<typeof RegistrationQuery>;

export const RegistrationId = Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,15}$', description: 'The id of the list' }) });
export type RegistrationId = Static<typeof RegistrationId>;

/** A self-registration as the form sent it (the latest re-send), for the registration counter. */
export const RegistrationEntry = Type.Object({
  id: Type.Integer(),
  nama: Str(),
  no_ktp: Str('NIK'),
  tempat_lahir: Str(),
  tgl_lahir: Str('YYYY-MM-DD'),
  telp_hp: Str(),
  email: Str(),
  pekerjaan: Str('Occupation code'),
  persetujuan_privasi: Nullable(Type.Boolean({ description: "null: sent by a client that does not ask (the spec's)" })),
  versi_privasi: NStr(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('verified')]),
  created_at: Str('ISO 8601, WIB (+07:00)'),
  updated_at: Str('ISO 8601, WIB (+07:00): the latest re-send'),
  verified_at: NStr('ISO 8601, WIB (+07:00)'),
});
export type RegistrationEntry = Static<typeof RegistrationEntry>;

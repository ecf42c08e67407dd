// Calls the hospital's own systems make with their service token: a notification to a patient,
// a clinic queue number called, a pharmacy status change.
import { Type, type Static } from 'typebox';
import { Nomr, Nullable, Text } from './fields.ts';

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

// The visit day's calls (the reference API's additions): check-in from the phone, and the
// patient's clinic queue followed live.
import { Type, type Static } from 'typebox';
import { Str, Text } from './fields.ts';

/** The phone's position as the Geolocation API gives it (degrees, metres). */
export const Position = Type.Object(
  {
    lat: Type.Number({ minimum: -90, maximum: 90, description: 'Latitude, degrees' }),
    lon: Type.Number({ minimum: -180, maximum: 180, description: 'Longitude, degrees' }),
    accuracy: Type.Optional(Type.Number({ minimum: 0, maximum: 1_000_000, description: 'Accuracy radius, metres' })),
  },
  { additionalProperties: false },
);
export type Position = Static<typeof Position>;

export const CheckinRequest = Type.Object(
  {
    no_reg: Text(40, { minLength: 1, description: "The registration number of the patient's clinic queue entry of today" }),
    posisi: Type.Optional(Position),
  },
  { additionalProperties: false, description: "posisi is required only when the queue item says checkin_lokasi (the hospital's location is set)" },
);
export type CheckinRequest = Static<typeof CheckinRequest>;

export const CheckedIn = Type.Object({
  no_reg: Str(),
  checkin: Str('ISO 8601 with +07:00: the first check-in; a repeat answers the same time'),
});
export type CheckedIn = Static<typeof CheckedIn>;

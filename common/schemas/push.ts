// The reference API's push calls (docs/decisions.md D7): the VAPID key, and a renewed registration.
import { Type, type Static } from 'typebox';
import { Text } from './fields.ts';

export const VapidKey = Type.Object({ publicKey: Type.String({ description: 'applicationServerKey for PushManager.subscribe' }) });
export type VapidKey = Static<typeof VapidKey>;

export const PushRegistration = Type.Object(
  {
    fcmtoken: Text(4096, { minLength: 1, description: 'An FCM token or a Web Push subscription as JSON' }),
    replaces: Type.Optional(Text(4096, { description: 'The registration this one renews' })),
  },
  { additionalProperties: false },
);
export type PushRegistration = Static<typeof PushRegistration>;

export const PushRegistered = Type.Object({ kind: Type.Union([Type.Literal('fcm'), Type.Literal('webpush')]) });
export type PushRegistered = Static<typeof PushRegistered>;

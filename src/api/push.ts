// The push registration calls (docs/decisions.md D7): the server's VAPID public key, and keeping a new
// or renewed registration for the signed-in patient.
import { API } from '../../common/paths.ts';
import { call, type Result } from './http.ts';

export const getVapidKey = (): Promise<Result<string>> =>
  call<string>(API.vapidKey, { auth: false, pick: (b) => (b.data as { publicKey?: string } | undefined)?.publicKey });

/** `replaces`: the registration this one renews, which the server then forgets. */
export const savePushRegistration = (fcmtoken: string, replaces?: string): Promise<Result<unknown>> =>
  call(API.savePush, { method: 'POST', body: replaces ? { fcmtoken, replaces } : { fcmtoken } });

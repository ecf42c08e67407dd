// The push registration calls (docs/decisions.md D7): the server's VAPID public key, and keeping a new
// or renewed registration for the signed-in patient.
import { read, write, type Result } from './http.ts';

export const getVapidKey = (): Promise<Result<string>> => read('vapidKey', { auth: false, pick: (b) => b.data?.publicKey });

/** `replaces`: the registration this one renews, which the server then forgets. */
export const savePushRegistration = (fcmtoken: string, replaces?: string): Promise<Result<unknown>> =>
  write('savePush', replaces ? { fcmtoken, replaces } : { fcmtoken });

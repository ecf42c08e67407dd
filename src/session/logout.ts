// What the Logout button does (spec section 4): this phone stops getting the patient's
// notifications (a shared phone), the session ends on the server, then the one sign-out here.
import { logout as endOnServer } from '../api/auth.ts';
import { session } from './session.ts';

export async function logout(): Promise<void> {
  await import('../push/subscribe.ts').then((m) => m.forgetPushRegistration()).catch(() => undefined);
  await endOnServer().catch(() => undefined);
  session.signOut();
}

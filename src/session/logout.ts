// What ends a session (docs/product.md §4): the Logout button, the forced logout when the server
// refuses the patient, and a 401 on a signed-in call, which the HTTP client hands to the hook set
// below. All three are endSession: the phone is cleared at once, the token revoked and the push
// registration unlinked on the server (decisions: Ending a session). The data layer loads this
// file with its reads (data/reads.ts), so the hook is set before any signed-in call is made.
import { currentPushRegistration } from '../push/registration.ts';
import { dropPushSubscription, savedPushRegistration } from '../push/unlink.ts';
import { sessionExpired } from './expiry.ts';
import { removeProfile } from './profiles.ts';
import { session, type Credentials } from './session.ts';
import { onSessionEnded, write } from '../api/http.ts';

/**
 * Ends the session, whatever ends it: the Logout button, a 401, a profile the server refuses
 * (`forced`: the patient is told the session has ended); `ended`: another family profile's, when
 * its own token was refused (profiles.ts, data/family.ts). The phone first: local storage and the
 * session go at once, and with them the data layer's answers, in IndexedDB too. Then the server
 * revokes the token (a 401's is already invalid) and unlinks this phone's push registration from
 * the patient, and the browser drops its subscription. Resolves once the server has answered or
 * cannot be reached; never fails.
 */
export async function endSession(forced: boolean, ended: Credentials | null = session.current.value): Promise<void> {
  if (!ended) return;
  // Kept in local storage, which the sign-out clears.
  const saved = savedPushRegistration();
  // With other family profiles on the phone only this one goes (the next takes over, the patient
  // told whose session ended), and the phone keeps its push subscription for them.
  const left = removeProfile(ended, forced);
  if (left === null) return; // ended already
  if (forced && !left) sessionExpired();
  const fcmtoken = saved || (await currentPushRegistration());
  await Promise.all([
    write('logout', fcmtoken ? { fcmtoken } : {}, { base: 'login', bearer: ended.token }),
    // After the registration is read: the subscription is what it names.
    left ? undefined : dropPushSubscription(),
  ]);
}

/** The Logout button, once confirmed: the active profile, and the next one on the phone takes over. */
export const logout = (): Promise<void> => endSession(false);

/** 'Keluar dari semua profil': every profile, the active one last, so the phone ends cleared. */
export const logoutAll = (): Promise<unknown> => Promise.all([...session.others.value, session.current.value].map((p) => endSession(false, p)));

/**
 * The server says this session or patient is not valid: signed out, and told so. `refused`: the
 * profile whose token a signed-in call was refused with (a 401), else the active one.
 */
export const forcedLogout = (refused?: Credentials): Promise<void> => endSession(true, refused);

// A 401 is the server refusing that profile's token: a forced logout (docs/decisions.md D6).
onSessionEnded(forcedLogout);

// What ends a session on purpose (docs/product.md §4): the Logout button, and the forced logout when
// the server refuses the patient. Both are the HTTP client's endSession, which a 401 also takes:
// the phone is cleared at once, the token revoked and the push registration unlinked on the
// server (decisions: Ending a session).
import { endSession } from '../api/http.ts';
import { session } from './session.ts';

/** The Logout button, once confirmed: the active profile, and the next one on the phone takes over. */
export const logout = (): Promise<void> => endSession(false);

/** 'Keluar dari semua profil': every profile, the active one last, so the phone ends cleared. */
export const logoutAll = (): Promise<unknown> => Promise.all([...session.others.value, session.current.value].map((p) => endSession(false, p)));

/** The server says this session or patient is not valid: signed out, and told so. */
export const forcedLogout = (): Promise<void> => endSession(true);

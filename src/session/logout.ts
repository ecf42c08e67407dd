// What ends a session on purpose (spec section 4): the Logout button, and the forced logout when
// the server refuses the patient. Both are the HTTP client's endSession, which a 401 also takes:
// the phone is cleared at once, the token revoked and the push registration unlinked on the
// server (decisions: Ending a session).
import { endSession } from '../api/http.ts';

/** The Logout button, once confirmed. */
export const logout = (): Promise<void> => endSession(false);

/** The server says this session or patient is not valid: signed out, and told so. */
export const forcedLogout = (): Promise<void> => endSession(true);

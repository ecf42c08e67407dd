// The one HTTP client. Every failure — no network, a non-2xx answer, status false — comes back
// as one ApiError shape the screens render; a 401 on a signed-in call ends the session, here and
// on the server (endSession).
import { FetchError, ofetch } from 'ofetch';
import { API } from '../../common/paths.ts';
import { currentPushRegistration } from '../push/registration.ts';
import { dropPushSubscription, savedPushRegistration } from '../push/unlink.ts';
import { sessionExpired } from '../session/expiry.ts';
import { removeProfile } from '../session/profiles.ts';
import { session, type Credentials } from '../session/session.ts';
import { apiBase, loginBase } from './config.ts';

export type ApiErrorKind = 'offline' | 'network' | 'http' | 'status' | 'unauthorized';

export interface ApiError {
  kind: ApiErrorKind;
  httpStatus?: number;
  /** The server's own message, when it gave one. */
  message?: string;
}

export type Result<T> = { ok: true; data: T } | { ok: false; error: ApiError };

function isOk(status: unknown): boolean {
  return status === true || status === 'true';
}

function toError(err: unknown): ApiError {
  if (err instanceof FetchError && err.response) {
    const body = err.data as { message?: unknown } | undefined;
    const message = typeof body?.message === 'string' ? body.message : undefined;
    return { kind: err.response.status === 401 ? 'unauthorized' : 'http', httpStatus: err.response.status, message };
  }
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return { kind: 'offline' };
  return { kind: 'network' };
}

interface CallOptions {
  method?: 'GET' | 'POST';
  query?: Record<string, string>;
  body?: unknown;
  /** Login and registration carry no bearer token (docs/product.md §6). */
  auth?: boolean;
  base?: 'api' | 'login';
  /** Read the payload from the answer (default: the `data` field of the envelope). */
  pick?: (body: Record<string, unknown>) => unknown;
  signal?: AbortSignal;
  /**
   * The token to send when it is not the session's: logout, after the local sign-out, and another
   * family profile's reads. Its 401 ends no session here: the caller knows whose token it is.
   */
  bearer?: string;
}

export async function call<T>(path: string, opts: CallOptions = {}): Promise<Result<T>> {
  const { method = 'GET', query, body, auth = true, base = 'api', pick = (b) => b.data, signal } = opts;
  const token = opts.bearer ?? session.current.value?.token;
  try {
    const res = await ofetch<Record<string, unknown>>(path, {
      baseURL: base === 'login' ? loginBase() : apiBase(),
      method,
      query,
      body: body as Record<string, unknown> | undefined,
      headers: auth && token ? { Authorization: `Bearer ${token}` } : undefined,
      // A read is tried again once after a failed connection or a 408, 429 or 5xx; not after the
      // 20 s time-out: ofetch's retry then carries the signal the time-out aborted, so it ends at
      // once and the patient, who has waited 20 s, is offered 'Coba lagi' (test/unit/failures).
      retry: method === 'GET' ? 1 : 0,
      timeout: 20_000,
      signal,
    });
    if (res && typeof res === 'object' && 'status' in res && !isOk(res.status)) {
      return { ok: false, error: { kind: 'status', message: typeof res.message === 'string' ? res.message : undefined } };
    }
    return { ok: true, data: pick(res) as T };
  } catch (err) {
    const error = toError(err);
    // The profile whose token was refused: another may have become active while the call ran.
    const c = session.current.value;
    if (error.kind === 'unauthorized' && auth && !opts.bearer && c?.token === token) void endSession(true, c);
    return { ok: false, error };
  }
}

/**
 * Ends the session, whatever ends it: the Logout button (session/logout.ts), a 401, a profile the
 * server refuses (`forced`: the patient is told the session has ended); `ended`: another family
 * profile's, when its own token was refused (session/profiles.ts). The phone first: local
 * storage and the session go at once, and with them the data layer's answers, in IndexedDB too.
 * Then the server revokes the token (a 401's is already invalid) and unlinks this phone's push
 * registration from the patient, and the browser drops its subscription (decisions: Ending a
 * session). Here rather than in session/, since a 401 starts it and the client cannot import
 * what imports it. Resolves once the server has answered or cannot be reached; never fails.
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
    call<null>(API.logout, { method: 'POST', base: 'login', bearer: ended.token, body: fcmtoken ? { fcmtoken } : {} }),
    // After the registration is read: the subscription is what it names.
    left ? undefined : dropPushSubscription(),
  ]);
}

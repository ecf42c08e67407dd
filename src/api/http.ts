// The one HTTP client, over the browser's fetch (what ofetch did for us here — a base address, a
// query, a JSON body, a 20 s time-out, one retry of a read — in a few lines, about 3.3 KB gzipped
// less on every signed-in route; docs/performance.md). Every failure — no network, a non-2xx
// answer, status false — comes back as one ApiError shape the screens render; a 401 on a
// signed-in call ends the session, here and on the server (endSession).
import type { AnswerOf, BodyOf, DataOf, Read, Write } from '../../common/schemas/index.ts';
import { API } from '../../common/paths.ts';
import { currentPushRegistration } from '../push/registration.ts';
import { dropPushSubscription, savedPushRegistration } from '../push/unlink.ts';
import { sessionExpired } from '../session/expiry.ts';
import { removeProfile } from '../session/profiles.ts';
import { session, type Credentials } from '../session/session.ts';
import { apiBase, loginBase } from './config.ts';

type ApiErrorKind = 'offline' | 'network' | 'http' | 'status' | 'unauthorized';

export interface ApiError {
  kind: ApiErrorKind;
  httpStatus?: number;
  /** The server's own message, when it gave one. */
  message?: string;
}

/**
 * asOf: the answer is the server's copy of what the hospital's system last answered, read then (ms
 * since epoch; its X-Data-As-Of header): that system cannot be reached now (docs/integration.md).
 */
export type Result<T> = { ok: true; data: T; asOf?: number } | { ok: false; error: ApiError };

function isOk(status: unknown): boolean {
  return status === true || status === 'true';
}

/** A non-2xx answer, with its body as read (a plain object: a class would bring a helper along). */
interface HttpError {
  httpStatus: number;
  data: unknown;
}
const isHttpError = (e: unknown): e is HttpError => typeof e === 'object' && e !== null && 'httpStatus' in e;

function toError(err: unknown): ApiError {
  if (isHttpError(err)) {
    const body = err.data as { message?: unknown } | undefined;
    const message = typeof body?.message === 'string' ? body.message : undefined;
    return { kind: err.httpStatus === 401 ? 'unauthorized' : 'http', httpStatus: err.httpStatus, message };
  }
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return { kind: 'offline' };
  return { kind: 'network' };
}

const TIME_OUT_MS = 20_000;
/** Answers a busy server or a weak signal gives: a read is tried again once after them. */
const RETRY_STATUSES = [408, 409, 425, 429, 500, 502, 503, 504];

/** The X-Data-As-Of time of each answer that had one, by its body. */
const asOfBody = new WeakMap<object, number>();

/** The base address and the path joined by one slash, with the query. */
function urlOf(base: string, path: string, query?: Record<string, string>): string {
  const url = base ? `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}` : path;
  const q = query ? new URLSearchParams(query).toString() : '';
  return q ? `${url}${url.includes('?') ? '&' : '?'}${q}` : url;
}

/** The answer's body: JSON when it is JSON, else its text. */
async function bodyOf(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * One request with the 20 s time-out (and the caller's signal); a read once more after a failed
 * connection or a retry status, but not after the time-out or an abort: the patient, who has
 * waited 20 s, is offered 'Coba lagi' (test/unit/failures).
 */
async function send(url: string, init: RequestInit, retries: number, signal?: AbortSignal): Promise<unknown> {
  const timer = new AbortController();
  const abort = () => timer.abort();
  const timeout = setTimeout(abort, TIME_OUT_MS);
  if (signal?.aborted) abort();
  signal?.addEventListener('abort', abort);
  try {
    const res = await fetch(url, { ...init, signal: timer.signal });
    const data = await bodyOf(res);
    if (!res.ok) {
      if (retries > 0 && RETRY_STATUSES.includes(res.status)) return send(url, init, retries - 1, signal);
      throw { httpStatus: res.status, data } satisfies HttpError;
    }
    const asOf = Date.parse(res.headers.get('x-data-as-of') ?? '');
    if (asOf && data && typeof data === 'object') asOfBody.set(data, asOf);
    return data;
  } catch (err) {
    if (isHttpError(err) || timer.signal.aborted || retries <= 0) throw err;
    return send(url, init, retries - 1, signal);
  } finally {
    clearTimeout(timeout);
    signal?.removeEventListener('abort', abort);
  }
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
    const headers: Record<string, string> = { accept: 'application/json' };
    if (auth && token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const init: RequestInit = { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
    const res = (await send(urlOf(base === 'login' ? loginBase() : apiBase(), path, query), init, method === 'GET' ? 1 : 0, signal)) as Record<string, unknown>;
    if (res && typeof res === 'object' && 'status' in res && !isOk(res.status)) {
      return { ok: false, error: { kind: 'status', message: typeof res.message === 'string' ? res.message : undefined } };
    }
    const asOf = asOfBody.get(res);
    return asOf ? { ok: true, data: pick(res) as T, asOf } : { ok: true, data: pick(res) as T };
  } catch (err) {
    const error = toError(err);
    // The profile whose token was refused: another may have become active while the call ran.
    const c = session.current.value;
    if (error.kind === 'unauthorized' && auth && !opts.bearer && c?.token === token) void endSession(true, c);
    return { ok: false, error };
  }
}

type Options<N extends Read | Write, T> = Omit<CallOptions, 'method' | 'body' | 'pick'> & {
  /** Read the payload from the answer (default: its `data`). */
  pick?: (answer: AnswerOf<N>) => T;
};

/** A read of the contract table (common/contract.ts): its path and its answer's type come from there. */
export const read = <N extends Read, T = DataOf<N>>(name: N, opts: Options<N, T> = {}): Promise<Result<T>> => call<T>(API[name], opts as CallOptions);

/** A write of the contract table: its path, its body's type and its answer's type come from there. */
export const write = <N extends Write, T = DataOf<N>>(name: N, body: BodyOf<N>, opts: Options<N, T> = {}): Promise<Result<T>> =>
  call<T>(API[name], { ...(opts as CallOptions), method: 'POST', body });

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
    write('logout', fcmtoken ? { fcmtoken } : {}, { base: 'login', bearer: ended.token }),
    // After the registration is read: the subscription is what it names.
    left ? undefined : dropPushSubscription(),
  ]);
}

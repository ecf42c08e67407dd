// The one HTTP client, ofetch (the design card's), configured once below: the base address, the
// query, a JSON body, the 20 s time-out and one retry of a read. Every failure — no network, a
// non-2xx answer, status false — comes back as one ApiError shape the screens render; a 401 on a
// signed-in call is handed to the hook session/ gives it (onSessionEnded), which ends the session.
import { FetchError, ofetch, type FetchContext } from 'ofetch';
import type { AnswerOf, BodyOf, DataOf, Read, Write } from '../../common/schemas/index.ts';
import { API } from '../../common/paths.ts';
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

function toError(err: unknown): ApiError {
  if (err instanceof FetchError && err.response) {
    const body = err.data as { message?: unknown } | undefined;
    const message = typeof body?.message === 'string' ? body.message : undefined;
    const httpStatus = err.response.status;
    return { kind: httpStatus === 401 ? 'unauthorized' : 'http', httpStatus, message };
  }
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return { kind: 'offline' };
  return { kind: 'network' };
}

/**
 * What a 401 on a signed-in call does with the refused profile's credentials: session/logout.ts
 * sets it once, as it loads (the data layer loads it with the reads), to end that profile's
 * session. The client knows only that the server refused the token: what ending a session clears
 * and tells the server is session/'s (decisions: Ending a session). Also the live queue's 401
 * (visit.ts), which does not come through call().
 */
export let sessionEnded: ((refused: Credentials) => unknown) | undefined;

export function onSessionEnded(hook: (refused: Credentials) => unknown): void {
  sessionEnded = hook;
}

/**
 * ofetch 1.5 tries a request again with the options of the first attempt, its time-out's signal
 * among them (onError in ofetch/dist/shared/ofetch.*.mjs), and starts a timer only for a request
 * without a signal. A signal not aborted is the last attempt's, whose answer came (a 503) or whose
 * connection failed: dropped, the retry gets a 20 s time-out of its own. An aborted one is the
 * time-out's: kept, the retry ends at once, and the patient, who has waited 20 s, is offered
 * 'Coba lagi' (test/unit/failures).
 */
function ownTimeout({ options }: FetchContext): void {
  if (options.signal && !options.signal.aborted) options.signal = undefined;
}

const client = ofetch.create({
  timeout: 20_000,
  // ofetch's own default, said here: a read (GET) is tried once more after a failed connection or
  // one of these answers, which a busy server or a weak signal gives; a write (POST) never is, so
  // a booking is never sent twice.
  retryStatusCodes: [408, 409, 425, 429, 500, 502, 503, 504],
  headers: { accept: 'application/json' },
  onRequest: ownTimeout,
});

interface CallOptions {
  method?: 'GET' | 'POST';
  query?: Record<string, string>;
  body?: unknown;
  /** Login and registration carry no bearer token (docs/product.md §6). */
  auth?: boolean;
  base?: 'api' | 'login';
  /** Read the payload from the answer (default: the `data` field of the envelope). */
  pick?: (body: Record<string, unknown>) => unknown;
  /**
   * The token to send when it is not the session's: logout, after the local sign-out, and another
   * family profile's reads. Its 401 ends no session here: the caller knows whose token it is.
   */
  bearer?: string;
}

export async function call<T>(path: string, opts: CallOptions = {}): Promise<Result<T>> {
  const { method = 'GET', query, body, auth = true, base = 'api', pick = (b) => b.data } = opts;
  const token = opts.bearer ?? session.current.value?.token;
  try {
    const answer = await client.raw<Record<string, unknown>>(path, {
      baseURL: base === 'login' ? loginBase() : apiBase(),
      method,
      query,
      body: body as Record<string, unknown> | undefined,
      headers: auth && token ? { Authorization: `Bearer ${token}` } : undefined,
    });
    const res = answer._data as Record<string, unknown>;
    if (res && typeof res === 'object' && 'status' in res && !isOk(res.status)) {
      return { ok: false, error: { kind: 'status', message: typeof res.message === 'string' ? res.message : undefined } };
    }
    const asOf = Date.parse(answer.headers.get('x-data-as-of') ?? '');
    return asOf ? { ok: true, data: pick(res) as T, asOf } : { ok: true, data: pick(res) as T };
  } catch (err) {
    const error = toError(err);
    // The profile whose token was refused: another may have become active while the call ran.
    const c = session.current.value;
    if (sessionEnded && error.kind === 'unauthorized' && auth && !opts.bearer && c && c.token === token) void sessionEnded(c);
    return { ok: false, error };
  }
}

type Options<N extends Read | Write, T> = Omit<CallOptions, 'method' | 'body' | 'pick'> & {
  /** Read the payload from the answer (default: its `data`). */
  pick?: (answer: AnswerOf<N>) => T;
};

/** A read of the contract table (common/api-calls.ts): its path and its answer's type come from there. */
export const read = <N extends Read, T = DataOf<N>>(name: N, opts: Options<N, T> = {}): Promise<Result<T>> => call<T>(API[name], opts as CallOptions);

/** A write of the contract table: its path, its body's type and its answer's type come from there. */
export const write = <N extends Write, T = DataOf<N>>(name: N, body: BodyOf<N>, opts: Options<N, T> = {}): Promise<Result<T>> =>
  call<T>(API[name], { ...(opts as CallOptions), method: 'POST', body });

// The one HTTP client. Every failure — no network, a non-2xx answer, status false — comes back
// as one ApiError shape the screens render; a 401 on a signed-in call ends the session.
import { FetchError, ofetch } from 'ofetch';
import { sessionExpired } from '../session/expiry.ts';
import { session } from '../session/session.ts';
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
  /** Login and registration carry no bearer token (spec section 6). */
  auth?: boolean;
  base?: 'api' | 'login';
  /** Read the payload from the answer (default: the `data` field of the envelope). */
  pick?: (body: Record<string, unknown>) => unknown;
  signal?: AbortSignal;
}

export async function call<T>(path: string, opts: CallOptions = {}): Promise<Result<T>> {
  const { method = 'GET', query, body, auth = true, base = 'api', pick = (b) => b.data, signal } = opts;
  const token = session.current.value?.token;
  try {
    const res = await ofetch<Record<string, unknown>>(path, {
      baseURL: base === 'login' ? loginBase() : apiBase(),
      method,
      query,
      body: body as Record<string, unknown> | undefined,
      headers: auth && token ? { Authorization: `Bearer ${token}` } : undefined,
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
    if (error.kind === 'unauthorized' && auth && session.signedIn.value) {
      session.signOut();
      sessionExpired();
    }
    return { ok: false, error };
  }
}

// What a failed call counts as (decisions: Ending a session): the app's own HTTP client calls a
// real HTTP server that answers each failure a weak signal or a busy hospital server gives, and
// the data layer's unreachable() sorts the answer. A time-out, 408, 429 and 5xx are 'Koneksi
// bermasalah, coba lagi' with the session kept; a 401 is the server's refusal, which ends it.
import '../support/dom.ts';
import { cleanup, render, screen } from '@testing-library/preact';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { API } from '../../common/paths.ts';
import { call, type ApiError } from '../../src/api/http.ts';
import { unreachable } from '../../src/data/cache.ts';
import { refused } from '../../src/data/resource.ts';
// What the app loads with its reads (data/reads.ts): the hook by which a 401 ends the session.
import '../../src/session/logout.ts';
import { session } from '../../src/session/session.ts';
import { S } from '../../src/strings.ts';
import { ResourceView } from '../../src/ui/ResourceView.tsx';
import { setUrl, sleep } from '../support/dom.ts';

const TIME_OUT_MS = 20_000;

/** The hospital's server as the phone meets it: /status/N answers N, /hang never answers. */
let server: Server;
let origin = '';
let pageUrl = '';
const seen: Array<{ path: string; auth?: string }> = [];
const hanging = new Set<IncomingMessage>();
/** Resolved when a call to /hang has reached the server. */
let reached: () => void = () => undefined;

test.before(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    seen.push({ path, auth: req.headers.authorization });
    if (path === '/hang') return void (hanging.add(req), reached());
    // Busy at the first call, then silent: the read's second try waits on a time-out of its own.
    if (path === '/busy-then-hang' && seen.filter((r) => r.path === path).length > 1) return void (hanging.add(req), reached());
    if (path === '/busy-then-hang') return void res.writeHead(503).end();
    // Any other path (a call another file's timer left behind, sent to this origin) is not served here.
    const asked = /^\/status\/(\d{3})$/.exec(path);
    const status = path === API.logout ? 200 : asked ? Number(asked[1]) : 404;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ status: status === 200, message: status === 200 ? 'ok' : `Jawaban ${status}` }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The page on the server's origin, as the app on the hospital's: the calls and the logout go there.
  pageUrl = location.href;
  setUrl(`${origin}/home`);
  session.signOut();
});
test.after.each(cleanup);
test.after(async () => {
  session.signOut();
  setUrl(pageUrl);
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const A = { nomr: '00012345', birthDate: '1968-08-17' };

/** A's read of the profile through the app's client, signed in with `token`; the failure it comes back with. */
async function failedRead(path: string, token: string): Promise<ApiError> {
  session.signIn({ ...A, token });
  const res = await call<unknown>(path, { query: { nomr: A.nomr } });
  assert.not.ok(res.ok, `${path} answered`);
  return (res as { ok: false; error: ApiError }).error;
}

/** What a screen shows for a read that failed so: the failure banner, with or without the retry. */
function shown(error: ApiError): { retry: boolean } {
  render(<ResourceView resource={{ state: 'error', error, retry: () => undefined }}>{() => null}</ResourceView>);
  const retry = screen.queryByText(S.connectionProblem) !== null && screen.queryByRole('button', { name: S.retry }) !== null;
  cleanup();
  return { retry };
}

for (const status of [408, 429, 500, 502, 503, 504]) {
  test(`${status}: the server could not answer now; 'Koneksi bermasalah', and the patient stays signed in`, async () => {
    const token = `token-${status}`;
    const error = await failedRead(`/status/${status}`, token);
    assert.equal({ kind: error.kind, httpStatus: error.httpStatus }, { kind: 'http', httpStatus: status });
    assert.is(unreachable(error), true);
    assert.is(refused({ state: 'error', error }), false, 'not a refusal: home does not log out');
    assert.equal(shown(error), { retry: true });
    assert.is(session.current.value?.token, token, 'still signed in');
  });
}

/** setTimeout with the client's 20 s run fast: each such wait ends once a call has reached /hang or the second /busy-then-hang; the waits are recorded. */
async function withFastTimeOut<T>(fn: () => Promise<T>): Promise<{ result: T; waits: number[] }> {
  const real = globalThis.setTimeout;
  const waits: number[] = [];
  const atServer = new Promise<void>((resolve) => (reached = resolve));
  globalThis.setTimeout = ((f: (...a: unknown[]) => void, ms?: number, ...rest: unknown[]) => {
    if (ms !== TIME_OUT_MS) return real(f, ms, ...rest);
    waits.push(ms);
    void atServer.then(() => f(...rest));
    return real(() => undefined, 0);
  }) as typeof setTimeout;
  try {
    return { result: await fn(), waits };
  } finally {
    globalThis.setTimeout = real;
  }
}

test("the 20 s time-out, on a server that never answers: 'Koneksi bermasalah', and the patient stays signed in", async () => {
  // The client's own timer, run fast (withFastTimeOut): the test says the time-out is 20 s without
  // waiting 20 s. (ofetch tries a GET again once, but with the signal the time-out has aborted:
  // the retry ends at once, and the patient waits 20 s in all.)
  const { result: error, waits } = await withFastTimeOut(() => failedRead('/hang', 'token-hang'));
  assert.equal(waits, [TIME_OUT_MS], 'given up after 20 s');
  assert.is(seen.filter((r) => r.path === '/hang').length, 1, 'the call reached the server');
  assert.equal(error, { kind: 'network' });
  assert.is(unreachable(error), true);
  assert.is(refused({ state: 'error', error }), false);
  assert.equal(shown(error), { retry: true });
  assert.is(session.current.value?.token, 'token-hang', 'still signed in');
});

test('a read answered 503 is tried once more, with a 20 s time-out of its own', async () => {
  const { result: error, waits } = await withFastTimeOut(() => failedRead('/busy-then-hang', 'token-busy'));
  assert.is(seen.filter((r) => r.path === '/busy-then-hang').length, 2, 'asked twice');
  assert.equal(waits, [TIME_OUT_MS, TIME_OUT_MS], 'each try given 20 s');
  assert.equal(error, { kind: 'network' });
  assert.is(session.current.value?.token, 'token-busy', 'still signed in');
});

test('a write answered 503 is not sent again: a booking is never made twice', async () => {
  session.signIn({ ...A, token: 'token-write' });
  const before = seen.filter((r) => r.path === '/status/503').length;
  const res = await call<unknown>('/status/503', { method: 'POST', body: { nomr: A.nomr } });
  assert.equal(res, { ok: false, error: { kind: 'http', httpStatus: 503, message: 'Jawaban 503' } });
  assert.is(seen.filter((r) => r.path === '/status/503').length - before, 1, 'sent once');
  assert.is(session.current.value?.token, 'token-write', 'still signed in');
});

test('401: the server refuses the session; no retry offered, and the session ends here and on the server', async () => {
  const error = await failedRead('/status/401', 'token-401');
  assert.equal({ kind: error.kind, httpStatus: error.httpStatus }, { kind: 'unauthorized', httpStatus: 401 });
  assert.is(unreachable(error), false);
  assert.is(refused({ state: 'error', error }), true);
  assert.equal(shown(error), { retry: false });
  assert.is(session.current.value, null, 'signed out on the phone');
  // The token revoked on the server as with the Logout button (endSession), without waiting on it.
  for (let i = 0; i < 100 && !seen.some((r) => r.path === API.logout); i++) await sleep(10);
  assert.equal(
    seen.filter((r) => r.path === API.logout),
    [{ path: API.logout, auth: 'Bearer token-401' }],
  );
});

test('the same failures straight, as the client shapes them: offline and a network error are unreachable; status false, 400, 403 and 404 are answers', () => {
  for (const e of [{ kind: 'offline' }, { kind: 'network' }] as ApiError[]) assert.is(unreachable(e), true, e.kind);
  for (const e of [{ kind: 'status' }, { kind: 'http', httpStatus: 400 }, { kind: 'http', httpStatus: 403 }, { kind: 'http', httpStatus: 404 }] as ApiError[])
    assert.is(unreachable(e), false, `${e.kind} ${e.httpStatus ?? ''}`);
});

test.run();

// The live queue stream's bounds, on real sockets: it ends when its session ends (a logout, the
// Perangkat screen, the session's expiry), also when that happens through another server process;
// at most LIVE_MAX_PER_SESSION streams per session and LIVE_MAX_PER_ADDRESS per client address;
// and the request timeout cuts a body that trickles in, while a quiet stream stays open. On
// PostgreSQL the other process is a second app with its own pool and LISTEN; on PGlite the same app.
import { connect } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { API, CLINIC_QUEUE_EVENT } from '../../common/paths.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { openPostgres, type Db } from '../../server/db/client.ts';
import { hashToken } from '../../server/db/sessions.ts';
import { LIVE_MSG, LIVE_RETRY_SECONDS } from '../../server/live-streams.ts';
import type { Api } from '../../server/routes/route-schema.ts';
import { DEMO_A, DEMO_B, loginAs, testConfig } from '../support/app.ts';
import { ENGINE, freshDb } from '../support/db.ts';

let db: Db & { url?: string };
let otherDb: Db;
/** Holds the streams, on a real port. */
let holder: Api;
let url: string;
/** The other server process (PostgreSQL), or the same app (PGlite). */
let other: Api;

const config = (over: Partial<Config> = {}) => testConfig({ live: { maxPerSession: 3, maxPerAddress: 5 }, ...over });
const build = (database: Db, c: Config) => buildApp({ config: c, db: database, logger: false, internal: 'here' });

test.before(async () => {
  db = await freshDb();
  holder = await build(db, config());
  url = await holder.listen({ port: 0, host: '127.0.0.1' });
  otherDb = ENGINE === 'postgres' ? await openPostgres(db.url as string, 4) : db;
  other = ENGINE === 'postgres' ? await build(otherDb, config()) : holder;
  await other.ready();
});
test.after(async () => {
  if (other !== holder) await other.close();
  await holder.close();
  if (otherDb !== db) await otherDb.close();
  await db.close();
});

/** A stream (or its refusal) read from a real socket: the status, the events, and whether it has ended. */
function openStream(base: string, token: string, forwardedFor?: string) {
  const { hostname, port } = new URL(base);
  const socket = connect(Number(port), hostname);
  const via = forwardedFor ? `X-Forwarded-For: ${forwardedFor}\r\n` : '';
  socket.write(`GET ${API.clinicQueueLive} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer ${token}\r\n${via}Accept: text/event-stream\r\n\r\n`);
  let raw = '';
  let closed = false;
  let waiter: (() => void) | null = null;
  socket.on('data', (chunk: Buffer) => {
    raw += chunk.toString('latin1');
    waiter?.();
  });
  socket.on('close', () => {
    closed = true;
    waiter?.();
  });
  const head = () => (raw.includes('\r\n\r\n') ? raw.slice(0, raw.indexOf('\r\n\r\n')) : '');
  const body = () => raw.slice(raw.indexOf('\r\n\r\n') + 4);
  /** Waits until `done`; the safety limit only keeps a broken stream from hanging the suite. */
  const until = (what: string, done: () => boolean) =>
    new Promise<void>((resolve, reject) => {
      const limit = setTimeout(() => reject(new Error(`${what}: not within 20 s\n${raw.slice(0, 1500)}`)), 20_000);
      const check = () => {
        if (done()) {
          clearTimeout(limit);
          waiter = null;
          resolve();
        }
      };
      waiter = check;
      check();
    });
  const events = () => (body().match(new RegExp(`event: ${CLINIC_QUEUE_EVENT}\\n`, 'g')) ?? []).length;
  const status = () => Number(/^HTTP\/1\.1 (\d{3})/.exec(head())?.[1] ?? 0);
  return {
    status,
    head,
    body,
    /** The first event came: the stream is open. */
    opened: () => until('the first event', () => events() >= 1),
    /** The answer's head came (a refusal's, or a stream's). */
    answered: () => until('an answer', () => status() > 0 && (status() !== 200 || events() >= 1)),
    /** The server ended it: the chunked body's last chunk, or the connection closed. */
    ended: () => until('the end of the stream', () => closed || body().endsWith('0\r\n\r\n')),
    until,
    close: () => socket.destroy(),
  };
}
type Stream = ReturnType<typeof openStream>;

async function streamOf(token: string): Promise<Stream> {
  const s = openStream(url, token);
  await s.opened();
  return s;
}

const post = (app: Api, path: string, token: string, payload?: object) =>
  app.inject({ method: 'POST', url: path, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

test(`[${ENGINE}] a logout through another process ends the stream this one holds; a logout through this one too`, async () => {
  const token = await loginAs(holder, DEMO_A);
  const stream = await streamOf(token);
  assert.is((await post(other, API.logout, token)).statusCode, 200);
  await stream.ended();
  stream.close();
  const again = await loginAs(holder, DEMO_A);
  const second = await streamOf(again);
  assert.is((await post(holder, API.logout, again)).statusCode, 200);
  await second.ended();
  second.close();
});

test(`[${ENGINE}] a session ended from the Perangkat screen of another phone ends its stream`, async () => {
  const phone = await loginAs(holder, DEMO_B);
  const mine = await loginAs(other, DEMO_B);
  const stream = await streamOf(phone);
  const list = await other.inject({ url: API.devices, headers: { authorization: `Bearer ${mine}` } });
  const ids = (list.json().data.sessions as Array<{ id: string; current: boolean }>).filter((s) => !s.current).map((s) => s.id);
  for (const id of ids) assert.is((await post(other, API.sessionEnd, mine, { id })).statusCode, 200);
  await stream.ended();
  stream.close();
  // The phone that ended it keeps its own stream.
  const own = await streamOf(mine);
  assert.is(own.status(), 200);
  own.close();
});

test(`[${ENGINE}] a session ended by a login past SESSION_MAX_PER_PATIENT, on another process, ends its stream`, async () => {
  const capped = await build(otherDb, config({ sessionMaxPerPatient: 1 }));
  try {
    const stream = await streamOf(await loginAs(holder, DEMO_B));
    const newest = await loginAs(capped, DEMO_B);
    await stream.ended();
    stream.close();
    const own = await streamOf(newest);
    assert.is(own.status(), 200);
    own.close();
  } finally {
    await capped.close();
  }
});

test(`[${ENGINE}] a session that expires ends its stream: at its expiry, and when its expiry is brought forward`, async () => {
  const token = await loginAs(holder, DEMO_A);
  // Expiring in 2 seconds before the stream opens: no word will come, the stream knows the time.
  await db.query(`UPDATE sessions SET expires_at = now() + interval '2 seconds' WHERE token_hash = $1`, [hashToken(token)]);
  const stream = await streamOf(token);
  await stream.ended();
  stream.close();
  const later = await loginAs(holder, DEMO_A);
  const open = await streamOf(later);
  await otherDb.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [hashToken(later)]);
  await open.ended();
  open.close();
});

test(`[${ENGINE}] at most 3 streams per session and 5 per address: the next one is a 429 with Retry-After and a message; a closed one frees its place`, async () => {
  const token = await loginAs(holder, DEMO_A);
  const streams = [await streamOf(token), await streamOf(token), await streamOf(token)];
  const fourth = openStream(url, token);
  await fourth.answered();
  assert.is(fourth.status(), 429);
  assert.match(fourth.head(), new RegExp(`\\r\\nretry-after: ${LIVE_RETRY_SECONDS}\\r\\n`, 'i'));
  assert.is(JSON.parse(fourth.body()).message, LIVE_MSG.perSession);
  fourth.close();
  // Another session of the same address: two more, then the address is full.
  const second = await loginAs(holder, DEMO_B);
  streams.push(await streamOf(second), await streamOf(second));
  const sixth = openStream(url, await loginAs(holder, DEMO_B));
  await sixth.answered();
  assert.is(sixth.status(), 429);
  assert.is(JSON.parse(sixth.body()).message, LIVE_MSG.perAddress);
  sixth.close();
  // Closing one: its place comes back once the server has seen the connection go.
  streams.shift()?.close();
  let next = openStream(url, token);
  await next.answered();
  while (next.status() === 429) {
    next.close();
    await new Promise((r) => setTimeout(r, 20));
    next = openStream(url, token);
    await next.answered();
  }
  assert.is(next.status(), 200);
  next.close();
  for (const s of streams) s.close();
});

test(`[${ENGINE}] the per-address limit counts an IPv6 client by its /64 and an IPv4-mapped address as its IPv4 address, as the login's throttle does`, async () => {
  // Behind a proxy, X-Forwarded-For names the client: each stream may claim a fresh address.
  const proxied = await build(db, config({ security: { ...loadConfig({}).security, trustProxy: true } }));
  const base = await proxied.listen({ port: 0, host: '127.0.0.1' });
  const held: Stream[] = [];
  const open = async (token: string, from: string) => {
    const s = openStream(base, token, from);
    held.push(s);
    await s.answered();
    return s.status();
  };
  const refusedForAddress = async (token: string, from: string) => {
    const s = openStream(base, token, from);
    await s.answered();
    s.close();
    return s.status() === 429 && JSON.parse(s.body()).message === LIVE_MSG.perAddress;
  };
  try {
    const [a, b] = [await loginAs(proxied, DEMO_A), await loginAs(proxied, DEMO_B)];
    // Five addresses of one /64 (a phone's privacy addresses): one client, full at 5.
    for (const [i, token] of [a, a, a, b, b].entries()) assert.is(await open(token, `2001:db8:7:1::${i + 1}`), 200);
    assert.ok(await refusedForAddress(b, '2001:db8:7:1:ffff:1:2:3'));
    // Another /64 is another client.
    assert.is(await open(b, '2001:db8:7:2::1'), 200);
    // 192.0.2.7 written plain, IPv4-mapped and IPv4-mapped in hex: one client.
    const [c, d] = [await loginAs(proxied, DEMO_A), await loginAs(proxied, DEMO_B)];
    for (const [token, from] of [
      [c, '192.0.2.7'],
      [c, '::ffff:192.0.2.7'],
      [c, '::FFFF:192.0.2.7'],
      [d, '::ffff:c000:207'],
      [d, '192.0.2.7'],
    ])
      assert.is(await open(token, from), 200, from);
    assert.ok(await refusedForAddress(d, '::ffff:192.0.2.7'));
    assert.ok(await refusedForAddress(d, '192.0.2.7'));
  } finally {
    for (const s of held) s.close();
    await proxied.close();
  }
});

test(`[${ENGINE}] a body that trickles in is cut at REQUEST_TIMEOUT_SECONDS (408), while a stream quiet for longer than CONNECTION_TIMEOUT_SECONDS stays open`, async () => {
  const quick = await build(db, config({ timeouts: { requestMs: 1000, connectionMs: 2000 }, visit: { ...loadConfig({}).visit, heartbeatSeconds: 3 } }));
  const base = await quick.listen({ port: 0, host: '127.0.0.1' });
  const { port } = new URL(base);
  const socket = connect(Number(port), '127.0.0.1');
  try {
    let raw = '';
    socket.on('data', (c: Buffer) => (raw += c.toString('latin1')));
    const closed = new Promise<void>((resolve, reject) => {
      const limit = setTimeout(() => reject(new Error('the trickling request was never cut (20 s)')), 20_000);
      socket.on('close', () => (clearTimeout(limit), resolve()));
    });
    socket.write(`POST ${API.login} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"medical`);
    await closed;
    assert.match(raw, /^HTTP\/1\.1 408/);
    // The stream: silent for 3 s between its first event and the heartbeat, past the 2 s connection timeout.
    const stream = openStream(base, await loginAs(quick, DEMO_A));
    await stream.opened();
    await stream.until('a heartbeat after 3 quiet seconds', () => stream.body().includes(':\n\n'));
    assert.not.ok(stream.body().endsWith('0\r\n\r\n'));
    stream.close();
  } finally {
    // Closing waits for requests in flight: one never cut would hold it.
    socket.destroy();
    await quick.close();
  }
});

test.run();

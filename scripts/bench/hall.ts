// The waiting hall: N phones holding the live clinic queue (GET /api/patient/antrian/poli/live,
// Server-Sent Events with the bearer header, as the app reads it), a doctor's session of them
// called number after number through the hospital's internal call, and how long each call takes
// to reach every phone of that session; the server process's resident memory, read from
// /proc/<pid>/status, with all of them open. Phones of other sessions must hear nothing.
// `hall()` runs it against a server that is up; the smoke test and `npm run bench` call it.
// A server counts a client address's open streams (LIVE_MAX_PER_ADDRESS, default 200): 5,000 phones
// from one address would be 200 phones and 4,800 refusals. With `phonesPerAddress` the phones come
// as through a reverse proxy that names each one's address in X-Forwarded-For, that many to an
// address; the server must believe its proxy (TRUST_PROXY, docs/deployment.md: A waiting hall
// behind one address).
import { readFileSync, writeFileSync } from 'node:fs';
import { request, type ClientRequest } from 'node:http';
import { API, CLINIC_QUEUE_EVENT } from '../../common/paths.ts';
import type { Db } from '../../server/db/client.ts';
import { todayQueues, type BenchPatient } from './fixtures.ts';
import { latencyOf, type Latency } from './open-loop.ts';

export interface HallOptions {
  url: string;
  /** The listener of /api/internal/* and its service token. */
  internalUrl: string;
  internalToken: string;
  db: Db;
  /** The phones, signed in; each gets a place in today's queue, `sessionSize` to a doctor's session. */
  people: BenchPatient[];
  sessionSize: number;
  /** Numbers called in the first session, one after another, each once every phone has it. */
  calls: number;
  /** The server's process id, for its memory. */
  pid: number;
  /** Streams opened at once while connecting. */
  connectBatch?: number;
  /** Phones to each client address named in X-Forwarded-For (unset: no header, all from the socket's one address). */
  phonesPerAddress?: number;
}

export interface Memory {
  rssMb: number;
  peakMb: number;
}

export interface HallResult {
  phones: number;
  /** Client addresses the phones came from (1: the socket's own). */
  addresses: number;
  connected: number;
  /** Streams refused or lost before their first event, by status or error. */
  refused: Record<string, number>;
  connectSeconds: number;
  memory: { before: Memory; connected: Memory; after: Memory };
  /** Whether the peak counts from the hall's start (else from the process's). */
  peakReset: boolean;
  sessionPhones: number;
  calls: number;
  /** Phone × call pairs where the phone got the called number. */
  delivered: number;
  missing: number;
  /** From sending the internal call to each phone of the session getting the number (ms). */
  latency: Latency;
  /** Events reaching phones of other sessions while the calls were made (none expected). */
  crossTalk: number;
}

/** VmRSS and VmHWM (the peak) of a process, in MB. */
export function memoryOf(pid: number): Memory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMb: Math.round(kb('VmRSS') / 102.4) / 10, peakMb: Math.round(kb('VmHWM') / 102.4) / 10 };
}

/** Starts the process's peak (VmHWM) afresh, where the kernel lets us: the hall's own peak, not an earlier load's. */
export function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

export interface QueueItem {
  no_reg: string;
  no_dipanggil: number | null;
}

/**
 * One phone's live clinic queue (`GET antrian/poli/live`, Server-Sent Events with the bearer
 * header): each queue state to `items`, and why the stream ended to `end` (an HTTP status,
 * 'ended', 'closed' or the socket's error; it may be told more than once).
 */
export function followQueue(
  url: string,
  person: BenchPatient,
  on: { items: (items: QueueItem[]) => void; end: (why: string) => void },
  forwardedFor?: string,
): ClientRequest {
  const { hostname, port } = new URL(url);
  const headers: Record<string, string> = { authorization: `Bearer ${person.token}`, accept: 'text/event-stream' };
  if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
  const req = request(
    {
      agent: false,
      hostname,
      port,
      path: `${API.clinicQueueLive}?nomr=${person.nomr}&tgllahir=${person.tgl_lahir}`,
      headers,
    },
    (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        return on.end(String(res.statusCode));
      }
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const lines = buffer.slice(0, end).split('\n');
          buffer = buffer.slice(end + 2);
          const data = lines.find((l) => l.startsWith('data: '));
          if (!lines.includes(`event: ${CLINIC_QUEUE_EVENT}`) || !data) continue;
          on.items((JSON.parse(data.slice(6)) as { data: QueueItem[] }).data);
        }
      });
      res.on('end', () => on.end('ended'));
      res.on('error', (err: NodeJS.ErrnoException) => on.end(err.code ?? err.message));
      res.on('close', () => on.end('closed'));
    },
  );
  req.on('error', (err: NodeJS.ErrnoException) => on.end(err.code ?? err.message));
  req.end();
  return req;
}

interface Phone {
  person: BenchPatient;
  /** The client address a proxy names for it, if any. */
  address?: string;
  no_reg: string;
  events: Array<{ at: number; items: QueueItem[] }>;
  req?: ClientRequest;
  wake?: () => void;
}

/** Opens a phone's stream; resolves with its first event, or with why there was none. */
function connect(url: string, phone: Phone): Promise<string | null> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (why: string | null) => {
      if (!settled) {
        settled = true;
        resolve(why);
      }
    };
    phone.req = followQueue(
      url,
      phone.person,
      {
        items: (items) => {
          phone.events.push({ at: performance.now(), items });
          settle(null);
          phone.wake?.();
        },
        end: settle,
      },
      phone.address,
    );
  });
}

/** When the phone first got an event, from its `from`-th on, showing number `n` called on its own entry. */
const arrival = (phone: Phone, from: number, n: number): number | null =>
  phone.events.slice(from).find((e) => e.items.some((it) => it.no_reg === phone.no_reg && it.no_dipanggil === n))?.at ?? null;

/** Waits until `done` holds for the phone, or until `limitMs` (a broken stream must not hang the run). */
function until(phone: Phone, done: () => boolean, limitMs: number): Promise<boolean> {
  if (done()) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      phone.wake = undefined;
      resolve(false);
    }, limitMs);
    phone.wake = () => {
      if (!done()) return;
      clearTimeout(timer);
      phone.wake = undefined;
      resolve(true);
    };
  });
}

/** The k-th client address of the hall: 10.0.0.0/8 (private, so no real one), 10.0.0.1 first. */
export const addressOf = (k: number) => `10.${(k + 1) >> 16}.${((k + 1) >> 8) & 255}.${(k + 1) & 255}`;

export async function hall(o: HallOptions): Promise<HallResult> {
  const queues = await todayQueues(o.db, o.people, o.sessionSize, `HL${Date.now().toString(36)}-`);
  const regOf = new Map<string, string>();
  for (const s of queues) for (const [k, nomr] of s.nomrs.entries()) regOf.set(nomr, s.no_regs[k]);
  const per = o.phonesPerAddress;
  const phones: Phone[] = o.people.map((person, k) => ({
    person,
    address: per ? addressOf(Math.floor(k / per)) : undefined,
    no_reg: regOf.get(person.nomr) as string,
    events: [],
  }));
  const session = phones.slice(0, queues[0].no_regs.length);
  const others = phones.slice(session.length);
  const peakReset = resetPeak(o.pid);
  const before = memoryOf(o.pid);

  const refused: Record<string, number> = {};
  const started = performance.now();
  const batch = o.connectBatch ?? 200;
  for (let i = 0; i < phones.length; i += batch) {
    const whys = await Promise.all(phones.slice(i, i + batch).map((p) => connect(o.url, p)));
    for (const why of whys) if (why) refused[why] = (refused[why] ?? 0) + 1;
  }
  const connectSeconds = (performance.now() - started) / 1000;
  const connected = memoryOf(o.pid);

  const times: number[] = [];
  let missing = 0;
  const othersBefore = others.map((p) => p.events.length);
  let after: Memory;
  try {
    for (let k = 1; k <= o.calls; k++) {
      const marks = session.map((p) => p.events.length);
      const sent = performance.now();
      const res = await fetch(`${o.internalUrl}/api/internal/antrian/poli/panggil`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${o.internalToken}` },
        body: JSON.stringify({ no_reg: queues[0].no_regs[k - 1] }),
      });
      if (res.status !== 200) throw new Error(`the call of number ${k} answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
      await Promise.all(session.map((p, j) => until(p, () => arrival(p, marks[j], k) !== null, 30_000)));
      session.forEach((p, j) => {
        const at = arrival(p, marks[j], k);
        if (at === null) missing++;
        else times.push(at - sent);
      });
    }
    after = memoryOf(o.pid);
  } finally {
    for (const p of phones) p.req?.destroy();
  }
  return {
    phones: phones.length,
    addresses: per ? Math.ceil(phones.length / per) : 1,
    connected: phones.length - Object.values(refused).reduce((a, b) => a + b, 0),
    refused,
    connectSeconds: Math.round(connectSeconds * 10) / 10,
    memory: { before, connected, after },
    peakReset,
    sessionPhones: session.length,
    calls: o.calls,
    delivered: times.length,
    missing,
    latency: latencyOf(times),
    crossTalk: others.reduce((n, p, j) => n + p.events.length - othersBefore[j], 0),
  };
}

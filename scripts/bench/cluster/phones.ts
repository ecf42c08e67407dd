// Phones on the live queue through nginx, reconnecting as the app does, and what they saw.
import type { ClientRequest } from 'node:http';
import type { BenchPatient } from '../fixtures.ts';
import { followQueue } from '../hall.ts';

interface Conn {
  opened: number;
  first: number | null;
  closed: number | null;
  end: string | null;
}

export interface Phone {
  person: BenchPatient;
  no_reg: string;
  session: number;
  /** Each queue state the phone got: the number its session had called; `first`: a stream's first event. */
  events: Array<{ at: number; called: number | null; first: boolean }>;
  conns: Conn[];
  failures: number;
  req: ClientRequest | null;
  timer: ReturnType<typeof setTimeout> | null;
  stopped: boolean;
}

/**
 * The app's wait before reconnecting (src/data/visit.ts): 1–3 s after a healthy stream (an event,
 * and open for a minute), else 2, 4, 8 … 60 s, each less a random part of up to half.
 */
function reconnectDelay(failures: number): number {
  if (failures === 0) return 1000 + Math.random() * 2000;
  return Math.min(60_000, 2 ** failures * 1000) * (1 - Math.random() / 2);
}

export function openStream(url: string, phone: Phone): void {
  const conn: Conn = { opened: performance.now(), first: null, closed: null, end: null };
  phone.conns.push(conn);
  let done = false;
  const finish = (why: string) => {
    if (done) return;
    done = true;
    conn.closed = performance.now();
    conn.end = why;
    phone.req = null;
    if (phone.stopped) return;
    const healthy = conn.first !== null && conn.closed - conn.opened >= 60_000;
    phone.failures = healthy ? 0 : phone.failures + 1;
    phone.timer = setTimeout(() => openStream(url, phone), reconnectDelay(phone.failures));
  };
  phone.req = followQueue(url, phone.person, {
    items: (items) => {
      const at = performance.now();
      phone.events.push({ at, called: items.find((it) => it.no_reg === phone.no_reg)?.no_dipanggil ?? null, first: conn.first === null });
      conn.first ??= at;
    },
    end: finish,
  });
}

export function stopPhone(phone: Phone): void {
  phone.stopped = true;
  if (phone.timer) clearTimeout(phone.timer);
  phone.req?.destroy();
}

export async function waitFor(done: () => boolean, limitMs: number): Promise<boolean> {
  const deadline = performance.now() + limitMs;
  while (!done()) {
    if (performance.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

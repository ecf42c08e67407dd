// A live stream read from a real socket, as a phone holds it: its events, and every byte after
// the headers (the server tests of the live queue).
import { connect } from 'node:net';
import { CLINIC_QUEUE_EVENT, PHARMACY_QUEUE_EVENT } from '../../common/paths.ts';

/** Reads an event stream from a real socket: its events' data, and every byte after the headers. */
export function openStream(url: string, token: string) {
  const { hostname, port, pathname } = new URL(url);
  const socket = connect(Number(port), hostname);
  socket.write(
    `GET ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer ${token}\r\nAccept: text/event-stream\r\nAccept-Encoding: gzip, br\r\n\r\n`,
  );
  let raw = '';
  let waiter: (() => void) | null = null;
  socket.on('data', (chunk: Buffer) => {
    raw += chunk.toString('latin1');
    waiter?.();
  });
  const body = () => raw.slice(raw.indexOf('\r\n\r\n') + 4);
  /** Waits until the body satisfies `done`; the safety limit only keeps a broken stream from hanging the suite. */
  const until = (done: (body: string) => boolean) =>
    new Promise<void>((resolve, reject) => {
      const limit = setTimeout(() => reject(new Error(`stream stalled:\n${raw.slice(0, 2000)}`)), 20_000);
      const check = () => {
        if (raw.includes('\r\n\r\n') && done(body())) {
          clearTimeout(limit);
          waiter = null;
          resolve();
        }
      };
      waiter = check;
      check();
    });
  const named = (name: string) => () =>
    [...body().matchAll(new RegExp(`event: ${name}\\ndata: (.*)\\n\\n`, 'g'))].map(
      (m) => JSON.parse(m[1]) as { status: true; data: Array<Record<string, unknown>> },
    );
  const events = named(CLINIC_QUEUE_EVENT);
  const pharmacy = named(PHARMACY_QUEUE_EVENT);
  return { head: () => raw.slice(0, raw.indexOf('\r\n\r\n')), body, until, events, pharmacy, close: () => socket.destroy() };
}

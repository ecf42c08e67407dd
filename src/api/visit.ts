// The visit day's calls (the reference API's additions, decisions: the visit day): check-in, and
// the clinic queue as a stream of Server-Sent Events. The stream is read with fetch() rather than
// EventSource, which cannot send the bearer token.
import { API, CLINIC_QUEUE_EVENT, PHARMACY_QUEUE_EVENT } from '../../common/paths.ts';
import type { CheckedIn, CheckinRequest, ClinicQueueItem, PharmacyQueueItem } from '../../common/schemas/index.ts';
import { session } from '../session/session.ts';
import { apiBase } from './config.ts';
import { sessionEnded, write, type Result } from './http.ts';
import { patientQuery } from './query.ts';

export const checkIn = (req: CheckinRequest): Promise<Result<CheckedIn>> => write('checkin', req);

/** How a stream ended. */
export type StreamEnd =
  /** The server closed it (its time limit, a restart), after `events` events. */
  | { kind: 'ended'; events: number }
  /** This API has no live queue (a hospital API with the spec's calls only). */
  | { kind: 'absent' }
  /** The token is no longer valid: the session has been ended. */
  | { kind: 'unauthorized' }
  /** No network, a 5xx, or nothing heard for `silenceMs` (a connection dropped unseen). */
  | { kind: 'failed'; events: number }
  /** Stopped by the caller. */
  | { kind: 'aborted' };

export interface StreamOptions {
  signal: AbortSignal;
  /** The reference API sends a comment line every 25 s (LIVE_HEARTBEAT_SECONDS). */
  silenceMs?: number;
  /** The pharmacy queue's states, where the stream carries them (the reference API's does). */
  onPharmacy?: (items: PharmacyQueueItem[]) => void;
}

/** Opens the live queue; `onQueue` gets each state of it, the first at once. Resolves when it ends. */
export async function streamClinicQueue(
  onQueue: (items: ClinicQueueItem[]) => void,
  { signal, silenceMs = 90_000, onPharmacy }: StreamOptions,
): Promise<StreamEnd> {
  const token = session.current.value?.token;
  if (!token || signal.aborted) return { kind: 'aborted' };
  const url = new URL(API.clinicQueueLive, apiBase());
  for (const [k, v] of Object.entries(patientQuery())) url.searchParams.set(k, v);
  const own = new AbortController();
  const abort = () => own.abort();
  signal.addEventListener('abort', abort);
  let silence: ReturnType<typeof setTimeout> | undefined;
  const heard = () => {
    clearTimeout(silence);
    silence = setTimeout(abort, silenceMs);
  };
  let events = 0;
  try {
    heard();
    // Low priority: a stream that stays open is nothing the screen waits for, so on a slow line it
    // does not go ahead of the screen's own calls and scripts (nor do tools that wait for the
    // page's important requests to end, such as Lighthouse, wait for it).
    const res = await fetch(url, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
      cache: 'no-store',
      priority: 'low',
      signal: own.signal,
    });
    if (res.status === 401) {
      const c = session.current.value;
      if (c?.nomr) void sessionEnded?.(c);
      return { kind: 'unauthorized' };
    }
    // An API without the call answers 404 (or 405/501), or a page that is not a stream.
    if ([404, 405, 501].includes(res.status) || (res.ok && !res.headers.get('content-type')?.startsWith('text/event-stream'))) return { kind: 'absent' };
    if (!res.ok || !res.body) return { kind: 'failed', events };
    const reader = res.body.getReader();
    const parse = eventParser((name, data) => {
      if (name !== CLINIC_QUEUE_EVENT && name !== PHARMACY_QUEUE_EVENT) return;
      const body = JSON.parse(data) as { status?: unknown; data?: unknown };
      if (body.status !== true || !Array.isArray(body.data)) return;
      events++;
      if (name === CLINIC_QUEUE_EVENT) onQueue(body.data as ClinicQueueItem[]);
      else onPharmacy?.(body.data as PharmacyQueueItem[]);
    });
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { kind: 'ended', events };
      heard();
      parse(value);
    }
  } catch {
    return signal.aborted ? { kind: 'aborted' } : { kind: 'failed', events };
  } finally {
    clearTimeout(silence);
    signal.removeEventListener('abort', abort);
    own.abort();
  }
}

/** The text/event-stream format (WHATWG HTML 9.2): events end at a blank line; comments start with ':'. */
export function eventParser(onEvent: (name: string, data: string) => void): (chunk: Uint8Array) => void {
  const decoder = new TextDecoder();
  let buffer = '';
  // A '\r' at a chunk's end may be half of a '\r\n'.
  let carry = '';
  return (chunk) => {
    let text = carry + decoder.decode(chunk, { stream: true });
    carry = text.endsWith('\r') ? '\r' : '';
    if (carry) text = text.slice(0, -1);
    buffer += text.replace(/\r\n?/g, '\n');
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let name = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (!line || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') name = value;
        else if (field === 'data') data.push(value);
      }
      if (data.length) onEvent(name, data.join('\n'));
      end = buffer.indexOf('\n\n');
    }
  };
}

// What the cluster run sets up before it measures: the FCM stand-in's recording, the mix's
// patients and bookings through nginx, and a service account for the stand-in.
import { generateKeyPairSync } from 'node:crypto';
import { API } from '../../../common/paths.ts';
import { loadConfig } from '../../../server/config.ts';
import type { Db } from '../../../server/db/client.ts';
import type { pushEndpoint } from '../../../test/support/push.ts';
import { clinicSlots, patientsWithSessions, setSeats, todayQueues } from '../fixtures.ts';
import { bookingBody, type MixSetup } from '../realistic-mix.ts';

/** Each push the stand-in receives, by delivery (notification id and token): when, and from which process. */
export type Receipts = Map<string, Array<{ at: number; by: string }>>;

/**
 * The FCM stand-in answers the OAuth token, then each message, recorded with when it came. Each
 * process has its own path on the stand-in (FCM_ENDPOINT), so a receipt names its sender.
 */
export function recordPushes(standIn: Awaited<ReturnType<typeof pushEndpoint>>): Receipts {
  const receipts = new Map<string, Array<{ at: number; by: string }>>();
  standIn.route((r) => {
    if (r.url === '/token') return { status: 200, body: JSON.stringify({ access_token: 'bench-access-token', expires_in: 3600 }) };
    if (!r.url.endsWith('/messages:send')) return null;
    const { message } = JSON.parse(r.body.toString('utf8')) as { message: { token: string; data: { id: string } } };
    const key = `${message.data.id}|${message.token}`;
    receipts.set(key, [...(receipts.get(key) ?? []), { at: performance.now(), by: r.url.split('/')[1] }]);
    return { status: 200, body: JSON.stringify({ name: `projects/pasien-bench/messages/${receipts.size}` }) };
  });
  return receipts;
}

export async function post(
  url: string,
  body: unknown,
  token: string,
): Promise<{ status: number; body: { status?: boolean; data?: Record<string, unknown>; message?: string } }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { status?: boolean; data?: Record<string, unknown> } };
}

/** As load.ts's mix: signed in, in today's queue, seats to spare, 100 booked already (through nginx). */
export async function mixSetup(db: Db, url: string, first: number, count: number): Promise<MixSetup> {
  const people = await patientsWithSessions(db, String(first), count, loadConfig({}));
  const queues = await todayQueues(db, people, 100, `CM${Date.now().toString(36)}-`);
  const slots = await clinicSlots(db, '20001', 1, 27);
  await setSeats(db, slots, 4000);
  const booked: MixSetup['booked'] = [];
  for (const [k, person] of people.slice(0, 100).entries()) {
    const r = await post(`${url}${API.book}`, bookingBody(person, slots[(k + 7) % slots.length]), person.token);
    if (!r.body.status || typeof r.body.data?.no_reg !== 'string') throw new Error(`a booking for the mix was refused: ${r.status} ${r.body.message}`);
    booked.push({ no_reg: r.body.data.no_reg, person });
  }
  return { people, queues, slots, booked };
}

export function fcmAccount(standIn: string): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return JSON.stringify({
    project_id: 'pasien-bench',
    client_email: 'bench@pasien-bench.iam.gserviceaccount.com',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    token_uri: `${standIn}/token`,
  });
}

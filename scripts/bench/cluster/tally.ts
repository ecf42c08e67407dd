// What the cluster run found afterwards: what the phones saw, the bookings kept, the pushes sent.
import type { Db } from '../../../server/db/client.ts';
import type { Phone } from './phones.ts';
import { type ClusterResult, LEASE_SECONDS, POLL_MS } from './plan.ts';
import type { Receipts } from './setup.ts';

/** Phone × call pairs: seen, missed only while reconnecting (its next stream opened on a later number), or lost; and the delays. */
export function tallyPhones(phones: Phone[], rounds: number, calledAt: number[][], killPerf: number) {
  let seen = 0;
  let superseded = 0;
  let lost = 0;
  const callToPhone: number[] = [];
  for (const p of phones) {
    for (let k = 1; k <= rounds; k++) {
      const hit = p.events.find((e) => e.called === k);
      if (hit) {
        seen++;
        if (!hit.first) callToPhone.push(hit.at - calledAt[p.session][k]);
        continue;
      }
      const next = p.events.find((e) => e.at >= calledAt[p.session][k]);
      if (next?.first && (next.called ?? 0) > k) superseded++;
      else lost++;
    }
  }
  const cut = phones.filter((p) => p.conns.some((c) => c.closed !== null && c.closed >= killPerf && c.closed < killPerf + 5000));
  const reconnect = cut.map((p) => (p.events.find((e) => e.first && e.at > killPerf)?.at ?? Number.NaN) - killPerf).filter((x) => !Number.isNaN(x));
  return { seen, superseded, lost, callToPhone, reconnect };
}

/** Each acknowledged booking in the database; of those that failed (5xx or no answer), the ones made nonetheless. */
export async function bookingsKept(db: Db, acknowledged: string[], failedBookings: Array<Record<string, unknown>>) {
  const [{ n: found }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM appointments WHERE no_reg = ANY($1::text[])', [acknowledged]);
  let failedCommitted = 0;
  for (const f of failedBookings) {
    const rows = await db.query(
      `SELECT 1 FROM appointments a JOIN practice_schedules s ON s.id = a.schedule_id
        WHERE a.nomr = $1 AND a.tgl_janji = $2 AND s.kd_dr = $3 AND s.sts_jam = $4 AND a.cancelled_at IS NULL`,
      [f.nomr, f.tgl_janji, f.kd_dr, f.sts_jam],
    );
    if (rows.length) failedCommitted++;
  }
  return { found, failedCommitted };
}

/** Waits for the push queue to empty (a claim of the dead process waits out its lease), then counts sends and receipts. */
export async function pushOutcome(db: Db, pushBase: number, receipts: Receipts, killPerf: number): Promise<ClusterResult['push']> {
  const pending = async () =>
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM push_deliveries WHERE notification_id > $1 AND status = 'pending'`, [pushBase]))[0].n;
  const deadline = performance.now() + (LEASE_SECONDS + 40) * 1000;
  while ((await pending()) > 0 && performance.now() < deadline) await new Promise((r) => setTimeout(r, 250));
  await new Promise((r) => setTimeout(r, 2 * POLL_MS)); // a second send, were there one, has time to arrive
  const deliveries = await db.query<{ key: string; status: string; attempts: number }>(
    `SELECT d.notification_id || '|' || r.token AS key, d.status, d.attempts FROM push_deliveries d
       JOIN push_registrations r ON r.id = d.registration_id WHERE d.notification_id > $1`,
    [pushBase],
  );
  const [{ n: notificationRows }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM notifications WHERE id > $1', [pushBase]);
  const allReceipts = [...receipts.values()].flat().map((x) => x.at);
  const attemptsOf = new Map(deliveries.map((d) => [d.key, d.attempts]));
  const toKill = (at: number) => Math.round((at - killPerf) / 100) / 10;
  const twice = [...receipts.entries()]
    .filter(([, xs]) => xs.length > 1)
    .map(([key, xs]) => ({
      attempts: attemptsOf.get(key) ?? 0,
      sends: xs.map((x) => ({ by: x.by === 'a' ? ('killed' as const) : ('other' as const), atS: toKill(x.at) })),
    }));
  const sentBy = (by: string) => [...receipts.values()].flat().filter((x) => x.by === by).length;
  return {
    notifications: notificationRows,
    deliveries: deliveries.length,
    sent: deliveries.filter((d) => d.status === 'sent').length,
    unsent: deliveries.filter((d) => d.status !== 'sent').length,
    received: allReceipts.length,
    duplicates: [...receipts.values()].reduce((n, xs) => n + xs.length - 1, 0),
    twice,
    byProcess: [sentBy('a'), sentBy('b')],
    takenOver: deliveries.filter((d) => d.status === 'sent' && d.attempts > 1).length,
    lastReceivedS: allReceipts.length ? Math.round((Math.max(...allReceipts) - killPerf) / 100) / 10 : 0,
  };
}

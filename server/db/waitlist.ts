// The waiting list of a full dated session and the offers of a freed seat (migration 028,
// docs/leave.md). A freed seat stays counted in the session's quota_terisi while it is offered,
// so nobody else can book it; the offer is a row, so a restart loses none. Every step runs in
// the transaction that freed, lapsed or took the seat, under the session counter's row lock:
// one seat is offered to one patient at a time, whatever number of server processes.
import { formatClock } from '../../common/dates.ts';
import { HOME } from '../../common/routes.ts';
import type { WaitlistEntry } from '../../common/schemas/leave.ts';
import { offerNotice, offerNoticeParams } from '../domain/leave-notice.ts';
import type { Db, Queryable } from './client.ts';
import { deliver } from './deliver.ts';
import { wibText } from './wib.ts';

interface Next {
  id: number;
  nomr: string;
  hold_minutes: number;
}

/**
 * Offers the seat `seat` (null: a newly freed one) of a session to the first in its line, held
 * for that patient's hold, and tells them; answers whether someone was in line. SKIP LOCKED: an
 * entry another transaction holds (its patient leaving the line) is passed over, not waited on.
 */
async function offerToNext(q: Queryable, scheduleId: number, date: string, seat: number | null): Promise<boolean> {
  const [next] = await q.query<Next>(
    `SELECT id::int AS id, nomr, hold_minutes FROM waitlist WHERE schedule_id = $1 AND tgl = $2 AND status = 'menunggu'
      ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`,
    [scheduleId, date],
  );
  if (!next) return false;
  const [offer] = await q.query<{ expires_at: string }>(
    `INSERT INTO seat_offers (seat, waitlist_id, schedule_id, tgl, expires_at)
     VALUES (coalesce($1, nextval('seat_offers_seat_seq')), $2, $3, $4, now() + $5 * interval '1 minute')
     RETURNING ${wibText('expires_at')} AS expires_at`,
    [seat, next.id, scheduleId, date, next.hold_minutes],
  );
  await q.query(`UPDATE waitlist SET status = 'ditawari' WHERE id = $1`, [next.id]);
  const [s] = await q.query<{ nama_dr: string; ds_dep: string; jam_dtg: string; jam_plg: string }>(
    `SELECT d.nama_dr_lengkap AS nama_dr, c.ds_dep, coalesce(ps.jam_dtg, s.jam_dtg) AS jam_dtg, coalesce(ps.jam_plg, s.jam_plg) AS jam_plg
       FROM practice_schedules s JOIN doctors d ON d.kd_dr = s.kd_dr JOIN clinics c ON c.kd_dep = s.kd_dep
       LEFT JOIN practice_sessions ps ON ps.schedule_id = s.id AND ps.tgl = $2
      WHERE s.id = $1`,
    [scheduleId, date],
  );
  const facts = {
    doctor: s.nama_dr,
    clinic: s.ds_dep,
    date,
    hours: { jam_dtg: s.jam_dtg, jam_plg: s.jam_plg },
    until: formatClock(offer.expires_at),
    holdMinutes: next.hold_minutes,
  };
  // On the channel the patient chose (push, WhatsApp or both: deliver.ts).
  await deliver(q, { nomr: next.nomr, event: 'kursi-tunggu', params: offerNoticeParams(facts), push: { nomr: next.nomr, ...offerNotice(facts), url: HOME } });
  return true;
}

/**
 * A seat of the session is given back (a cancel, a reschedule's old seat, a no-show the hospital
 * released): offered to the line, else free. Answers whether it was offered. `locked`: the
 * transaction holds the session's counter row already (a reschedule locks both of its sessions').
 */
export async function freeOrOffer(q: Queryable, scheduleId: number, date: string, locked = false): Promise<boolean> {
  // The counter row first: frees, offers and bookings of this session take their turns on it.
  if (!locked) await q.query('SELECT 1 FROM practice_sessions WHERE schedule_id = $1 AND tgl = $2 FOR UPDATE', [scheduleId, date]);
  if (await offerToNext(q, scheduleId, date, null)) return true;
  await q.query('UPDATE practice_sessions SET quota_terisi = quota_terisi - 1 WHERE schedule_id = $1 AND tgl = $2 AND quota_terisi > 0', [scheduleId, date]);
  return false;
}

/** An offered seat no longer held by its patient (lapsed, or they left): the next in line, else free. */
export async function passOn(q: Queryable, o: { seat: number; schedule_id: number; tgl: string }): Promise<void> {
  await q.query('SELECT 1 FROM practice_sessions WHERE schedule_id = $1 AND tgl = $2 FOR UPDATE', [o.schedule_id, o.tgl]);
  if (await offerToNext(q, o.schedule_id, o.tgl, o.seat)) return;
  await q.query('UPDATE practice_sessions SET quota_terisi = quota_terisi - 1 WHERE schedule_id = $1 AND tgl = $2 AND quota_terisi > 0', [
    o.schedule_id,
    o.tgl,
  ]);
}

interface OfferRow {
  id: number;
  seat: number;
  schedule_id: number;
  tgl: string;
  waitlist_id: number;
}

const OFFER_COLUMNS = `o.id::int AS id, o.seat::int AS seat, o.schedule_id, to_char(o.tgl, 'YYYY-MM-DD') AS tgl, o.waitlist_id::int AS waitlist_id`;

/**
 * Lapses the offers whose hold ended by `at` (the database's clock when null) and passes each
 * seat on; answers how many lapsed. Run by every process's push worker before each drain, as the
 * reminders are: SKIP LOCKED lets several sweep at once, and an offer being taken is not swept.
 */
export async function sweepOffers(db: Db, at: number | null = null, batch = 20): Promise<number> {
  let lapsed = 0;
  for (;;) {
    const n = await db.tx(async (q) => {
      const due = await q.query<OfferRow>(
        `SELECT ${OFFER_COLUMNS} FROM seat_offers o
          WHERE o.status = 'terbuka' AND o.expires_at <= coalesce(to_timestamp($1::float8 / 1000), now())
          ORDER BY o.expires_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
        [at, batch],
      );
      for (const o of due) {
        await q.query(`UPDATE seat_offers SET status = 'lewat' WHERE id = $1`, [o.id]);
        await q.query(`UPDATE waitlist SET status = 'lewat', ended_at = now() WHERE id = $1`, [o.waitlist_id]);
        await passOn(q, o);
      }
      return due.length;
    });
    lapsed += n;
    if (n < batch) return lapsed;
  }
}

/** The session closed: its line ends and its offers are released (the seats went with it). Answers the entries ended. */
export async function closeLine(q: Queryable, scheduleId: number, date: string): Promise<number> {
  await q.query(`UPDATE seat_offers SET status = 'dilepas' WHERE schedule_id = $1 AND tgl = $2 AND status = 'terbuka'`, [scheduleId, date]);
  const ended = await q.query(
    `UPDATE waitlist SET status = 'ditutup', ended_at = now() WHERE schedule_id = $1 AND tgl = $2 AND status IN ('menunggu', 'ditawari') RETURNING id`,
    [scheduleId, date],
  );
  return ended.length;
}

/** The patient leaves a line; an offered seat passes to the next. False: no such entry of theirs in a line. */
export async function leaveWaitlist(db: Db, nomr: string, id: number): Promise<boolean> {
  return db.tx(async (q) => {
    const [w] = await q.query<{ status: string }>(`SELECT status FROM waitlist WHERE id = $1 AND nomr = $2 AND status IN ('menunggu', 'ditawari') FOR UPDATE`, [
      id,
      nomr,
    ]);
    if (!w) return false;
    await q.query(`UPDATE waitlist SET status = 'keluar', ended_at = now() WHERE id = $1`, [id]);
    const [o] = await q.query<OfferRow>(
      `UPDATE seat_offers o SET status = 'dilepas' WHERE o.waitlist_id = $1 AND o.status = 'terbuka' RETURNING ${OFFER_COLUMNS}`,
      [id],
    );
    if (o) await passOn(q, o);
    return true;
  });
}

/** The patient's places in line and offers, with the place counted now. */
export function waitlistOf(q: Queryable, nomr: string): Promise<WaitlistEntry[]> {
  return q.query<WaitlistEntry>(
    `SELECT w.id::int AS id, to_char(w.tgl, 'YYYY-MM-DD') AS tgl_janji, s.kd_dep, s.kd_dr, s.sts_jam, d.nama_dr_lengkap AS nama_dr,
            c.ds_dep AS departemen, coalesce(ps.jam_dtg, s.jam_dtg) AS jam_dtg, coalesce(ps.jam_plg, s.jam_plg) AS jam_plg, w.status,
            w.hold_minutes AS tahan_menit,
            CASE WHEN w.status = 'ditawari' THEN 0
                 ELSE (SELECT count(*)::int FROM waitlist x WHERE x.schedule_id = w.schedule_id AND x.tgl = w.tgl
                         AND x.status = 'menunggu' AND x.id <= w.id) END AS urutan,
            (SELECT ${wibText('o.expires_at')} FROM seat_offers o WHERE o.waitlist_id = w.id AND o.status = 'terbuka') AS ditahan_sampai
       FROM waitlist w JOIN practice_schedules s ON s.id = w.schedule_id
       JOIN doctors d ON d.kd_dr = s.kd_dr JOIN clinics c ON c.kd_dep = s.kd_dep
       LEFT JOIN practice_sessions ps ON ps.schedule_id = w.schedule_id AND ps.tgl = w.tgl
      WHERE w.nomr = $1 AND w.status IN ('menunggu', 'ditawari')
      ORDER BY w.tgl, w.id`,
    [nomr],
  );
}

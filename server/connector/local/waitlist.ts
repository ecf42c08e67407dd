// Joining the waiting list of a full session and taking an offered seat (SIMRS=local; the patient
// calls of routes/leave.ts, docs/leave.md). The line itself, its offers and their sweep are
// db/waitlist.ts's.
import { compactPhone } from '../../../common/phone.ts';
import type { BookingRequest } from '../../../common/schemas/booking.ts';
import type { WaitlistEntry } from '../../../common/schemas/leave.ts';
import { todayWib, daysBetween } from '../../../common/dates.ts';
import type { BpjsReporting } from '../../db/bpjs.ts';
import type { Db } from '../../db/client.ts';
import { passOn, waitlistOf } from '../../db/waitlist.ts';
import {
  BOOKING_MSG,
  book,
  requestRefusal,
  windowRefusal,
  type BookingOutcome,
  type BookingPolicy,
  type BookingStore,
  type ReferralGate,
} from '../../domain/booking.ts';
import { bookingStore, bookingTx, retriedTx } from './booking.ts';

const WAITLIST_MSG = {
  notFull: 'Kuota sesi ini masih tersedia. Silakan langsung buat perjanjian.',
  booked: 'Anda sudah memiliki perjanjian pada sesi ini.',
  noOffer: 'Tawaran kuota ini sudah tidak berlaku. Silakan lihat daftar tunggu Anda.',
} as const;

export type JoinOutcome = { ok: true; entry: WaitlistEntry } | { ok: false; message: string; status?: 400 };

/**
 * Puts the patient in the line of a full session with the booking they would make and the hold
 * in force now. Joining again answers the same place.
 */
export async function joinWaitlist(db: Db, nomr: string, req: BookingRequest, now: number, policy: BookingPolicy, holdMinutes: number): Promise<JoinOutcome> {
  const today = todayWib(now);
  const beyond = windowRefusal(req.tgl_janji, today, policy.windowDays);
  if (beyond) return { ok: false, status: 400, message: beyond };
  const refusal = requestRefusal(req, today);
  if (refusal) return { ok: false, message: refusal };
  if (daysBetween(today, req.tgl_janji) < 0) return { ok: false, message: BOOKING_MSG.past };
  const session = await bookingStore(db).session(req, 'poli');
  if (!session) return { ok: false, message: BOOKING_MSG.noPractice };
  const made = await db.tx(async (q) => {
    const [seats] = await q.query<{ free: number }>(
      `SELECT (coalesce(ps.batas_quota, $3) - coalesce(ps.quota_terisi, 0))::int AS free
         FROM (SELECT 1) one LEFT JOIN practice_sessions ps ON ps.schedule_id = $1 AND ps.tgl = $2`,
      [session.id, req.tgl_janji, session.batas_quota],
    );
    if (seats.free > 0) return WAITLIST_MSG.notFull;
    const mine = await q.query('SELECT 1 FROM appointments WHERE nomr = $1 AND schedule_id = $2 AND tgl_janji = $3 AND cancelled_at IS NULL', [
      nomr,
      session.id,
      req.tgl_janji,
    ]);
    if (mine.length) return WAITLIST_MSG.booked;
    const letter = req.carabayar === 'B' && req.jeniskunjungan && req.nomorreferensi;
    await q.query(
      `INSERT INTO waitlist (nomr, schedule_id, tgl, carabayar, hp, jeniskunjungan, nomorreferensi, hold_minutes)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (nomr, schedule_id, tgl) WHERE status IN ('menunggu', 'ditawari') DO NOTHING`,
      [
        nomr,
        session.id,
        req.tgl_janji,
        req.carabayar,
        compactPhone(req.hp),
        letter ? req.jeniskunjungan : null,
        letter ? req.nomorreferensi : null,
        holdMinutes,
      ],
    );
    return null;
  });
  if (made) return { ok: false, message: made };
  const entry = (await waitlistOf(db, nomr)).find((w) => w.kd_dr === session.kd_dr && w.sts_jam === session.sts_jam && w.tgl_janji === req.tgl_janji);
  return entry ? { ok: true, entry } : { ok: false, message: WAITLIST_MSG.notFull };
}

interface Waiting {
  nomr: string;
  tgl: string;
  kd_dep: string;
  kd_dr: string;
  sts_jam: string;
  carabayar: 'B' | 'P';
  hp: string;
  jeniskunjungan: 1 | 2 | 3 | 4 | null;
  nomorreferensi: string | null;
}

/**
 * Books the seat offered to the patient, under every other booking rule: the held seat is given
 * back and taken again in one step under the session's lock, so it never becomes anyone else's.
 * A refused booking leaves the offer as it was. null: no such entry of this patient.
 */
export async function takeOffer(
  db: Db,
  bpjs: BpjsReporting | null,
  nomr: string,
  id: number,
  now: number,
  policy: BookingPolicy,
  gate: ReferralGate,
): Promise<BookingOutcome | null> {
  const [w] = await db.query<Waiting>(
    `SELECT w.nomr, to_char(w.tgl, 'YYYY-MM-DD') AS tgl, s.kd_dep, s.kd_dr, s.sts_jam, w.carabayar, w.hp, w.jeniskunjungan, w.nomorreferensi
       FROM waitlist w JOIN practice_schedules s ON s.id = w.schedule_id WHERE w.id = $1 AND w.nomr = $2`,
    [id, nomr],
  );
  if (!w) return null;
  const request: BookingRequest = {
    nomr,
    tgl_janji: w.tgl,
    kd_dep: w.kd_dep,
    kd_dr: w.kd_dr,
    sts_jam: w.sts_jam,
    carabayar: w.carabayar,
    hp: w.hp,
    ...(w.jeniskunjungan && w.nomorreferensi ? { jeniskunjungan: w.jeniskunjungan, nomorreferensi: w.nomorreferensi } : {}),
  };
  const store: BookingStore = {
    session: bookingStore(db, bpjs).session,
    transaction: <T>(fn: (tx: ReturnType<typeof bookingTx>) => Promise<T>) =>
      retriedTx(db, async (q) => {
        const [offer] = await q.query<{ id: number; seat: number; schedule_id: number; tgl: string }>(
          `SELECT id::int AS id, seat::int AS seat, schedule_id, to_char(tgl, 'YYYY-MM-DD') AS tgl FROM seat_offers
            WHERE waitlist_id = $1 AND status = 'terbuka' AND expires_at > now() FOR UPDATE`,
          [id],
        );
        if (!offer) return { ok: false, message: WAITLIST_MSG.noOffer } as T;
        // The seat step by step (no bookSeat): the held seat is given back before the counter's seat is taken.
        const { bookSeat: _, ...base } = bookingTx(q, bpjs, 'app');
        let taken = false;
        const outcome = (await fn({
          ...base,
          async takeSeat(s, date) {
            // Reached only when every other rule passed: the hold is given back and the seat taken in this transaction.
            await q.query('UPDATE practice_sessions SET quota_terisi = quota_terisi - 1 WHERE schedule_id = $1 AND tgl = $2', [offer.schedule_id, offer.tgl]);
            taken = true;
            return base.takeSeat(s, date);
          },
        })) as BookingOutcome;
        if (outcome.ok) {
          await q.query(`UPDATE seat_offers SET status = $3, no_reg = $2 WHERE id = $1`, [offer.id, outcome.result.no_reg, taken ? 'diambil' : 'dilepas']);
          await q.query(`UPDATE waitlist SET status = 'diambil', ended_at = now() WHERE id = $1`, [id]);
          // Booked there already (another way): the held seat is not needed and goes to the next in line.
          if (!taken) await passOn(q, offer);
        }
        return outcome as T;
      }),
  };
  // The letter given when joining is checked now, as a booking's is (VClaim on), else not kept.
  return book(store, nomr, request, now, policy, 'poli', gate);
}

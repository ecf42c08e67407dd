// A doctor's leave or changed hours for one dated session (SIMRS=local; the internal call of
// routes/leave.ts, docs/leave.md): in one transaction the session closes or takes its new hours,
// each booking on it is cancelled by the hospital (kept, with the reason), its seat freed, BPJS
// told 'batal' through the outbox, and the patient told through the push queue with the doctor's
// next sessions. Then the patient's list of those bookings and the one-tap move.
import { addDays, isoWeekday, todayWib } from '../../../common/dates.ts';
import type { BookingRequest } from '../../../common/schemas/booking.ts';
import type { HospitalCancelled, MoveChoice, MoveRequest, SessionLeave, SessionLeaveDone } from '../../../common/schemas/leave.ts';
import { queueBpjsCancel, type BpjsReporting } from '../../db/bpjs.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { deliver } from '../../db/deliver.ts';
import { announce, sessionKey } from '../../db/queue-events.ts';
import { closeLine } from '../../db/waitlist.ts';
import { book, type BookingOutcome, type BookingPolicy, type BookingStore, type ReferralGate } from '../../domain/booking.ts';
import { sessionNotice, sessionNoticeParams } from '../../domain/leave-notice.ts';
import { HOME } from '../../../common/routes.ts';
import { bookingStore, bookingTx, retriedTx } from './booking.ts';

/** How many of the doctor's next sessions, and of the clinic's other doctors, a notice and a card offer. */
const OWN_CHOICES = 3;
const OTHER_CHOICES = 2;

/**
 * Open sessions with a free seat in the clinic from `from` to `to`: the doctor's own (`own`), or
 * the clinic's other doctors'. A closed session and a full one are not offered.
 */
function openSessions(q: Queryable, kdDep: string, kdDr: string, own: boolean, from: string, to: string, limit: number): Promise<MoveChoice[]> {
  return q.query<MoveChoice>(
    `SELECT to_char(g.d, 'YYYY-MM-DD') AS tgl_janji, s.kd_dr, s.sts_jam, d.nama_dr_lengkap AS nama_dr,
            coalesce(ps.jam_dtg, s.jam_dtg) AS jam_dtg, coalesce(ps.jam_plg, s.jam_plg) AS jam_plg,
            (coalesce(ps.batas_quota, s.batas_quota) - coalesce(ps.quota_terisi, 0))::int AS sisa
       FROM generate_series($3::date, $4::date, interval '1 day') AS g(d)
       JOIN practice_schedules s ON s.hari = extract(isodow FROM g.d) AND s.kd_dep = $1 AND s.jenis = 'poli'
                                AND (CASE WHEN $5 THEN s.kd_dr = $2 ELSE s.kd_dr <> $2 END)
       JOIN doctors d ON d.kd_dr = s.kd_dr
       LEFT JOIN practice_sessions ps ON ps.schedule_id = s.id AND ps.tgl = g.d::date
      WHERE ps.ditutup_at IS NULL AND coalesce(ps.batas_quota, s.batas_quota) > coalesce(ps.quota_terisi, 0)
      ORDER BY g.d, coalesce(ps.jam_dtg, s.jam_dtg), d.nama_dr_lengkap
      LIMIT $6`,
    [kdDep, kdDr, from, to, own, limit],
  );
}

/**
 * Where a booking of the doctor's session on `date` can go: the doctor's next open sessions from
 * that date (the changed session itself first, at its new hours; a closed one is not open), then
 * other doctors of the clinic from that date; from tomorrow once that date is today or past.
 */
async function moveChoices(q: Queryable, kdDep: string, kdDr: string, date: string, today: string, windowDays: number): Promise<MoveChoice[]> {
  const last = addDays(today, windowDays);
  const from = date > today ? date : addDays(today, 1);
  const own = await openSessions(q, kdDep, kdDr, true, from, last, OWN_CHOICES);
  const others = await openSessions(q, kdDep, kdDr, false, from, last, OTHER_CHOICES);
  return [...own, ...others];
}

interface Declared {
  id: number;
  jam_dtg: string;
  jam_plg: string;
  nama_dr: string;
  ds_dep: string;
}

/** Declares the change; null when the doctor has no such clinic session on that weekday. */
export async function declareSessionChange(q: Queryable, c: SessionLeave, now: number, windowDays: number): Promise<SessionLeaveDone | null> {
  const [s] = await q.query<Declared>(
    `SELECT s.id, coalesce(ps.jam_dtg, s.jam_dtg) AS jam_dtg, coalesce(ps.jam_plg, s.jam_plg) AS jam_plg,
            d.nama_dr_lengkap AS nama_dr, c.ds_dep
       FROM practice_schedules s JOIN doctors d ON d.kd_dr = s.kd_dr JOIN clinics c ON c.kd_dep = s.kd_dep
       LEFT JOIN practice_sessions ps ON ps.schedule_id = s.id AND ps.tgl = $5
      WHERE s.kd_dr = $1 AND s.kd_dep = $2 AND s.sts_jam = $3 AND s.hari = $4 AND s.jenis = 'poli'`,
    [c.kd_dr, c.kd_dep, c.sts_jam, isoWeekday(c.tanggal), c.tanggal],
  );
  if (!s) return null;
  // The session's counter row, locked: bookings, cancels and offers of this session wait for the change.
  await q.query(
    `INSERT INTO practice_sessions (schedule_id, tgl, batas_quota)
     SELECT id, $2, batas_quota FROM practice_schedules WHERE id = $1 ON CONFLICT DO NOTHING`,
    [s.id, c.tanggal],
  );
  await q.query('SELECT 1 FROM practice_sessions WHERE schedule_id = $1 AND tgl = $2 FOR UPDATE', [s.id, c.tanggal]);
  const booked = await q.query<{ id: number; no_reg: string; nomr: string }>(
    `UPDATE appointments SET cancelled_at = to_timestamp($3::float8 / 1000), cancel_reason = $4, batal_rs = true
      WHERE schedule_id = $1 AND tgl_janji = $2 AND cancelled_at IS NULL
      RETURNING id::int AS id, no_reg, nomr`,
    [s.id, c.tanggal, now, c.alasan],
  );
  const ids = booked.map((b) => b.id);
  await q.query('DELETE FROM appointment_reminders WHERE appointment_id = ANY($1::bigint[]) AND sent_at IS NULL', [ids]);
  const left = await q.query<{ n: number }>(
    `UPDATE clinic_queue SET status = 'batal' WHERE no_reg = ANY($1::text[]) AND status = 'menunggu' RETURNING 1 AS n`,
    [booked.map((b) => b.no_reg)],
  );
  if (left.length) await announce(q, sessionKey({ tgl_janji: c.tanggal, kd_dr: c.kd_dr, kd_dep: c.kd_dep, sts_jam: c.sts_jam }));
  // Told to BPJS Antrean as the cancel of each booking (batal), in this transaction (db/bpjs.ts).
  for (const b of booked) await queueBpjsCancel(q, b.no_reg, `Dibatalkan oleh rumah sakit: ${c.alasan}`.slice(0, 200));
  let ended = 0;
  if (c.aksi === 'tutup') {
    await q.query(
      `UPDATE practice_sessions SET ditutup_at = to_timestamp($3::float8 / 1000), alasan_rs = $4, batas_quota = 0, quota_terisi = 0
        WHERE schedule_id = $1 AND tgl = $2`,
      [s.id, c.tanggal, now, c.alasan],
    );
    ended = await closeLine(q, s.id, c.tanggal);
  } else {
    // The seats of the cancelled bookings are free again, at the new hours; the counter's own bookings stay counted.
    await q.query(
      `UPDATE practice_sessions SET jam_dtg = $3, jam_plg = $4, alasan_rs = $5, quota_terisi = greatest(quota_terisi - $6, 0)
        WHERE schedule_id = $1 AND tgl = $2`,
      [s.id, c.tanggal, c.jam_dtg, c.jam_plg, c.alasan, booked.length],
    );
  }
  const choices = booked.length ? await moveChoices(q, c.kd_dep, c.kd_dr, c.tanggal, todayWib(now), windowDays) : [];
  const facts = {
    event: c.aksi,
    doctor: s.nama_dr,
    clinic: s.ds_dep,
    date: c.tanggal,
    hours: { jam_dtg: s.jam_dtg, jam_plg: s.jam_plg },
    newHours: c.jam_dtg && c.jam_plg ? { jam_dtg: c.jam_dtg, jam_plg: c.jam_plg } : undefined,
    reason: c.alasan,
    choices,
  };
  const notice = sessionNotice(facts);
  const params = sessionNoticeParams(facts);
  let told = 0;
  // On the channel each patient chose (push, WhatsApp or both: db/deliver.ts).
  for (const b of booked) if (await deliver(q, { nomr: b.nomr, event: 'cuti-dokter', params, push: { nomr: b.nomr, ...notice, url: HOME } })) told++;
  return { dibatalkan: booked.length, diberitahu: told, daftar_tunggu: ended };
}

interface CancelledRow {
  no_reg: string;
  tanggal_janji: string;
  jam_dtg: string;
  jam_plg: string;
  nama_dokter: string;
  departemen: string;
  kd_dep: string;
  kd_dr: string;
  alasan: string;
}

/** The patient's bookings the hospital cancelled, not moved yet, their day not passed, each with its choices now. */
export async function hospitalCancelled(q: Queryable, nomr: string, today: string, windowDays: number): Promise<HospitalCancelled[]> {
  const rows = await q.query<CancelledRow>(
    `SELECT a.no_reg, to_char(a.tgl_janji, 'YYYY-MM-DD') AS tanggal_janji, coalesce(ps.jam_dtg, s.jam_dtg) AS jam_dtg,
            coalesce(ps.jam_plg, s.jam_plg) AS jam_plg, d.nama_dr_lengkap AS nama_dokter, c.ds_dep AS departemen,
            a.kd_dep, a.kd_dr, coalesce(a.cancel_reason, '') AS alasan
       FROM appointments a JOIN practice_schedules s ON s.id = a.schedule_id
       JOIN doctors d ON d.kd_dr = a.kd_dr JOIN clinics c ON c.kd_dep = a.kd_dep
       LEFT JOIN practice_sessions ps ON ps.schedule_id = a.schedule_id AND ps.tgl = a.tgl_janji
      WHERE a.nomr = $1 AND a.batal_rs AND a.pindah_ke IS NULL AND a.tgl_janji >= $2
      ORDER BY a.tgl_janji, a.id`,
    [nomr, today],
  );
  const out: HospitalCancelled[] = [];
  for (const { kd_dr, ...r } of rows) out.push({ ...r, pilihan: await moveChoices(q, r.kd_dep, kd_dr, r.tanggal_janji, today, windowDays) });
  return out;
}

interface Moving {
  id: number;
  kd_dep: string;
  carabayar: 'B' | 'P';
  hp: string;
  jeniskunjungan: 1 | 2 | 3 | 4 | null;
  nomorreferensi: string | null;
  pindah_ke: string | null;
}

const MOVING = `SELECT id::int AS id, kd_dep, carabayar, hp, jeniskunjungan, nomorreferensi, pindah_ke FROM appointments
                 WHERE no_reg = $1 AND nomr = $2 AND batal_rs AND jenis = 'poli'`;

/** Whether the booking a cancelled one was moved to is the session and date asked for now. */
async function sameMove(q: Queryable, no_reg: string, req: MoveRequest): Promise<boolean> {
  const rows = await q.query(`SELECT 1 FROM appointments WHERE no_reg = $1 AND cancelled_at IS NULL AND kd_dr = $2 AND sts_jam = $3 AND tgl_janji = $4`, [
    no_reg,
    req.kd_dr,
    req.sts_jam,
    req.tgl_janji,
  ]);
  return rows.length > 0;
}

export const MOVE_MSG = {
  notFound: 'Perjanjian yang dibatalkan oleh rumah sakit itu tidak ditemukan.',
  movedAlready: 'Perjanjian ini sudah dipindahkan. Silakan lihat jadwal perjanjian Anda di beranda.',
} as const;

/**
 * Moves a booking the hospital cancelled to a session of the same clinic in one tap: a new booking
 * under every booking rule (the cancelled one counts against no limit), reported to BPJS as a new
 * booking through the outbox, and the old one marked as moved, in one transaction. Repeated, it
 * answers the same booking. null: no such cancelled booking of this patient.
 */
export async function moveCancelled(
  db: Db,
  bpjs: BpjsReporting | null,
  nomr: string,
  req: MoveRequest,
  now: number,
  policy: BookingPolicy,
  gate: ReferralGate,
): Promise<BookingOutcome | null> {
  const [old] = await db.query<Moving>(MOVING, [req.no_reg, nomr]);
  if (!old) return null;
  const request: BookingRequest = {
    nomr,
    tgl_janji: req.tgl_janji,
    kd_dep: old.kd_dep,
    kd_dr: req.kd_dr,
    sts_jam: req.sts_jam,
    carabayar: old.carabayar,
    hp: old.hp,
    ...(old.jeniskunjungan && old.nomorreferensi ? { jeniskunjungan: old.jeniskunjungan, nomorreferensi: old.nomorreferensi } : {}),
  };
  const store: BookingStore = {
    session: bookingStore(db, bpjs).session,
    transaction: <T>(fn: (tx: ReturnType<typeof bookingTx>) => Promise<T>) =>
      retriedTx(db, async (q) => {
        const [locked] = await q.query<Moving>(`${MOVING} FOR UPDATE`, [req.no_reg, nomr]);
        // Moved already: the same move again answers its booking (book finds it), another is refused.
        if (locked.pindah_ke && !(await sameMove(q, locked.pindah_ke, req))) return { ok: false, message: MOVE_MSG.movedAlready } as T;
        const outcome = (await fn(bookingTx(q, bpjs, 'app'))) as BookingOutcome;
        if (outcome.ok) await q.query('UPDATE appointments SET pindah_ke = $2 WHERE id = $1', [locked.id, outcome.result.no_reg]);
        return outcome as T;
      }),
  };
  // The letter was confirmed (or sent by Mobile JKN) when it was first booked: kept as it is unless VClaim checks it again.
  return book(store, nomr, request, now, policy, 'poli', gate === 'drop' ? 'as-sent' : gate);
}

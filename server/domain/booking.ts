// Booking and quota on the server: the same rules as the client's (src/lib/booking.ts), enforced
// here because a client can be bypassed. Overbooking is prevented by the database itself: a
// conditional update of the session's counter inside the booking's transaction.
import type { BookingRequest, BookingResult, QuotaSlot } from '../../common/schemas/index.ts';
import { NO_PRACTICE_CODE } from '../../common/schemas/index.ts';
import { bpjsGapBlocks, guaranteeAllowed } from '../../common/booking.ts';
import { daysBetween, formatLong, isoWeekday } from '../../common/dates.ts';
import type { Db, Queryable } from '../db/client.ts';

export const BOOKING_MSG = {
  hpRequired: 'Nomor HP Harus diisi !',
  hpInvalid: 'Nomor HP tidak valid. Tulis nomor HP aktif, misalnya 081234567890.',
  past: 'Tanggal perjanjian sudah lewat. Silakan pilih tanggal hari ini atau sesudahnya.',
  executive: 'Jaminan Poli Eksekutif / Umum hanya bisa menggunakan Non BPJS.',
  noPractice: 'Dokter tidak praktik pada tanggal dan jam tersebut. Silakan pilih tanggal sesuai hari praktik dokter.',
  bpjsGap: (last: string) =>
    `Perjanjian BPJS baru dapat dibuat lebih dari 8 hari setelah perjanjian terakhir Anda (${formatLong(last)}). Silakan pilih tanggal lain atau gunakan Non BPJS.`,
  full: 'Kuota dokter pada sesi tersebut sudah penuh. Silakan pilih tanggal atau dokter lain.',
  success: (r: { no_urut: number; tgl_janji: string; ds_dep: string; nama_dr: string; jam: string }) =>
    `Perjanjian berhasil dibuat. Nomor antrian Anda ${r.no_urut}, ${formatLong(r.tgl_janji)} pukul ${r.jam} di ${r.ds_dep} dengan ${r.nama_dr}. Silakan datang sesuai jam layanan.`,
} as const;

export type BookingOutcome = { ok: true; result: BookingResult } | { ok: false; message: string };

const PHONE = /^\+?[0-9][0-9 -]{7,18}$/;

interface ScheduleRow {
  id: number;
  kd_dep: string;
  kd_dr: string;
  sts_jam: string;
  sts_ue: string;
  batas_quota: number;
  jam_dtg: string;
  jam_plg: string;
  ds_dep: string;
  nama_dr: string;
}

interface Existing {
  no_urut: number;
  tgl_janji: string;
}

export async function book(db: Db, nomr: string, req: BookingRequest, today: string): Promise<BookingOutcome> {
  const hp = req.hp.trim();
  if (!hp) return { ok: false, message: BOOKING_MSG.hpRequired };
  if (!PHONE.test(hp)) return { ok: false, message: BOOKING_MSG.hpInvalid };
  if (daysBetween(today, req.tgl_janji) < 0) return { ok: false, message: BOOKING_MSG.past };
  if (!guaranteeAllowed(req.kd_dep, req.carabayar === 'B' ? 'BPJS' : 'Non BPJS')) {
    return { ok: false, message: BOOKING_MSG.executive };
  }
  const [schedule] = await db.query<ScheduleRow>(
    `SELECT s.id, s.kd_dep, s.kd_dr, s.sts_jam, s.sts_ue, s.batas_quota, s.jam_dtg, s.jam_plg, c.ds_dep,
            d.nama_dr_lengkap AS nama_dr
       FROM practice_schedules s JOIN clinics c ON c.kd_dep = s.kd_dep JOIN doctors d ON d.kd_dr = s.kd_dr
      WHERE s.kd_dep = $1 AND s.kd_dr = $2 AND s.sts_jam = $3 AND s.hari = $4`,
    [req.kd_dep, req.kd_dr, req.sts_jam, isoWeekday(req.tgl_janji)],
  );
  if (!schedule) return { ok: false, message: BOOKING_MSG.noPractice };

  const attempt = () => db.tx((q) => bookInTx(q, nomr, req, hp, schedule));
  try {
    return await attempt();
  } catch (err) {
    // Two identical requests raced past the lookup: the loser's insert hit the unique key and
    // rolled back (its seat with it); the second attempt finds the winner's appointment.
    if ((err as { code?: string }).code === '23505') return attempt();
    throw err;
  }
}

async function bookInTx(q: Queryable, nomr: string, req: BookingRequest, hp: string, s: ScheduleRow): Promise<BookingOutcome> {
  // One patient's bookings run one at a time, so the BPJS gap cannot be raced.
  await q.query('SELECT 1 FROM patients WHERE nomr = $1 FOR UPDATE', [nomr]);
  const success = (e: Existing): BookingOutcome => ({
    ok: true,
    result: {
      no_urut: e.no_urut,
      tgl_janji: req.tgl_janji,
      message: BOOKING_MSG.success({ ...e, ds_dep: s.ds_dep, nama_dr: s.nama_dr, jam: `${s.jam_dtg}-${s.jam_plg}` }),
    },
  });
  // A repeated identical booking (double tap, retry after a lost answer) gets the same appointment.
  const [existing] = await q.query<Existing>(
    'SELECT no_urut, tgl_janji FROM appointments WHERE nomr = $1 AND schedule_id = $2 AND tgl_janji = $3',
    [nomr, s.id, req.tgl_janji],
  );
  if (existing) return success(existing);

  if (req.carabayar === 'B') {
    const [{ last }] = await q.query<{ last: string | null }>(
      `SELECT max(tgl_janji) AS last FROM appointments WHERE nomr = $1 AND carabayar = 'B'`,
      [nomr],
    );
    if (last && bpjsGapBlocks(last, req.tgl_janji)) return { ok: false, message: BOOKING_MSG.bpjsGap(last) };
  }

  await q.query(
    `INSERT INTO practice_sessions (schedule_id, tgl, batas_quota) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
    [s.id, req.tgl_janji, s.batas_quota],
  );
  const [seat] = await q.query<{ no_urut: number }>(
    `UPDATE practice_sessions SET quota_terisi = quota_terisi + 1
      WHERE schedule_id = $1 AND tgl = $2 AND quota_terisi < batas_quota
      RETURNING quota_terisi AS no_urut`,
    [s.id, req.tgl_janji],
  );
  if (!seat) return { ok: false, message: BOOKING_MSG.full };
  await q.query(
    `INSERT INTO appointments (nomr, schedule_id, tgl_janji, kd_dep, kd_dr, sts_jam, sts_ue, carabayar, hp, no_urut)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [nomr, s.id, req.tgl_janji, s.kd_dep, s.kd_dr, s.sts_jam, s.sts_ue, req.carabayar, hp, seat.no_urut],
  );
  return success({ no_urut: seat.no_urut, tgl_janji: req.tgl_janji });
}

const NO_PRACTICE: QuotaSlot = {
  kode: NO_PRACTICE_CODE,
  nama_dr: '',
  kd_dr: '',
  jam_dtg: '',
  jam_plg: '',
  batas_quota: 0,
  quota_terisi: 0,
  sts_jam: '',
  sts_ue: '',
};

/** The sessions of a clinic (or one doctor of it) on a date, with their quota. */
export async function quotaList(q: Queryable, kdDep: string, kdDr: string, date: string): Promise<QuotaSlot[]> {
  const rows = await q.query<QuotaSlot>(
    `SELECT 200 AS kode, d.nama_dr_lengkap AS nama_dr, s.kd_dr, s.jam_dtg, s.jam_plg,
            coalesce(ps.batas_quota, s.batas_quota) AS batas_quota, coalesce(ps.quota_terisi, 0) AS quota_terisi,
            s.sts_jam, s.sts_ue
       FROM practice_schedules s JOIN doctors d ON d.kd_dr = s.kd_dr
       LEFT JOIN practice_sessions ps ON ps.schedule_id = s.id AND ps.tgl = $3
      WHERE s.kd_dep = $1 AND s.hari = $2 AND ($4 = '' OR s.kd_dr = $4)
      ORDER BY s.jam_dtg, d.nama_dr_lengkap`,
    [kdDep, isoWeekday(date), date, kdDr],
  );
  return rows.length ? rows : [NO_PRACTICE];
}

// The booking repository: weekly sessions, their dated seats and the appointments in them.
// Overbooking is prevented by the database itself: a conditional update of the session's
// counter inside the booking's transaction. The rules are in domain/booking.ts.
import { isoWeekday } from '../../common/dates.ts';
import type { QuotaSlot } from '../../common/schemas/booking.ts';
import type { BookingStore, BookingTx, ClinicDayAppointment, Session } from '../domain/booking.ts';
import type { Db, Queryable } from './client.ts';

/** The patient's last BPJS appointment date, for the 8-day gap (decisions 11). */
export async function lastBpjsAppointment(q: Queryable, nomr: string): Promise<string | null> {
  const rows = await q.query<{ tgl: string | null }>(`SELECT max(tgl_janji) AS tgl FROM appointments WHERE nomr = $1 AND carabayar = 'B'`, [nomr]);
  return rows[0]?.tgl ?? null;
}

/** The sessions of a clinic (or of one doctor in it) on a date, with their quota. */
export function quotaSlots(q: Queryable, kdDep: string, kdDr: string, date: string): Promise<QuotaSlot[]> {
  return q.query<QuotaSlot>(
    `SELECT 200 AS kode, d.nama_dr_lengkap AS nama_dr, s.kd_dr, s.jam_dtg, s.jam_plg,
            coalesce(ps.batas_quota, s.batas_quota) AS batas_quota, coalesce(ps.quota_terisi, 0) AS quota_terisi,
            s.sts_jam, s.sts_ue
       FROM practice_schedules s JOIN doctors d ON d.kd_dr = s.kd_dr
       LEFT JOIN practice_sessions ps ON ps.schedule_id = s.id AND ps.tgl = $3
      WHERE s.kd_dep = $1 AND s.hari = $2 AND ($4 = '' OR s.kd_dr = $4)
      ORDER BY s.jam_dtg, d.nama_dr_lengkap`,
    [kdDep, isoWeekday(date), date, kdDr],
  );
}

async function session(q: Queryable, kdDep: string, kdDr: string, stsJam: string, date: string): Promise<Session | null> {
  const [row] = await q.query<Session>(
    `SELECT s.id, s.kd_dep, s.kd_dr, s.sts_jam, s.sts_ue, s.batas_quota, s.jam_dtg, s.jam_plg, c.ds_dep,
            d.nama_dr_lengkap AS nama_dr
       FROM practice_schedules s JOIN clinics c ON c.kd_dep = s.kd_dep JOIN doctors d ON d.kd_dr = s.kd_dr
      WHERE s.kd_dep = $1 AND s.kd_dr = $2 AND s.sts_jam = $3 AND s.hari = $4`,
    [kdDep, kdDr, stsJam, isoWeekday(date)],
  );
  return row ?? null;
}

function bookingTx(q: Queryable): BookingTx {
  return {
    async lockPatient(nomr) {
      await q.query('SELECT 1 FROM patients WHERE nomr = $1 FOR UPDATE', [nomr]);
    },
    async existing(nomr, sessionId, date) {
      const [row] = await q.query<{ no_urut: number }>('SELECT no_urut FROM appointments WHERE nomr = $1 AND schedule_id = $2 AND tgl_janji = $3', [
        nomr,
        sessionId,
        date,
      ]);
      return row?.no_urut ?? null;
    },
    async sameClinicDay(nomr, kdDep, date) {
      const [row] = await q.query<ClinicDayAppointment>(
        `SELECT c.ds_dep, d.nama_dr_lengkap AS nama_dr, a.tgl_janji, a.no_urut
           FROM appointments a JOIN clinics c ON c.kd_dep = a.kd_dep JOIN doctors d ON d.kd_dr = a.kd_dr
          WHERE a.nomr = $1 AND a.kd_dep = $2 AND a.tgl_janji = $3
          ORDER BY a.id LIMIT 1`,
        [nomr, kdDep, date],
      );
      return row ?? null;
    },
    lastBpjsAppointment: (nomr) => lastBpjsAppointment(q, nomr),
    async takeSeat(s, date) {
      await q.query(`INSERT INTO practice_sessions (schedule_id, tgl, batas_quota) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [s.id, date, s.batas_quota]);
      const [seat] = await q.query<{ no_urut: number }>(
        `UPDATE practice_sessions SET quota_terisi = quota_terisi + 1
          WHERE schedule_id = $1 AND tgl = $2 AND quota_terisi < batas_quota
          RETURNING quota_terisi AS no_urut`,
        [s.id, date],
      );
      return seat?.no_urut ?? null;
    },
    async insert(a) {
      const s = a.session;
      await q.query(
        `INSERT INTO appointments (nomr, schedule_id, tgl_janji, kd_dep, kd_dr, sts_jam, sts_ue, carabayar, hp, no_urut)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [a.nomr, s.id, a.tgl_janji, s.kd_dep, s.kd_dr, s.sts_jam, s.sts_ue, a.carabayar, a.hp, a.no_urut],
      );
    },
  };
}

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

export function bookingStore(db: Db): BookingStore {
  return {
    session: (req) => session(db, req.kd_dep, req.kd_dr, req.sts_jam, req.tgl_janji),
    async transaction(fn) {
      const attempt = () => db.tx((q) => fn(bookingTx(q)));
      try {
        return await attempt();
      } catch (err) {
        // Two identical requests raced past the lookup: the loser's insert hit the unique key and
        // rolled back (its seat with it); the second attempt finds the winner's appointment.
        if (isUniqueViolation(err)) return attempt();
        throw err;
      }
    },
  };
}

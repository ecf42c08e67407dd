// SIMRS=khanza: the steps of one booking or manage transaction (ManageTx, domain/manage.ts) in
// Khanza: a booking is a registration written in the seat pool (seats.ts), a cancel its status
// 'Batal' and the cancel told to Khanza's Antrean sender, a reschedule the row moved under both
// practices' locks (its Mobile JKN reference: move.ts). What belongs to this API's database (the
// audit entries, the app's bookings in simrs_bookings, the reminders) is written once Khanza's
// transaction has committed (appointments.ts runs the `later` writes).
import { WIB_OFFSET, wibIso } from '../../../common/wib.ts';
import { audit, type AuditEntry } from '../../db/audit.ts';
import type { Channel } from '../hospital-connector.ts';
import type { Db } from '../../db/client.ts';
import { moveSimrsReminders, setSimrsReminders } from '../../db/simrs-reminders.ts';
import type { PracticeSession } from '../../domain/booking.ts';
import type { ManageTx, StoredAppointment } from '../../domain/manage.ts';
import type { ReminderSubject } from '../../domain/reminders.ts';
import type { KhanzaPayers, KhanzaQuery } from './client.ts';
import { moveReference } from './move.ts';
import { known, practiceId, sessionFor, stsJam } from './practice.ts';
import { appBookings, carabayar, hhmm, lastBpjs, REGISTRATION, type RegRow } from './registrations.ts';
import { HttpError } from '../../errors.ts';
import { lockNumbering, type Numbering, referenceProblem, type SeatRequest, writeSeatIn } from './rows.ts';
import { fullWhenRead, hariKerja, type Reserved, reserveIn, type SeatSession } from './seats.ts';

/** A write to this API's database once Khanza's transaction has committed (an audit entry, a booking's mark). */
export type Later = () => Promise<unknown>;

/** What a transaction's steps need besides Khanza: this API's database, the payers, the estimate's minutes per patient. */
export interface TxContext {
  db: Db;
  payers: KhanzaPayers;
  minutesPerPatient: number;
  /** The hospital's URUTNOREG and BASENOREG (rows.ts); Khanza's defaults when absent. */
  numbering?: Numbering;
}

/**
 * The steps of one transaction on Khanza's connection `q`; what is for this API's database goes
 * into `later`. `channel`: the app's, or Mobile JKN's (what BPJS knows of already).
 */
export function manageTx(q: KhanzaQuery, later: Later[], channel: Channel, { db, payers, minutesPerPatient, numbering }: TxContext): ManageTx {
  // Khanza's Antrean sender reports what statuskirim 'Belum' marks (docs/bpjs.md, SIMRS=khanza): what Mobile JKN did, BPJS holds already.
  const statuskirim = channel === 'mobilejkn' ? 'Sudah' : 'Belum';
  // This transaction's appointments by the id the rules pass around, and its reserved seats.
  const rawatOf = new Map<number, string>();
  const idOf = (no_rawat: string) => {
    for (const [id, r] of rawatOf) if (r === no_rawat) return id;
    const id = rawatOf.size + 1;
    rawatOf.set(id, no_rawat);
    return id;
  };
  const reserved = new Map<string, Reserved>();
  // What the reminders of this transaction's bookings name, and the patients of the appointments it read.
  const subjects = new Map<number, ReminderSubject>();
  const patientOf = new Map<number, string>();
  const seatKey = (kd_dokter: string, kd_poli: string, date: string) => `${kd_dokter}|${kd_poli}|${date}`;
  // The session the booking is for (a doctor may have a morning and an afternoon one): its own kuota.
  const seatOf = (s: Pick<PracticeSession, 'kd_dr' | 'kd_dep' | 'jam_dtg'>, date: string): SeatSession => ({
    kd_dokter: s.kd_dr,
    kd_poli: s.kd_dep,
    tanggal: date,
    jam_mulai: s.jam_dtg,
    numbering,
  });

  const tx: ManageTx = {
    async lockPatient(nomr) {
      await q.query('SELECT no_rkm_medis FROM pasien WHERE no_rkm_medis = ? FOR UPDATE', [nomr]);
    },
    async existing(nomr, sessionId, date) {
      const s = known.get(sessionId);
      if (!s) return null;
      const [row] = await q.query<{ no_rawat: string; no_reg: string; kd_pj: string }>(
        `SELECT no_rawat, no_reg, kd_pj FROM reg_periksa
          WHERE no_rkm_medis = ? AND kd_dokter = ? AND kd_poli = ? AND tgl_registrasi = ? AND stts <> 'Batal' AND status_lanjut = 'Ralan'`,
        [nomr, s.kd_dr, s.kd_dep, date],
      );
      return row ? { no_urut: Number(row.no_reg), no_reg: row.no_rawat, carabayar: carabayar(payers, row.kd_pj), jenis: 'poli' as const } : null;
    },
    // Registrations still to come (not served, not cancelled): clinic and counter alike.
    async activeAppointments(nomr, today) {
      const [row] = await q.query<{ n: number }>(
        `SELECT COUNT(*) AS n FROM reg_periksa WHERE no_rkm_medis = ? AND tgl_registrasi >= ? AND stts = 'Belum' AND status_lanjut = 'Ralan'`,
        [nomr, today],
      );
      return Number(row?.n ?? 0);
    },
    async sameClinicDay(nomr, kdDep, date, except = 0) {
      const [row] = await q.query<{ nm_poli: string; nm_dokter: string; tgl: string; no_reg: string }>(
        `SELECT p.nm_poli, d.nm_dokter, DATE_FORMAT(r.tgl_registrasi, '%Y-%m-%d') AS tgl, r.no_reg
           FROM reg_periksa r JOIN poliklinik p ON p.kd_poli = r.kd_poli JOIN dokter d ON d.kd_dokter = r.kd_dokter
          WHERE r.no_rkm_medis = ? AND r.kd_poli = ? AND r.tgl_registrasi = ? AND r.stts <> 'Batal' AND r.status_lanjut = 'Ralan' AND r.no_rawat <> ?
          ORDER BY r.no_rawat LIMIT 1`,
        [nomr, kdDep, date, rawatOf.get(except) ?? ''],
      );
      return row ? { ds_dep: row.nm_poli, nama_dr: row.nm_dokter, tgl_janji: row.tgl, no_urut: Number(row.no_reg) } : null;
    },
    lastBpjsAppointment: (nomr, except) => lastBpjs(q, payers, nomr, except ? (rawatOf.get(except) ?? null) : null),
    async takeSeat(s, date) {
      // Full already: refused without a place in the lock's queue (the rules were read before, in their order).
      if (await fullWhenRead(q, seatOf(s, date))) return null;
      // The numbering's lock before the practice's own (rows.ts): one order for every booking of the scope.
      await lockNumbering(q, seatOf(s, date));
      const got = await reserveIn(q, seatOf(s, date), true);
      if (!got.ok) return null;
      reserved.set(seatKey(s.kd_dr, s.kd_dep, date), got.reserved);
      return Number(got.reserved.seat.no_reg);
    },
    async insert(a) {
      const seat = reserved.get(seatKey(a.session.kd_dr, a.session.kd_dep, a.tgl_janji));
      if (!seat) throw new Error('insert without a seat taken');
      const request: SeatRequest = {
        ...seatOf(a.session, a.tgl_janji),
        no_rkm_medis: a.nomr,
        kd_pj: a.carabayar === 'B' ? payers.bpjs : payers.umum,
        // Another payer than BPJS: the patient's own (pasien.kd_pj), as Khanza's counter registers one.
        ownPayerUnless: payers.bpjs,
        nohp: a.hp,
        rujukan: a.rujukan,
        statuskirim,
        minutesPerPatient,
        // A JKN booking with its letter is Khanza's Mobile JKN booking. One without (the app's, where
        // VClaim is off: docs/bpjs.md, Referrals) is written as the counter writes a BPJS registration
        // before its SEP: the counter checks the letter and makes the SEP, and Khanza's sender reports
        // the visit from there; never a reference row with an empty nomorreferensi. Another payer's is
        // Khanza's plain registration, reported as NON JKN.
        reference: a.carabayar === 'B' && (statuskirim === 'Sudah' || Boolean(a.rujukan?.nomorreferensi)),
      };
      // A JKN booking whose reference could not be complete is refused with the reason, nothing written (rows.ts).
      const problem = request.reference ? await referenceProblem(q, request) : null;
      if (problem) throw new HttpError(422, problem);
      const written = await writeSeatIn(q, request, seat);
      subjects.set(idOf(written.no_rawat), {
        nomr: a.nomr,
        jenis: 'poli',
        ds_dep: a.session.ds_dep,
        nama_dr: a.session.nama_dr,
        tgl_janji: a.tgl_janji,
        jam_dtg: a.session.jam_dtg,
        jam_plg: a.session.jam_plg,
        no_urut: Number(written.no_reg),
      });
      if (a.carabayar !== 'B') {
        later.push(() =>
          db.query('INSERT INTO simrs_bookings (no_reg, nomr, tgl_janji) VALUES ($1, $2, $3) ON CONFLICT (no_reg) DO NOTHING', [
            written.no_rawat,
            a.nomr,
            a.tgl_janji,
          ]),
        );
      }
      return { id: idOf(written.no_rawat), no_reg: written.no_rawat };
    },
    // The reminders of a booking in Khanza live in this API's database (simrs_reminders), by the visit's no_rawat.
    async setReminders(id, reminders) {
      const no_rawat = rawatOf.get(id);
      if (!no_rawat) return;
      const subject = subjects.get(id) ?? null;
      later.push(() => setSimrsReminders(db, no_rawat, subject, reminders));
    },
    async appointment(no_reg) {
      const [r] = await q.query<RegRow>(`${REGISTRATION} WHERE r.no_rawat = ? AND r.status_lanjut = 'Ralan' FOR UPDATE`, [no_reg]);
      if (!r) return null;
      const app = await appBookings(db, [r]);
      patientOf.set(idOf(r.no_rawat), r.no_rkm_medis);
      const a: StoredAppointment = {
        id: idOf(r.no_rawat),
        no_reg: r.no_rawat,
        nomr: r.no_rkm_medis,
        jenis: 'poli',
        schedule_id: r.hari_kerja && r.jam_mulai ? practiceId(r.kd_dokter, r.kd_poli, r.hari_kerja, r.jam_mulai) : 0,
        tgl_janji: r.tgl_registrasi,
        kd_dep: r.kd_poli,
        kd_dr: r.kd_dokter,
        sts_jam: stsJam(r.jam_mulai ?? hhmm(r.jam_reg)),
        carabayar: carabayar(payers, r.kd_pj),
        no_urut: Number(r.no_reg),
        jam_dtg: r.jam_mulai ?? hhmm(r.jam_reg),
        jam_plg: r.jam_selesai ?? r.jam_mulai ?? hhmm(r.jam_reg),
        ds_dep: r.nm_poli,
        nama_dr: r.nm_dokter,
        // Khanza keeps no time of a cancel: the status says it.
        cancelled_at: r.stts === 'Batal' ? `${r.tgl_registrasi}T00:00:00${WIB_OFFSET}` : null,
        checked_in: r.ref_status === 'Checkin' || Boolean(app.get(r.no_rawat)) || (r.stts !== 'Belum' && r.stts !== 'Batal'),
      };
      return a;
    },
    session: (req, jenis) => sessionFor(q, req, jenis),
    async markCancelled(a, reason, at) {
      await q.run(`UPDATE reg_periksa SET stts = 'Batal' WHERE no_rawat = ? AND stts = 'Belum'`, [a.no_reg]);
      await q.run(`UPDATE referensi_mobilejkn_bpjs SET status = 'Batal', validasi = FROM_UNIXTIME(? / 1000) WHERE no_rawat = ?`, [at, a.no_reg]);
      // As Khanza's Mobile JKN service records a cancel, for its Antrean sender: 'Belum' to tell BPJS, 'Sudah' when BPJS made it.
      await q.run(
        `INSERT IGNORE INTO referensi_mobilejkn_bpjs_batal (no_rkm_medis, no_rawat_batal, nomorreferensi, tanggalbatal, keterangan, statuskirim, nobooking)
         SELECT norm, no_rawat, nomorreferensi, FROM_UNIXTIME(? / 1000), ?, ?, nobooking FROM referensi_mobilejkn_bpjs WHERE no_rawat = ?`,
        [at, reason.slice(0, 200), statuskirim, a.no_reg],
      );
      const entry: AuditEntry = {
        action: 'appointment.cancel',
        outcome: 'ok',
        actor: a.nomr,
        subject: a.nomr,
        detail: `${a.no_reg} ${reason}`.slice(0, 300),
      };
      later.push(() => audit(db, entry));
      return wibIso(at);
    },
    // Khanza counts seats from its rows: moving or cancelling the row gives its seat back.
    freeSeat: async () => undefined,
    // The doctors' days, as the booking and the quota guard lock them (seats.ts lockPractice), in one order.
    async lockSeats(from, to) {
      const days = new Map<string, [string, string, string]>();
      for (const { scheduleId, date } of [from, to]) {
        const s = known.get(scheduleId);
        if (s) days.set(`${s.kd_dr}|${s.kd_dep}|${hariKerja(date)}`, [s.kd_dr, s.kd_dep, hariKerja(date)]);
      }
      for (const key of [...days.keys()].sort()) {
        await q.query(
          'SELECT jam_mulai FROM jadwal WHERE kd_dokter = ? AND kd_poli = ? AND hari_kerja = ? ORDER BY jam_mulai LIMIT 1 FOR UPDATE',
          days.get(key),
        );
      }
    },
    async move(id, s, date) {
      const no_rawat = rawatOf.get(id);
      const seat = reserved.get(seatKey(s.kd_dr, s.kd_dep, date));
      if (!no_rawat || !seat) throw new Error('move without its appointment and seat');
      await q.run('UPDATE reg_periksa SET no_rawat = ?, no_reg = ?, tgl_registrasi = ?, jam_reg = ?, kd_dokter = ?, kd_poli = ? WHERE no_rawat = ?', [
        seat.seat.no_rawat,
        seat.seat.no_reg,
        date,
        `${s.jam_dtg}:00`,
        s.kd_dr,
        s.kd_dep,
        no_rawat,
      ]);
      await moveReference(q, no_rawat, seat, s, date, minutesPerPatient);
      const moved = seat.seat.no_rawat;
      later.push(() => db.query('UPDATE simrs_bookings SET no_reg = $2, tgl_janji = $3 WHERE no_reg = $1', [no_rawat, moved, date]));
      later.push(() => moveSimrsReminders(db, no_rawat, moved));
      const nomr = patientOf.get(id);
      if (nomr) {
        subjects.set(id, {
          nomr,
          jenis: 'poli',
          ds_dep: s.ds_dep,
          nama_dr: s.nama_dr,
          tgl_janji: date,
          jam_dtg: s.jam_dtg,
          jam_plg: s.jam_plg,
          no_urut: Number(seat.seat.no_reg),
        });
      }
      rawatOf.set(id, seat.seat.no_rawat);
      // Khanza numbers a visit by its date: the moved registration has a new no_rawat.
      return seat.seat.no_rawat;
    },
    // The queue is Khanza's registrations: a cancelled one has left it already.
    leaveQueue: async () => undefined,
  };
  return tx;
}

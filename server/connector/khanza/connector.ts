// SIMRS=khanza: the connector contract answered from a SIMRS Khanza database (docs/integration.md,
// its field glossary). Reads map Khanza's names to the contract's once, here; a booking is a
// Khanza registration (seats.ts). What Khanza does not hold stays in this API's database: the
// patient's row there is a copy of Khanza's, refreshed at each login, for the sessions, passkeys,
// family and push that refer to it; the vascular reports are read from there.
import type { AppointmentKind } from '../../../common/booking.ts';
import { isoWeekdayName, weekdayName } from '../../../common/dates.ts';
import type * as C from '../../../common/schemas/index.ts';
import type { QueueStatus } from '../../../common/schemas/patient.ts';
import { audit, type AuditEntry } from '../../db/audit.ts';
import type { Channel } from '../../db/booking.ts';
import type { Db } from '../../db/client.ts';
import { announce, sessionKey } from '../../db/queue-events.ts';
import * as records from '../../db/records.ts';
import { saveRegistration } from '../../db/registrations.ts';
import type { CheckinEntry, QueueRow } from '../../db/visit.ts';
import type { BookingStore, BookingTx, Session, SessionQuery } from '../../domain/booking.ts';
import type { PatientIdentity } from '../../domain/fhir.ts';
import type { ManageStore, ManageTx, StoredAppointment, UpcomingRow } from '../../domain/manage.ts';
import { WIB_OFFSET, wibIso } from '../../../common/wib.ts';
import type { ReminderSubject } from '../../domain/reminders.ts';
import { moveSimrsReminders, setSimrsReminders } from '../../db/simrs-reminders.ts';
import type { HospitalConnector } from '../contract.ts';
import { ER, errno, type KhanzaDb, type KhanzaPayers, type KhanzaQuery } from './client.ts';
import { khanzaJknDesk } from './jkn.ts';
import { calledNumber } from './calls.ts';
import { khanzaPharmacyQueue } from './pharmacy.ts';
import { khanzaMark } from './poll.ts';
import { HARI_KERJA, hariKerja, type Reserved, reserveIn, type SeatSession, writeSeatIn } from './seats.ts';

const hhmm = (t: string | null) => (t ?? '').slice(0, 5);
/** This API's session of the day (sts_jam): '1' a practice starting before noon, '2' after. */
const stsJam = (jamMulai: string) => (jamMulai < '12:00' ? '1' : '2');
/** ISO weekday (1 Monday … 7 Sunday) of Khanza's day name. */
const isoOf = (hari: string) => {
  const i = HARI_KERJA.indexOf(hari as (typeof HARI_KERJA)[number]);
  return i === 0 ? 7 : i;
};

/** Khanza's registration status as the clinic queue's. */
export function queueStatus(stts: string): QueueStatus {
  if (stts === 'Belum' || stts === 'Berkas Diterima') return 'menunggu';
  if (stts === 'Batal') return 'batal';
  return 'selesai';
}

/** A practice's number, the same in every process: FNV-1a of its key, 31 bits. */
function practiceId(kd_dokter: string, kd_poli: string, hari: string, jam_mulai: string): number {
  let h = 0x811c9dc5;
  for (const ch of `${kd_dokter}|${kd_poli}|${hari}|${jam_mulai}`) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 1 || 1;
}

interface PracticeRow {
  kd_dokter: string;
  kd_poli: string;
  hari_kerja: string;
  jam_mulai: string;
  jam_selesai: string | null;
  kuota: number | null;
  nm_poli: string;
  nm_dokter: string;
}

const PRACTICE = `SELECT j.kd_dokter, j.kd_poli, j.hari_kerja, TIME_FORMAT(j.jam_mulai, '%H:%i') AS jam_mulai,
                         TIME_FORMAT(j.jam_selesai, '%H:%i') AS jam_selesai, j.kuota, p.nm_poli, d.nm_dokter
                    FROM jadwal j JOIN poliklinik p ON p.kd_poli = j.kd_poli JOIN dokter d ON d.kd_dokter = j.kd_dokter`;

/** The sessions read so far, by id: a booking's transaction finds the one its request named before it. */
const known = new Map<number, Session>();

function sessionOf(r: PracticeRow): Session {
  const s: Session = {
    id: practiceId(r.kd_dokter, r.kd_poli, r.hari_kerja, r.jam_mulai),
    kd_dep: r.kd_poli,
    kd_dr: r.kd_dokter,
    sts_jam: stsJam(r.jam_mulai),
    sts_ue: 'U',
    batas_quota: r.kuota ?? 0,
    jam_dtg: r.jam_mulai,
    jam_plg: r.jam_selesai ?? r.jam_mulai,
    ds_dep: r.nm_poli,
    nama_dr: r.nm_dokter,
  };
  known.set(s.id, s);
  return s;
}

/** The practice a request names: the doctor at the clinic on the date's weekday, its session by sts_jam. */
async function practiceFor(q: KhanzaQuery, req: SessionQuery): Promise<PracticeRow | null> {
  const rows = await q.query<PracticeRow>(`${PRACTICE} WHERE j.kd_poli = ? AND j.kd_dokter = ? AND j.hari_kerja = ? ORDER BY j.jam_mulai`, [
    req.kd_dep,
    req.kd_dr,
    hariKerja(req.tgl_janji),
  ]);
  return rows.find((r) => stsJam(r.jam_mulai) === req.sts_jam) ?? null;
}

interface RegRow {
  no_rawat: string;
  no_reg: string;
  no_rkm_medis: string;
  tgl_registrasi: string;
  kd_dokter: string;
  kd_poli: string;
  stts: string;
  kd_pj: string;
  jam_reg: string;
  nm_poli: string;
  nm_dokter: string;
  jam_mulai: string | null;
  jam_selesai: string | null;
  hari_kerja: string | null;
  ref_status: string | null;
  validasi: string | null;
}

/** A clinic registration with its practice's hours and its Mobile JKN reference (check-in). */
const REGISTRATION = `
  SELECT r.no_rawat, r.no_reg, r.no_rkm_medis, DATE_FORMAT(r.tgl_registrasi, '%Y-%m-%d') AS tgl_registrasi, r.kd_dokter, r.kd_poli,
         r.stts, r.kd_pj, TIME_FORMAT(r.jam_reg, '%H:%i:%s') AS jam_reg, p.nm_poli, d.nm_dokter,
         TIME_FORMAT(j.jam_mulai, '%H:%i') AS jam_mulai, TIME_FORMAT(j.jam_selesai, '%H:%i') AS jam_selesai, j.hari_kerja,
         m.status AS ref_status, DATE_FORMAT(m.validasi, '%Y-%m-%d %H:%i:%s') AS validasi
    FROM reg_periksa r
    JOIN poliklinik p ON p.kd_poli = r.kd_poli JOIN dokter d ON d.kd_dokter = r.kd_dokter
    LEFT JOIN jadwal j ON j.kd_dokter = r.kd_dokter AND j.kd_poli = r.kd_poli
         AND j.hari_kerja = ELT(DAYOFWEEK(r.tgl_registrasi), 'AKHAD', 'SENIN', 'SELASA', 'RABU', 'KAMIS', 'JUMAT', 'SABTU')
    LEFT JOIN referensi_mobilejkn_bpjs m ON m.no_rawat = r.no_rawat`;

/** The app's bookings without a Mobile JKN reference (simrs_bookings), by no_rawat: their phone check-in, or null before it. */
type AppBookings = ReadonlyMap<string, string | null>;

/**
 * The check-in Khanza knows: its Mobile JKN check-in (status 'Checkin', at validasi); for an app
 * booking without that reference (a non-JKN one), the phone's check-in kept in this API's
 * database; for a registration made at the counter, the registration itself (the patient was there).
 */
function checkinOf(r: RegRow, app: AppBookings): string | null {
  if (r.ref_status === 'Checkin' && r.validasi) return `${r.validasi.replace(' ', 'T')}${WIB_OFFSET}`;
  if (r.ref_status === null) return app.has(r.no_rawat) ? (app.get(r.no_rawat) ?? null) : `${r.tgl_registrasi}T${r.jam_reg}${WIB_OFFSET}`;
  return null;
}

/** A write to this API's database once Khanza's transaction has committed (an audit entry, a booking's mark). */
type Later = () => Promise<unknown>;

export interface KhanzaConnectorOptions {
  payers: KhanzaPayers;
  /** The operating rooms that are the catheterization lab (KHANZA_RUANG_OK_KATETER). */
  cathRooms: string[];
  /** Minutes per patient of a booking's estimate (QUEUE_MINUTES_PER_PATIENT); none: no estimate written. */
  minutesPerPatient?: number;
}

export function khanzaConnector(sik: KhanzaDb, db: Db, { payers, cathRooms, minutesPerPatient = 0 }: KhanzaConnectorOptions): HospitalConnector {
  const carabayar = (kd_pj: string): 'B' | 'P' => (kd_pj === payers.bpjs ? 'B' : 'P');

  async function lastBpjs(q: KhanzaQuery, nomr: string, exceptRawat: string | null): Promise<string | null> {
    const [row] = await q.query<{ tgl: string | null }>(
      `SELECT DATE_FORMAT(MAX(tgl_registrasi), '%Y-%m-%d') AS tgl FROM reg_periksa
        WHERE no_rkm_medis = ? AND kd_pj = ? AND stts <> 'Batal' AND status_lanjut = 'Ralan' AND no_rawat <> ?`,
      [nomr, payers.bpjs, exceptRawat ?? ''],
    );
    return row?.tgl ?? null;
  }

  /**
   * The booking's and the manage calls' one Khanza transaction; the audit entries written after it
   * commits. `channel`: the app's, or Mobile JKN's (its bookings and cancels BPJS holds already).
   */
  function transaction<T>(fn: (tx: ManageTx) => Promise<T>, channel: Channel = 'app'): Promise<T> {
    const later: Later[] = [];
    const attempt = async () => {
      later.length = 0;
      const result = await sik.tx((q) => fn(manageTx(q, later, channel)));
      for (const write of later) await write();
      return result;
    };
    const retry = async (left: number): Promise<T> => {
      try {
        return await attempt();
      } catch (err) {
        // Two registrations took the same number at once, or a deadlock: Khanza rolled this one back.
        if (left > 0 && [ER.dupEntry, ER.deadlock].includes(errno(err) as never)) return retry(left - 1);
        throw err;
      }
    };
    return retry(3);
  }

  /**
   * The app's bookings among these registrations that Khanza holds without a Mobile JKN reference,
   * with their phone check-in (simrs_bookings, this API's database).
   */
  async function appBookings(rows: Array<Pick<RegRow, 'no_rawat' | 'ref_status'>>): Promise<AppBookings> {
    const plain = rows.filter((r) => r.ref_status === null).map((r) => r.no_rawat);
    if (!plain.length) return new Map();
    const marks = await db.query<{ no_reg: string; checkin_ms: number | null }>(
      'SELECT no_reg, (extract(epoch FROM checkin_at) * 1000)::float8 AS checkin_ms FROM simrs_bookings WHERE no_reg = ANY($1::text[])',
      [plain],
    );
    return new Map(marks.map((m) => [m.no_reg, m.checkin_ms === null ? null : wibIso(Number(m.checkin_ms))]));
  }

  function manageTx(q: KhanzaQuery, later: Later[], channel: Channel): ManageTx {
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
    const seatOf = (s: Pick<Session, 'kd_dr' | 'kd_dep'>, date: string): SeatSession => ({ kd_dokter: s.kd_dr, kd_poli: s.kd_dep, tanggal: date });

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
        return row ? { no_urut: Number(row.no_reg), no_reg: row.no_rawat, carabayar: carabayar(row.kd_pj), jenis: 'poli' as const } : null;
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
      lastBpjsAppointment: (nomr, except) => lastBpjs(q, nomr, except ? (rawatOf.get(except) ?? null) : null),
      async takeSeat(s, date) {
        const got = await reserveIn(q, seatOf(s, date));
        if (!got.ok) return null;
        reserved.set(seatKey(s.kd_dr, s.kd_dep, date), got.reserved);
        return Number(got.reserved.seat.no_reg);
      },
      async insert(a) {
        const seat = reserved.get(seatKey(a.session.kd_dr, a.session.kd_dep, a.tgl_janji));
        if (!seat) throw new Error('insert without a seat taken');
        const written = await writeSeatIn(
          q,
          {
            ...seatOf(a.session, a.tgl_janji),
            no_rkm_medis: a.nomr,
            kd_pj: a.carabayar === 'B' ? payers.bpjs : payers.umum,
            nohp: a.hp,
            rujukan: a.rujukan,
            statuskirim,
            minutesPerPatient,
            // A JKN booking is Khanza's Mobile JKN booking; another is its plain registration, reported as NON JKN.
            reference: a.carabayar === 'B',
          },
          seat,
        );
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
        const app = await appBookings([r]);
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
          carabayar: carabayar(r.kd_pj),
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
      session: async (req, jenis) => (jenis === 'poli' ? ((await practiceFor(q, req).then((p) => p && sessionOf(p))) ?? null) : null),
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
      async lockSeats(from, to) {
        const keys = [from.scheduleId, to.scheduleId].sort((x, y) => x - y);
        for (const id of new Set(keys)) {
          const s = known.get(id);
          if (s)
            await q.query('SELECT kuota FROM jadwal WHERE kd_dokter = ? AND kd_poli = ? AND jam_mulai = ? FOR UPDATE', [s.kd_dr, s.kd_dep, `${s.jam_dtg}:00`]);
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
        await moveReference(q, no_rawat, seat, s, date);
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

  /**
   * The Mobile JKN reference of a moved registration. Not yet reported (statuskirim 'Belum'): the
   * row follows the move. Reported already ('Sudah': BPJS holds the booking with its old date,
   * and takes no cancelled kodebooking back): the old nobooking is cancelled for Khanza's Antrean
   * sender ('Jadwal diubah oleh pasien') and the moved visit is a new booking under the new date's
   * nobooking, 'Belum', for the sender to add, as SIMRS=local reports a move (docs/bpjs.md).
   */
  async function moveReference(q: KhanzaQuery, no_rawat: string, seat: Reserved, s: Session, date: string): Promise<void> {
    const [old] = await q.query<{ nobooking: string; statuskirim: string }>('SELECT nobooking, statuskirim FROM referensi_mobilejkn_bpjs WHERE no_rawat = ?', [
      no_rawat,
    ]);
    if (!old) return;
    const kodedokter = `IFNULL((SELECT md.kd_dokter_bpjs FROM maping_dokter_dpjpvclaim md WHERE md.kd_dokter = ?), ?)`;
    const numbers = [`${s.kd_dep}-${seat.seat.no_reg}`, String(Number(seat.seat.no_reg)), `${s.jam_dtg}-${s.jam_plg}`];
    if (old.statuskirim !== 'Sudah') {
      await q.run(
        `UPDATE referensi_mobilejkn_bpjs SET no_rawat = ?, tanggalperiksa = ?, kodedokter = ${kodedokter}, nomorantrean = ?, angkaantrean = ?, jampraktek = ?
          WHERE nobooking = ?`,
        [seat.seat.no_rawat, date, s.kd_dr, s.kd_dr, ...numbers, old.nobooking],
      );
      return;
    }
    const start = Date.parse(`${date}T${s.jam_dtg}:00+07:00`);
    const estimasi = minutesPerPatient ? String(start + (Number(seat.seat.no_reg) - 1) * minutesPerPatient * 60_000) : '0';
    const sisa = Math.max(0, seat.kuota - seat.taken - 1);
    await q.run(
      `INSERT INTO referensi_mobilejkn_bpjs (nobooking, no_rawat, nomorkartu, nik, nohp, kodepoli, pasienbaru, norm, tanggalperiksa, kodedokter,
                                             jampraktek, jeniskunjungan, nomorreferensi, nomorantrean, angkaantrean, estimasidilayani,
                                             sisakuotajkn, kuotajkn, sisakuotanonjkn, kuotanonjkn, status, validasi, statuskirim)
       SELECT ?, ?, nomorkartu, nik, nohp, kodepoli, pasienbaru, norm, ?, ${kodedokter}, ?, jeniskunjungan, nomorreferensi, ?, ?, ?, ?, ?, ?, ?,
              'Belum', '0000-00-00 00:00:00', 'Belum'
         FROM referensi_mobilejkn_bpjs WHERE nobooking = ?`,
      [
        seat.seat.nobooking,
        seat.seat.no_rawat,
        date,
        s.kd_dr,
        s.kd_dr,
        numbers[2],
        numbers[0],
        numbers[1],
        estimasi,
        sisa,
        seat.kuota,
        sisa,
        seat.kuota,
        old.nobooking,
      ],
    );
    // The old booking leaves the visit (its number may be another's on that date later).
    await q.run(`UPDATE referensi_mobilejkn_bpjs SET status = 'Batal', validasi = NOW(), no_rawat = NULL WHERE nobooking = ?`, [old.nobooking]);
    await q.run(
      `INSERT IGNORE INTO referensi_mobilejkn_bpjs_batal (no_rkm_medis, no_rawat_batal, nomorreferensi, tanggalbatal, keterangan, statuskirim, nobooking)
       SELECT norm, ?, nomorreferensi, NOW(), 'Jadwal diubah oleh pasien', 'Belum', nobooking FROM referensi_mobilejkn_bpjs WHERE nobooking = ?`,
      [no_rawat, old.nobooking],
    );
  }

  const bookingOf = (channel: Channel): BookingStore => ({
    // Khanza has no online consultation sessions: none is offered.
    session: async (req, jenis: AppointmentKind) => (jenis === 'poli' ? ((await practiceFor(sik, req).then((p) => p && sessionOf(p))) ?? null) : null),
    transaction: <T>(fn: (tx: BookingTx) => Promise<T>) => transaction(fn, channel),
  });
  const booking = bookingOf('app');
  const manage: ManageStore = { transaction: (fn) => transaction(fn) };

  /**
   * Inpatient stays: a visit continued as inpatient, from its first room's day to its last room's
   * discharge; still there while its latest room has no discharge (stts_pulang '-').
   */
  function stays(nomr: string, which: 'now' | 'past') {
    return sik.query<{
      no_rawat: string;
      tgl_registrasi: string;
      nm_poli: string;
      tgl_masuk: string;
      tgl_keluar: string | null;
      kd_kamar: string;
      nm_bangsal: string;
      diagnosa: string | null;
    }>(
      `SELECT r.no_rawat, DATE_FORMAT(r.tgl_registrasi, '%Y-%m-%d') AS tgl_registrasi, p.nm_poli,
              DATE_FORMAT((SELECT MIN(k.tgl_masuk) FROM kamar_inap k WHERE k.no_rawat = r.no_rawat), '%Y-%m-%d') AS tgl_masuk,
              DATE_FORMAT(NULLIF(last.tgl_keluar, '0000-00-00'), '%Y-%m-%d') AS tgl_keluar, last.kd_kamar, b.nm_bangsal,
              COALESCE(NULLIF(last.diagnosa_akhir, ''), last.diagnosa_awal) AS diagnosa
         FROM reg_periksa r JOIN poliklinik p ON p.kd_poli = r.kd_poli
         JOIN kamar_inap last ON last.no_rawat = r.no_rawat
          AND (last.tgl_masuk, last.jam_masuk) = (SELECT k.tgl_masuk, k.jam_masuk FROM kamar_inap k WHERE k.no_rawat = r.no_rawat
                                                   ORDER BY k.tgl_masuk DESC, k.jam_masuk DESC LIMIT 1)
         JOIN kamar km ON km.kd_kamar = last.kd_kamar JOIN bangsal b ON b.kd_bangsal = km.kd_bangsal
        WHERE r.no_rkm_medis = ? AND r.status_lanjut = 'Ranap' AND r.stts <> 'Batal'
          AND ${which === 'now' ? "last.stts_pulang = '-'" : "last.stts_pulang NOT IN ('-', 'Pindah Kamar')"}
        ORDER BY tgl_masuk DESC`,
      [nomr],
    );
  }

  interface ProcedureRow {
    no_rawat: string;
    tanggal: string;
    tindakan: string;
    dokter: string;
    anestesi: string;
    nm_pasien: string;
  }
  /**
   * Procedures from the operating rooms' bookings: catheterization in the rooms KHANZA_RUANG_OK_KATETER
   * names, surgery in the others; planned (not 'Selesai', from `today`) or done ('Selesai'), the
   * anaesthesia doctor from the operation's team.
   */
  function procedures(nomr: string, jenis: 'kath' | 'bedah', today: string | null): Promise<ProcedureRow[]> {
    const rooms = cathRooms.length ? cathRooms : [''];
    const inRooms = `b.kd_ruang_ok ${jenis === 'kath' ? '' : 'NOT '}IN (${rooms.map(() => '?').join(', ')})`;
    const when = today === null ? "b.status = 'Selesai' ORDER BY b.tanggal DESC" : "b.status <> 'Selesai' AND b.tanggal >= ? ORDER BY b.tanggal";
    return sik.query<ProcedureRow>(
      `SELECT b.no_rawat, DATE_FORMAT(b.tanggal, '%Y-%m-%d') AS tanggal, k.nm_perawatan AS tindakan, d.nm_dokter AS dokter,
              IFNULL((SELECT a.nm_dokter FROM operasi o JOIN dokter a ON a.kd_dokter = o.dokter_anestesi
                       WHERE o.no_rawat = b.no_rawat AND o.kode_paket = b.kode_paket ORDER BY o.tgl_operasi LIMIT 1), '') AS anestesi,
              p.nm_pasien
         FROM booking_operasi b JOIN reg_periksa r ON r.no_rawat = b.no_rawat JOIN pasien p ON p.no_rkm_medis = r.no_rkm_medis
         JOIN paket_operasi k ON k.kode_paket = b.kode_paket JOIN dokter d ON d.kd_dokter = b.kd_dokter
        WHERE r.no_rkm_medis = ? AND ${jenis === 'kath' && !cathRooms.length ? 'FALSE' : inRooms} AND ${when}`,
      [nomr, ...rooms, ...(today === null ? [] : [today])],
    );
  }
  /** A cath-lab procedure as the schedule and the history both answer it. */
  const cath = (r: ProcedureRow, nomr: string) => ({
    hari: weekdayName(r.tanggal),
    tanggal_tindakan: r.tanggal,
    nama_pasien: r.nm_pasien,
    no_mr: nomr,
    tindakan: r.tindakan,
    no_reg: r.no_rawat,
    nama_dokter: r.dokter,
  });
  const surgery = (r: ProcedureRow, nomr: string) => ({
    hari: weekdayName(r.tanggal),
    tanggal_operasi: r.tanggal,
    nama_pasien: r.nm_pasien,
    no_mr: nomr,
    tindakan_bedah: r.tindakan,
    no_reg: r.no_rawat,
    nama_dokter_bedah: r.dokter,
  });

  async function registrations(where: string, params: Array<string | number>): Promise<RegRow[]> {
    return sik.query<RegRow>(`${REGISTRATION} WHERE r.status_lanjut = 'Ralan' AND ${where}`, params);
  }

  return {
    kind: 'khanza',
    async health() {
      try {
        await sik.ping();
        return { name: 'khanza', ok: true };
      } catch {
        return { name: 'khanza', ok: false };
      }
    },
    close: () => sik.close(),

    async patientByBirthDate(nomr, birthdate) {
      const [p] = await sik.query<{
        no_rkm_medis: string;
        nm_pasien: string;
        jk: 'L' | 'P';
        tgl_lahir: string;
        alamat: string | null;
        no_tlp: string | null;
        kd_pj: string;
        png_jawab: string;
        no_peserta: string | null;
      }>(
        `SELECT p.no_rkm_medis, p.nm_pasien, p.jk, DATE_FORMAT(p.tgl_lahir, '%Y-%m-%d') AS tgl_lahir, p.alamat, p.no_tlp, p.kd_pj, j.png_jawab, p.no_peserta
           FROM pasien p LEFT JOIN penjab j ON j.kd_pj = p.kd_pj WHERE p.no_rkm_medis = ? AND p.tgl_lahir = ?`,
        [nomr, birthdate],
      );
      if (!p) return null;
      // This API's copy of the patient, which its sessions, passkeys and family refer to.
      await db.query(
        `INSERT INTO patients (nomr, nama, jenis_kelamin, tgl_lahir, pastipe, alamat, no_jaminan, telp_hp) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (nomr) DO UPDATE SET nama = EXCLUDED.nama, jenis_kelamin = EXCLUDED.jenis_kelamin, tgl_lahir = EXCLUDED.tgl_lahir,
           pastipe = EXCLUDED.pastipe, alamat = EXCLUDED.alamat, no_jaminan = EXCLUDED.no_jaminan, telp_hp = EXCLUDED.telp_hp`,
        [
          p.no_rkm_medis,
          p.nm_pasien,
          p.jk ?? 'L',
          p.tgl_lahir,
          p.kd_pj === payers.bpjs ? 'BPJS' : (p.png_jawab ?? 'UMUM'),
          p.alamat ?? '',
          p.no_peserta,
          p.no_tlp,
        ],
      );
      return p.no_rkm_medis;
    },
    async patientIdentity(nomr) {
      const [p] = await sik.query<PatientIdentity>(
        `SELECT no_rkm_medis AS nomr, nm_pasien AS nama, jk AS jenis_kelamin, DATE_FORMAT(tgl_lahir, '%Y-%m-%d') AS tgl_lahir, alamat, no_tlp AS telp_hp, no_ktp
           FROM pasien WHERE no_rkm_medis = ?`,
        [nomr],
      );
      return p ?? null;
    },
    async profile(nomr) {
      const [p] = await sik.query<C.Profile & { kd_pj: string }>(
        `SELECT p.no_rkm_medis AS nomr, p.nm_pasien AS nama, IF(p.jk = 'L', 'Laki-laki', 'Perempuan') AS jenis_kelamin,
                DATE_FORMAT(p.tgl_lahir, '%Y-%m-%d') AS tgl_lahir, IFNULL(j.png_jawab, '') AS pastipe, IFNULL(p.alamat, '') AS alamat,
                p.no_peserta AS no_jaminan, p.kd_pj
           FROM pasien p LEFT JOIN penjab j ON j.kd_pj = p.kd_pj WHERE p.no_rkm_medis = ?`,
        [nomr],
      );
      if (!p) return null;
      const { kd_pj, ...profile } = p;
      return { ...profile, pastipe: kd_pj === payers.bpjs ? 'BPJS' : profile.pastipe };
    },

    // Each clinic with the weekdays of its jadwal rows (the calendars grey out the others); Khanza
    // holds no online sessions, so hari_online is left out (an app then closes no day for it).
    async clinics() {
      const rows = await sik.query<{ kd_dep: string; ds_dep: string; hari: string | null }>(
        `SELECT p.kd_poli AS kd_dep, p.nm_poli AS ds_dep, GROUP_CONCAT(DISTINCT j.hari_kerja) AS hari
           FROM poliklinik p LEFT JOIN jadwal j ON j.kd_poli = p.kd_poli
          WHERE p.status = '1' GROUP BY p.kd_poli, p.nm_poli ORDER BY p.nm_poli`,
      );
      return rows.map(({ kd_dep, ds_dep, hari }) => ({
        kd_dep,
        ds_dep,
        hari_praktik: [...new Set((hari ?? '').split(',').filter(Boolean).map(isoOf))].sort((a, b) => a - b),
      }));
    },
    async doctorSchedules(spesialis) {
      const rows = await sik.query<PracticeRow>(
        `${PRACTICE} JOIN spesialis s ON s.kd_sps = d.kd_sps WHERE LOWER(s.nm_sps) = LOWER(?) AND d.status = '1' ORDER BY d.nm_dokter, j.jam_mulai`,
        [spesialis],
      );
      const byDoctor = new Map<string, C.DoctorSchedule>();
      for (const r of rows) {
        const d = byDoctor.get(r.kd_dokter) ?? { nama_dr_lengkap: r.nm_dokter, kd_dr: r.kd_dokter, foto: `/foto-dokter/${r.kd_dokter}.svg`, jadwal: [] };
        d.jadwal.push({
          hari: isoWeekdayName(isoOf(r.hari_kerja)),
          jam_dtg: r.jam_mulai,
          jam_plg: r.jam_selesai ?? r.jam_mulai,
          kd_dep: r.kd_poli,
          ds_dep: r.nm_poli,
        });
        byDoctor.set(r.kd_dokter, d);
      }
      for (const d of byDoctor.values()) d.jadwal.sort((a, b) => ISO_ORDER(a.hari) - ISO_ORDER(b.hari) || a.jam_dtg.localeCompare(b.jam_dtg));
      return [...byDoctor.values()];
    },
    async doctorPhoto(kd_dr) {
      const [d] = await sik.query<{ nm_dokter: string }>('SELECT nm_dokter FROM dokter WHERE kd_dokter = ?', [kd_dr]);
      return d ? { kind: 'name', name: d.nm_dokter } : null;
    },
    async quotaSlots(kdDep, kdDr, date, jenis) {
      // Khanza has no online consultation sessions: none is offered.
      if (jenis !== 'poli') return [];
      const rows = await sik.query<PracticeRow & { taken: number }>(
        `SELECT j.kd_dokter, j.kd_poli, j.hari_kerja, TIME_FORMAT(j.jam_mulai, '%H:%i') AS jam_mulai, TIME_FORMAT(j.jam_selesai, '%H:%i') AS jam_selesai,
                j.kuota, p.nm_poli, d.nm_dokter,
                (SELECT COUNT(*) FROM reg_periksa r WHERE r.kd_dokter = j.kd_dokter AND r.kd_poli = j.kd_poli AND r.tgl_registrasi = ?
                    AND r.stts <> 'Batal' AND r.status_lanjut = 'Ralan')
              + (SELECT COUNT(*) FROM booking_registrasi b WHERE b.kd_dokter = j.kd_dokter AND b.kd_poli = j.kd_poli AND b.tanggal_periksa = ?
                    AND b.status = 'Belum') AS taken
           FROM jadwal j JOIN poliklinik p ON p.kd_poli = j.kd_poli JOIN dokter d ON d.kd_dokter = j.kd_dokter
          WHERE j.kd_poli = ? AND j.hari_kerja = ? AND (? = '' OR j.kd_dokter = ?)
          ORDER BY j.jam_mulai, d.nm_dokter`,
        [date, date, kdDep, hariKerja(date), kdDr, kdDr],
      );
      return rows.map((r) => {
        const s = sessionOf(r);
        return {
          kode: 200,
          nama_dr: s.nama_dr,
          kd_dr: s.kd_dr,
          jam_dtg: s.jam_dtg,
          jam_plg: s.jam_plg,
          batas_quota: s.batas_quota,
          quota_terisi: Math.min(Number(r.taken), s.batas_quota),
          sts_jam: s.sts_jam,
          sts_ue: s.sts_ue,
        };
      });
    },

    // Our no_reg is Khanza's no_rawat.
    lastBpjsAppointment: (nomr, except) => lastBpjs(sik, nomr, except || null),
    async upcomingAppointments(nomr, today) {
      const rows = await registrations(`r.no_rkm_medis = ? AND r.tgl_registrasi >= ? AND r.stts = 'Belum' ORDER BY r.tgl_registrasi, j.jam_mulai, r.no_rawat`, [
        nomr,
        today,
      ]);
      const app = await appBookings(rows);
      return rows.map(
        (r): UpcomingRow => ({
          tanggal_janji: r.tgl_registrasi,
          nama_dokter: r.nm_dokter,
          departemen: r.nm_poli,
          no_urut: Number(r.no_reg),
          no_reg: r.no_rawat,
          kd_dep: r.kd_poli,
          kd_dr: r.kd_dokter,
          jam_dtg: r.jam_mulai ?? hhmm(r.jam_reg),
          jam_plg: r.jam_selesai ?? r.jam_mulai ?? hhmm(r.jam_reg),
          sts_jam: stsJam(r.jam_mulai ?? hhmm(r.jam_reg)),
          carabayar: carabayar(r.kd_pj),
          jenis: 'poli',
          meeting_url: null,
          checked_in: r.ref_status === 'Checkin' || Boolean(app.get(r.no_rawat)),
        }),
      );
    },

    async clinicQueue(nomr, today) {
      const mine = await registrations('r.no_rkm_medis = ? AND r.tgl_registrasi = ? ORDER BY r.no_reg', [nomr, today]);
      const app = await appBookings(mine);
      const out: QueueRow[] = [];
      for (const r of mine) {
        const [{ ahead }] = await sik.query<{ ahead: number }>(
          `SELECT COUNT(*) AS ahead FROM reg_periksa WHERE kd_dokter = ? AND kd_poli = ? AND tgl_registrasi = ? AND stts = 'Belum'
              AND CONVERT(no_reg, SIGNED) < ?`,
          [r.kd_dokter, r.kd_poli, r.tgl_registrasi, Number(r.no_reg)],
        );
        const [pasien] = await sik.query<{ nm_pasien: string }>('SELECT nm_pasien FROM pasien WHERE no_rkm_medis = ?', [nomr]);
        out.push({
          no_urut: Number(r.no_reg),
          no_reg: r.no_rawat,
          tgl_janji: r.tgl_registrasi,
          kd_dr: r.kd_dokter,
          kd_dep: r.kd_poli,
          sts_jam: stsJam(r.jam_mulai ?? hhmm(r.jam_reg)),
          dokter: r.nm_dokter,
          ds_dep: r.nm_poli,
          // Khanza's poliklinik has no examination room: the called notice names none.
          ruang: null,
          no_mr: r.no_rkm_medis,
          nama_pas: pasien?.nm_pasien ?? '',
          status: queueStatus(r.stts),
          // The registration the doctor last called on Khanza's waiting-room display (calls.ts); Khanza
          // keeps no time of a call, so no pace is reckoned from it.
          no_dipanggil: await calledNumber(sik, r.kd_dokter, r.kd_poli, r.tgl_registrasi),
          checkin: checkinOf(r, app),
          ahead: Number(ahead),
          calls: [],
          jam_dtg: r.jam_mulai,
          jam_plg: r.jam_selesai,
          menit_per_pasien: null,
        });
      }
      return out;
    },
    async checkinEntry(no_reg, nomr) {
      const [r] = await registrations('r.no_rawat = ? AND r.no_rkm_medis = ?', [no_reg, nomr]);
      if (!r) return null;
      const entry: CheckinEntry = {
        no_mr: r.no_rkm_medis,
        status: queueStatus(r.stts),
        checkin: checkinOf(r, await appBookings([r])),
        jam_dtg: r.jam_mulai,
        jam_plg: r.jam_selesai,
        tgl_janji: r.tgl_registrasi,
        kd_dr: r.kd_dokter,
        kd_dep: r.kd_poli,
        sts_jam: stsJam(r.jam_mulai ?? hhmm(r.jam_reg)),
      };
      return entry;
    },
    // From Khanza's prescriptions and its pharmacy display's call (pharmacy.ts).
    pharmacyQueue: (nomr, today) => khanzaPharmacyQueue(sik, nomr, today),

    async outpatientVisits(nomr) {
      const rows = await registrations(`r.no_rkm_medis = ? AND r.stts NOT IN ('Belum', 'Batal') ORDER BY r.tgl_registrasi DESC`, [nomr]);
      const [p] = await sik.query<{ nm_pasien: string }>('SELECT nm_pasien FROM pasien WHERE no_rkm_medis = ?', [nomr]);
      return rows.map((r) => ({
        no_reg: r.no_rawat,
        nama_pas: p?.nm_pasien ?? '',
        no_mr: r.no_rkm_medis,
        tgl_reg: r.tgl_registrasi,
        ds_dep: r.nm_poli,
        kd_dep: r.kd_poli,
        nama_dokter: r.nm_dokter,
        pas_baru: 'N',
        ds_pastipe: r.kd_pj === payers.bpjs ? 'BPJS' : 'UMUM',
        resume: null,
      }));
    },
    async poliHistory(nomr) {
      const rows = await registrations(`r.no_rkm_medis = ? AND r.stts NOT IN ('Belum', 'Batal') ORDER BY r.tgl_registrasi DESC`, [nomr]);
      return rows.map((r) => ({ no_reg: r.no_rawat, tgl_reg: r.tgl_registrasi, ds_dep: r.nm_poli, inap: r.stts === 'Dirawat' ? 'Y' : 'N' }));
    },
    async currentInpatient(nomr) {
      const rows = await stays(nomr, 'now');
      return rows.map((r) => ({
        no_reg: r.no_rawat,
        tgl_reg: r.tgl_registrasi,
        tgl_pulang: null,
        ds_kmr: r.nm_bangsal,
        kd_bed_from: r.kd_kamar,
        ds_bed_from: r.nm_poli,
        status: 'Dirawat',
        tgl_masuk: r.tgl_masuk,
        tgl_keluar: null,
      }));
    },
    async pastInpatient(nomr) {
      const rows = await stays(nomr, 'past');
      const [p] = await sik.query<{ nm_pasien: string }>('SELECT nm_pasien FROM pasien WHERE no_rkm_medis = ?', [nomr]);
      return rows.map((r) => ({
        no_reg: r.no_rawat,
        nama_pas: p?.nm_pasien ?? '',
        no_mr: nomr,
        tgl_masuk: r.tgl_masuk,
        tgl_pulang: r.tgl_keluar,
        diagnosis_primer: r.diagnosa ?? '',
        diagnosis_sekunder: null,
      }));
    },
    onlineVisits: async () => [],
    async cathSchedule(nomr, today) {
      const rows = await procedures(nomr, 'kath', today);
      return rows.map((r) => cath(r, nomr));
    },
    async cathHistory(nomr) {
      const rows = await procedures(nomr, 'kath', null);
      return rows.map((r) => cath(r, nomr));
    },
    async surgerySchedule(nomr, today) {
      const rows = await procedures(nomr, 'bedah', today);
      return rows.map((r) => ({ ...surgery(r, nomr), nama_dokter_anastesi: r.anestesi }));
    },
    async surgeryHistory(nomr) {
      const rows = await procedures(nomr, 'bedah', null);
      return rows.map((r) => ({ ...surgery(r, nomr), nama_dokter_anestesi: r.anestesi }));
    },
    async labOrders(nomr) {
      const rows = await sik.query<{
        no_rawat: string;
        tgl: string;
        jam: string;
        test_nm: string;
        nilai: string;
        satuan: string | null;
        nilai_rujukan: string;
        keterangan: string;
      }>(
        `SELECT l.no_rawat, DATE_FORMAT(l.tgl_periksa, '%Y-%m-%d') AS tgl, TIME_FORMAT(l.jam, '%H:%i:%s') AS jam,
                t.Pemeriksaan AS test_nm, d.nilai, t.satuan, d.nilai_rujukan, d.keterangan
           FROM periksa_lab l JOIN reg_periksa r ON r.no_rawat = l.no_rawat
           JOIN detail_periksa_lab d ON d.no_rawat = l.no_rawat AND d.kd_jenis_prw = l.kd_jenis_prw AND d.tgl_periksa = l.tgl_periksa AND d.jam = l.jam
           JOIN template_laboratorium t ON t.id_template = d.id_template
          WHERE r.no_rkm_medis = ?
          ORDER BY l.tgl_periksa DESC, l.jam DESC, l.no_rawat, t.urut, t.id_template`,
        [nomr],
      );
      // One order per visit and time of examination; Khanza gives it no number of its own.
      const orders = new Map<string, C.LabOrder>();
      for (const r of rows) {
        const no_lab = `LAB${r.tgl.replaceAll('-', '')}${r.jam.replaceAll(':', '')}${r.no_rawat.slice(-6)}`;
        const order = orders.get(no_lab) ?? { no_lab, tgl_prksa: `${r.tgl} ${r.jam}`, hasil_lab: [] };
        const flag = /^[HL]$/.test(r.keterangan) ? r.keterangan : null;
        order.hasil_lab.push({
          test_nm: r.test_nm,
          hasil: r.nilai,
          unit: r.satuan || null,
          flag,
          ref_range: r.nilai_rujukan || null,
          status: null,
          test_comment: flag || !r.keterangan ? null : r.keterangan,
        });
        orders.set(no_lab, order);
      }
      return [...orders.values()];
    },
    // The hospital's vascular reports have no Khanza table: they stay in this API's database.
    vascularReports: (nomr) => records.vascularReports(db, nomr),

    booking,
    manage,
    async checkIn(no_reg, at) {
      // Khanza's own Mobile JKN check-in: the reference row's status 'Checkin' at validasi; the first one is kept.
      await sik.run(`UPDATE referensi_mobilejkn_bpjs SET status = 'Checkin', validasi = FROM_UNIXTIME(? / 1000) WHERE no_rawat = ? AND status = 'Belum'`, [
        at,
        no_reg,
      ]);
      // A booking without that reference: Khanza has no place for it, so this API's database keeps it (the first one).
      const kept = await db.query(
        'UPDATE simrs_bookings SET checkin_at = to_timestamp($2::float8 / 1000) WHERE no_reg = $1 AND checkin_at IS NULL RETURNING no_reg',
        [no_reg, at],
      );
      const [r] = await registrations('r.no_rawat = ?', [no_reg]);
      // Khanza's rows did not change, so the change poll would not see it: the live streams are told here.
      if (r && kept.length) {
        await announce(db, sessionKey({ tgl_janji: r.tgl_registrasi, kd_dr: r.kd_dokter, kd_dep: r.kd_poli, sts_jam: stsJam(r.jam_mulai ?? hhmm(r.jam_reg)) }));
      }
      return (r && checkinOf(r, await appBookings([r]))) ?? wibIso(at);
    },
    // The counter verifies a self-registration and creates the patient in Khanza: it waits in this API's database till then.
    selfRegistration: (q, p, ip) => saveRegistration(q, p, ip),
    mobileJkn: khanzaJknDesk(sik, {
      payers,
      booking: bookingOf('mobilejkn'),
      manage: { transaction: (fn) => transaction(fn, 'mobilejkn') },
    }),
    // What the change poll compares, for the live streams (poll.ts).
    changeMark: (key) => khanzaMark(sik, key),
    // The reminders of the app's bookings go only for visits Khanza still holds waiting, on that date.
    async waitingVisits(no_regs) {
      if (!no_regs.length) return new Map();
      const rows = await sik.query<{ no_rawat: string; tgl: string }>(
        `SELECT no_rawat, DATE_FORMAT(tgl_registrasi, '%Y-%m-%d') AS tgl FROM reg_periksa WHERE stts = 'Belum' AND no_rawat IN (${no_regs.map(() => '?').join(', ')})`,
        no_regs,
      );
      return new Map(rows.map((r) => [r.no_rawat, r.tgl]));
    },
  };
}

const ISO_ORDER = (hari: string) => [1, 2, 3, 4, 5, 6, 7].find((i) => isoWeekdayName(i) === hari) ?? 8;

// SIMRS=khanza: the visit day. The patient's place in today's clinic queues (Khanza's registrations
// of the practice, the number its waiting-room display called: calls.ts), a queue entry by its
// registration, the check-in, the pharmacy queue (pharmacy.ts), the digests the change poll
// compares for the live streams (poll.ts), and which visits Khanza still holds waiting (reminders).
import { wibIso } from '../../../common/wib.ts';
import type { QueueStatus } from '../../../common/schemas/patient.ts';
import type { Db } from '../../db/client.ts';
import { announce, sessionKey } from '../../db/queue-events.ts';
import type { CheckinEntry, HospitalConnector, QueueRow } from '../hospital-connector.ts';
import { calledNumber } from './calls.ts';
import type { KhanzaQuery } from './client.ts';
import { khanzaPharmacyQueue } from './pharmacy.ts';
import { khanzaMark } from './poll.ts';
import { stsJam } from './practice.ts';
import { appBookings, checkinOf, hhmm, registrations } from './registrations.ts';

/** Khanza's registration status as the clinic queue's. */
function queueStatus(stts: string): QueueStatus {
  if (stts === 'Belum' || stts === 'Berkas Diterima') return 'menunggu';
  if (stts === 'Batal') return 'batal';
  return 'selesai';
}

type VisitDay = Pick<HospitalConnector, 'clinicQueue' | 'checkinEntry' | 'pharmacyQueue' | 'checkIn' | 'changeMark' | 'waitingVisits'>;

export function khanzaVisitDay(sik: KhanzaQuery, db: Db): VisitDay {
  return {
    async clinicQueue(nomr, today) {
      const mine = await registrations(sik, 'r.no_rkm_medis = ? AND r.tgl_registrasi = ? ORDER BY r.no_reg', [nomr, today]);
      const app = await appBookings(db, mine);
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
          // Khanza's poliklinik has no examination room and no floor (kd_poli, nm_poli, registrasi,
          // registrasilama, status: test/support/khanza/sik-schema.sql after Khanza's sik.sql): the
          // called notice names none, and `lantai` is left out, never made up.
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
          // No time of a call, so no pace: the estimate is hidden (docs/integration.md, What is read when).
          tanpa_estimasi: true,
        });
      }
      return out;
    },
    async checkinEntry(no_reg, nomr) {
      const [r] = await registrations(sik, 'r.no_rawat = ? AND r.no_rkm_medis = ?', [no_reg, nomr]);
      if (!r) return null;
      const entry: CheckinEntry = {
        no_mr: r.no_rkm_medis,
        status: queueStatus(r.stts),
        checkin: checkinOf(r, await appBookings(db, [r])),
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
      const [r] = await registrations(sik, 'r.no_rawat = ?', [no_reg]);
      // Khanza's rows did not change, so the change poll would not see it: the live streams are told here.
      if (r && kept.length) {
        await announce(db, sessionKey({ tgl_janji: r.tgl_registrasi, kd_dr: r.kd_dokter, kd_dep: r.kd_poli, sts_jam: stsJam(r.jam_mulai ?? hhmm(r.jam_reg)) }));
      }
      return (r && checkinOf(r, await appBookings(db, [r]))) ?? wibIso(at);
    },
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

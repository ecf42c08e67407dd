// Mobile JKN's web service on SIMRS Khanza (docs/bpjs.md, SIMRS=khanza): BPJS's codes through
// Khanza's own mapping tables (maping_poli_bpjs, maping_dokter_dpjpvclaim), each practice session's
// seats counted as the booking counts them (placement.ts), and a booking found by Khanza's nobooking, the
// kodebooking Khanza's own Mobile JKN service answers and its Antrean sender reports under. The
// bookings and cancels themselves are the connector's (appointments.ts), in Mobile JKN's channel.
import type { BookingStore } from '../../domain/booking.ts';
import { estimateCall } from '../../domain/estimate.ts';
import type { ManageStore } from '../../domain/manage.ts';
import type { JknAppointment, JknOperation, JknPatientRow, JknPracticeSession, MobileJknDesk } from '../hospital-connector.ts';
import type { KhanzaDb, KhanzaPayers } from './client.ts';
import { khanzaJknPharmacy } from './pharmacy.ts';
import { inSession, regTime, takenIn } from './placement.ts';
import { hariKerja } from './seats.ts';

export interface KhanzaJknOptions {
  payers: KhanzaPayers;
  /** The connector's booking and cancel in Mobile JKN's channel. */
  booking: BookingStore;
  manage: ManageStore;
}

/** Khanza keeps no new patient from an app: the counter registers them (docs/decisions.md, Mobile JKN on SIMRS Khanza). */
export const KHANZA_NEW_PATIENT = 'Pendaftaran pasien baru dilakukan di loket pendaftaran rumah sakit. Silakan datang dengan KTP dan kartu JKN.';

const stsJam = (jamMulai: string) => (jamMulai < '12:00' ? '1' : '2');
const atWib = (date: string, hhmm: string) => Date.parse(`${date}T${hhmm.slice(0, 5)}:00+07:00`);

/** The seats taken in session j on a date, as the booking counts them (placement.ts). */
const taken = (date: string) => takenIn('j', date);
/** Session j's registrations on a date (an SQL date `?`) in status `stts` ('<> Batal': every one not cancelled). */
const queue = (stts: string) => `(SELECT COUNT(*) FROM reg_periksa r WHERE r.kd_dokter = j.kd_dokter AND r.kd_poli = j.kd_poli AND r.tgl_registrasi = ?
                    AND r.stts ${stts} AND r.status_lanjut = 'Ralan' AND ${inSession(regTime('r'), 'j')})`;

export function khanzaJknDesk(sik: KhanzaDb, { payers, booking, manage }: KhanzaJknOptions): MobileJknDesk {
  return {
    async codesKnown(kodepoli, kodedokter) {
      const [row] = await sik.query<{ poli: number; dokter: number }>(
        `SELECT EXISTS (SELECT 1 FROM maping_poli_bpjs WHERE kd_poli_bpjs = ?) AS poli,
                EXISTS (SELECT 1 FROM maping_dokter_dpjpvclaim WHERE kd_dokter_bpjs = ?) AS dokter`,
        [kodepoli, String(kodedokter)],
      );
      return { poli: Number(row?.poli) === 1, dokter: Number(row?.dokter) === 1 };
    },

    async sessions(kodepoli, kodedokter, date) {
      const rows = await sik.query<{
        kd_dep: string;
        kd_dr: string;
        jam_dtg: string;
        jam_plg: string | null;
        kuota: number | null;
        namapoli: string;
        namadokter: string;
        taken: number;
        queued: number;
        waiting: number;
      }>(
        `SELECT j.kd_poli AS kd_dep, j.kd_dokter AS kd_dr, TIME_FORMAT(j.jam_mulai, '%H:%i') AS jam_dtg, TIME_FORMAT(j.jam_selesai, '%H:%i') AS jam_plg,
                j.kuota, p.nm_poli AS namapoli, d.nm_dokter AS namadokter, ${taken('?')} AS taken,
                ${queue("<> 'Batal'")} AS queued, ${queue("= 'Belum'")} AS waiting
           FROM maping_poli_bpjs mp
           JOIN maping_dokter_dpjpvclaim md ON md.kd_dokter_bpjs = ?
           JOIN jadwal j ON j.kd_poli = mp.kd_poli_rs AND j.kd_dokter = md.kd_dokter AND j.hari_kerja = ?
           JOIN poliklinik p ON p.kd_poli = j.kd_poli JOIN dokter d ON d.kd_dokter = j.kd_dokter
          WHERE mp.kd_poli_bpjs = ?
          ORDER BY j.jam_mulai`,
        [date, date, date, date, String(kodedokter), hariKerja(date), kodepoli],
      );
      return rows.map(
        (r): JknPracticeSession => ({
          kd_dep: r.kd_dep,
          kd_dr: r.kd_dr,
          sts_jam: stsJam(r.jam_dtg),
          kodepoli,
          namapoli: r.namapoli,
          namadokter: r.namadokter,
          jam_dtg: r.jam_dtg,
          jam_plg: r.jam_plg ?? r.jam_dtg,
          batas_quota: r.kuota ?? 0,
          quota_terisi: Math.min(Number(r.taken), r.kuota ?? 0),
          queued: Number(r.queued),
          waiting: Number(r.waiting),
          // Khanza keeps no time of a clinic call in its registration tables.
          called: null,
        }),
      );
    },

    patients: (nomorkartu, nik, norm) =>
      sik.query<JknPatientRow>(
        'SELECT no_rkm_medis AS nomr, no_peserta AS kartu, no_ktp AS nik FROM pasien WHERE no_peserta = ? OR no_ktp = ? OR no_rkm_medis = ? ORDER BY no_rkm_medis LIMIT 3',
        [nomorkartu, nik, norm],
      ),

    async newPatient(p) {
      const [row] = await sik.query<{ n: number }>('SELECT COUNT(*) AS n FROM pasien WHERE no_peserta = ? OR no_ktp = ?', [p.nomorkartu, p.nik]);
      return Number(row?.n) > 0 ? { known: true } : { refused: KHANZA_NEW_PATIENT };
    },

    booking,
    manage,

    async appointment(kodebooking) {
      // A cancel in Khanza's own Mobile JKN service deletes the registration: not found, as a cancelled one.
      // Found through referensi_mobilejkn_bpjs: Mobile JKN's own bookings, as Khanza's service acts on only those.
      const [row] = await sik.query<Omit<JknAppointment, 'cancelled' | 'mobile'> & { cancelled: number; mobile: number }>(
        `SELECT r.no_rawat AS no_reg, r.no_rkm_medis AS nomr, 'poli' AS jenis, 'mobilejkn' AS sumber, DATE_FORMAT(r.tgl_registrasi, '%Y-%m-%d') AS tgl_janji,
                CONVERT(r.no_reg, SIGNED) AS no_urut, (r.stts = 'Batal' OR m.status = 'Batal') AS cancelled, mp.kd_poli_bpjs AS kodepoli, NULL AS called,
                1 AS mobile
           FROM referensi_mobilejkn_bpjs m JOIN reg_periksa r ON r.no_rawat = m.no_rawat
           LEFT JOIN maping_poli_bpjs mp ON mp.kd_poli_rs = r.kd_poli
          WHERE m.nobooking = ? AND r.kd_pj = ? AND r.status_lanjut = 'Ralan'`,
        [kodebooking, payers.bpjs],
      );
      return row ? { ...row, no_urut: Number(row.no_urut), cancelled: Number(row.cancelled) === 1, mobile: true } : null;
    },

    async ticket(no_reg, now, minutesPerPatient) {
      const [r] = await sik.query<{
        nobooking: string;
        nomorantrean: string;
        no_reg: string;
        tgl: string;
        nm_poli: string;
        nm_dokter: string;
        jam_mulai: string | null;
        kuota: number | null;
        taken: number;
        ahead: number;
      }>(
        `SELECT m.nobooking, m.nomorantrean, r.no_reg, DATE_FORMAT(r.tgl_registrasi, '%Y-%m-%d') AS tgl, p.nm_poli, d.nm_dokter,
                TIME_FORMAT(j.jam_mulai, '%H:%i') AS jam_mulai, j.kuota, ${taken('r.tgl_registrasi')} AS taken,
                (SELECT COUNT(*) FROM reg_periksa x WHERE x.kd_dokter = r.kd_dokter AND x.kd_poli = r.kd_poli AND x.tgl_registrasi = r.tgl_registrasi
                    AND x.stts = 'Belum' AND x.status_lanjut = 'Ralan' AND CONVERT(x.no_reg, SIGNED) < CONVERT(r.no_reg, SIGNED)
                    AND (j.jam_mulai IS NULL OR ${inSession(regTime('x'), 'j')})) AS ahead
           FROM reg_periksa r JOIN referensi_mobilejkn_bpjs m ON m.no_rawat = r.no_rawat
           JOIN poliklinik p ON p.kd_poli = r.kd_poli JOIN dokter d ON d.kd_dokter = r.kd_dokter
           LEFT JOIN jadwal j ON j.kd_dokter = r.kd_dokter AND j.kd_poli = r.kd_poli
                AND j.hari_kerja = ELT(DAYOFWEEK(r.tgl_registrasi), 'AKHAD', 'SENIN', 'SELASA', 'RABU', 'KAMIS', 'JUMAT', 'SABTU')
                AND ${inSession(regTime('r'), 'j')}
          WHERE r.no_rawat = ?
          ORDER BY j.jam_mulai LIMIT 1`,
        [no_reg],
      );
      if (!r) return null;
      const start = r.jam_mulai ?? '08:00';
      const kuota = r.kuota ?? 0;
      return {
        kodebooking: r.nobooking,
        nomorantrean: r.nomorantrean,
        angkaantrean: Number(r.no_reg),
        namapoli: r.nm_poli,
        namadokter: r.nm_dokter,
        estimasidilayani: estimateCall({ now, start: atWib(r.tgl, start), calls: [], defaultMinutes: minutesPerPatient }, Number(r.ahead)),
        ahead: Number(r.ahead),
        kuota,
        sisakuota: Math.max(0, kuota - Number(r.taken)),
        keterangan: `Silakan check-in di aplikasi atau di loket pendaftaran sebelum pukul ${start}.`,
      };
    },

    async operations(range) {
      const byMember = 'nopeserta' in range;
      // The catheterization lab's bookings and the theatre's alike: both are operations to BPJS.
      const rows = await sik.query<Omit<JknOperation, 'terlaksana' | 'lastupdate'> & { selesai: number }>(
        `SELECT b.no_rawat AS kodebooking, DATE_FORMAT(b.tanggal, '%Y-%m-%d') AS tanggaloperasi, k.nm_perawatan AS jenistindakan,
                IFNULL(mp.kd_poli_bpjs, r.kd_poli) AS kodepoli, p.nm_poli AS namapoli, b.status = 'Selesai' AS selesai, IFNULL(s.no_peserta, '') AS nopeserta
           FROM booking_operasi b JOIN reg_periksa r ON r.no_rawat = b.no_rawat JOIN pasien s ON s.no_rkm_medis = r.no_rkm_medis
           JOIN paket_operasi k ON k.kode_paket = b.kode_paket JOIN poliklinik p ON p.kd_poli = r.kd_poli
           LEFT JOIN maping_poli_bpjs mp ON mp.kd_poli_rs = r.kd_poli
          WHERE ${byMember ? 's.no_peserta = ?' : 'b.tanggal BETWEEN ? AND ?'}
          ORDER BY b.tanggal, b.jam_mulai, b.no_rawat`,
        byMember ? [range.nopeserta] : [range.from, range.to],
      );
      const now = Date.now();
      return rows.map(({ selesai, ...o }) => ({ ...o, terlaksana: Number(selesai) === 1 ? 1 : 0, lastupdate: now }));
    },

    // Khanza's prescriptions and its pharmacy display's call, as the app's pharmacy queue reads them (pharmacy.ts).
    pharmacy: (nomr, date) => khanzaJknPharmacy(sik, nomr, date),

    // Khanza's own mapping tables; a doctor's BPJS code is a number (HFIS's kodedokter).
    async mappings() {
      const poli = await sik.query<{ kd_dep: string; kodepoli: string }>(
        'SELECT kd_poli_rs AS kd_dep, kd_poli_bpjs AS kodepoli FROM maping_poli_bpjs ORDER BY kd_poli_rs',
      );
      const dokter = await sik.query<{ kd_dr: string; kodedokter: string }>(
        `SELECT kd_dokter AS kd_dr, kd_dokter_bpjs AS kodedokter FROM maping_dokter_dpjpvclaim WHERE kd_dokter_bpjs REGEXP '^[0-9]+$' ORDER BY kd_dokter`,
      );
      return { poli, dokter: dokter.map((d) => ({ kd_dr: d.kd_dr, kodedokter: Number(d.kodedokter) })) };
    },
    async mappedSessions(date) {
      const rows = await sik.query<{
        kd_dep: string;
        kd_dr: string;
        kodepoli: string;
        kodedokter: string;
        jam_dtg: string;
        jam_plg: string | null;
        kuota: number | null;
      }>(
        `SELECT j.kd_poli AS kd_dep, j.kd_dokter AS kd_dr, mp.kd_poli_bpjs AS kodepoli, md.kd_dokter_bpjs AS kodedokter,
                TIME_FORMAT(j.jam_mulai, '%H:%i') AS jam_dtg, TIME_FORMAT(j.jam_selesai, '%H:%i') AS jam_plg, j.kuota
           FROM jadwal j JOIN maping_poli_bpjs mp ON mp.kd_poli_rs = j.kd_poli
           JOIN maping_dokter_dpjpvclaim md ON md.kd_dokter = j.kd_dokter AND md.kd_dokter_bpjs REGEXP '^[0-9]+$'
          WHERE j.hari_kerja = ?
          ORDER BY mp.kd_poli_bpjs, md.kd_dokter_bpjs, j.jam_mulai`,
        [hariKerja(date)],
      );
      return rows.map((r) => ({ ...r, kodedokter: Number(r.kodedokter), jam_plg: r.jam_plg ?? r.jam_dtg, batas_quota: r.kuota ?? 0 }));
    },
  };
}

// SIMRS=khanza: the patient's histories and records. Outpatient visits served (the clinic
// registrations past 'Belum'), inpatient stays (kamar_inap: now and past), the cath lab's and the
// operating rooms' procedures (booking_operasi: planned and done, the cath lab being the rooms
// KHANZA_RUANG_OK_KATETER names), and the lab results (periksa_lab). The vascular reports have no
// Khanza table: they are read from this API's database.
import { weekdayName } from '../../../common/dates.ts';
import type * as C from '../../../common/schemas/index.ts';
import type { Db } from '../../db/client.ts';
import { vascularReports } from '../../db/vascular-reports.ts';
import type { HospitalReads } from '../hospital-connector.ts';
import type { KhanzaPayers, KhanzaQuery } from './client.ts';
import { registrations } from './registrations.ts';

type Histories = Pick<
  HospitalReads,
  | 'outpatientVisits'
  | 'poliHistory'
  | 'currentInpatient'
  | 'pastInpatient'
  | 'onlineVisits'
  | 'cathSchedule'
  | 'cathHistory'
  | 'surgerySchedule'
  | 'surgeryHistory'
  | 'labOrders'
  | 'vascularReports'
>;

interface ProcedureRow {
  no_rawat: string;
  tanggal: string;
  tindakan: string;
  dokter: string;
  anestesi: string;
  nm_pasien: string;
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

export function khanzaHistories(sik: KhanzaQuery, db: Db, payers: KhanzaPayers, cathRooms: string[]): Histories {
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
      sekunder: string | null;
    }>(
      `SELECT r.no_rawat, DATE_FORMAT(r.tgl_registrasi, '%Y-%m-%d') AS tgl_registrasi, p.nm_poli,
              DATE_FORMAT((SELECT MIN(k.tgl_masuk) FROM kamar_inap k WHERE k.no_rawat = r.no_rawat), '%Y-%m-%d') AS tgl_masuk,
              DATE_FORMAT(NULLIF(last.tgl_keluar, '0000-00-00'), '%Y-%m-%d') AS tgl_keluar, last.kd_kamar, b.nm_bangsal,
              COALESCE(NULLIF(last.diagnosa_akhir, ''), last.diagnosa_awal) AS diagnosa,
              (SELECT GROUP_CONCAT(CONCAT_WS(' ', d.kd_penyakit, y.nm_penyakit) ORDER BY d.prioritas SEPARATOR ', ')
                 FROM diagnosa_pasien d LEFT JOIN penyakit y ON y.kd_penyakit = d.kd_penyakit
                WHERE d.no_rawat = r.no_rawat AND d.status = 'Ranap' AND d.prioritas > 1) AS sekunder
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
  return {
    async outpatientVisits(nomr) {
      const rows = await registrations(sik, `r.no_rkm_medis = ? AND r.stts NOT IN ('Belum', 'Batal') ORDER BY r.tgl_registrasi DESC`, [nomr]);
      const [p] = await sik.query<{ nm_pasien: string }>('SELECT nm_pasien FROM pasien WHERE no_rkm_medis = ?', [nomr]);
      // The doctor's outpatient summary, where Khanza's screen wrote one (resume_pasien): complaint, diagnosis, medicines.
      const resumes = new Map(
        (
          await sik.query<{ no_rawat: string; resume: string | null }>(
            `SELECT s.no_rawat, NULLIF(CONCAT_WS('. ', NULLIF(TRIM(s.keluhan_utama), ''), NULLIF(TRIM(s.diagnosa_utama), ''), NULLIF(TRIM(s.obat_pulang), '')), '') AS resume
               FROM resume_pasien s JOIN reg_periksa r ON r.no_rawat = s.no_rawat WHERE r.no_rkm_medis = ?`,
            [nomr],
          )
        ).map((x) => [x.no_rawat, x.resume]),
      );
      return rows.map((r) => ({
        no_reg: r.no_rawat,
        nama_pas: p?.nm_pasien ?? '',
        no_mr: r.no_rkm_medis,
        tgl_reg: r.tgl_registrasi,
        ds_dep: r.nm_poli,
        kd_dep: r.kd_poli,
        nama_dokter: r.nm_dokter,
        pas_baru: r.stts_daftar === 'Baru' ? 'Y' : 'N',
        ds_pastipe: r.kd_pj === payers.bpjs ? 'BPJS' : 'UMUM',
        resume: resumes.get(r.no_rawat) ?? null,
      }));
    },
    async poliHistory(nomr) {
      const rows = await registrations(sik, `r.no_rkm_medis = ? AND r.stts NOT IN ('Belum', 'Batal') ORDER BY r.tgl_registrasi DESC`, [nomr]);
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
        // The stay's other diagnoses, after the primary one (diagnosa_pasien prioritas 2 on), as Khanza's screen orders them.
        diagnosis_sekunder: r.sekunder,
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
    vascularReports: (nomr) => vascularReports(db, nomr),
  };
}

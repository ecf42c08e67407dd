// SIMRS=khanza: today's pharmacy queue from Khanza's prescriptions (docs/integration.md, Field
// glossary). Khanza keeps no pharmacy status of its own: the stage is read from the times
// its screens write on a prescription (resep_obat) and from the pharmacy display's call
// (antriapotek3), as Khanza's own pharmacy queue display reads them.
import { PREPARING_STATUS, READY_STATUS } from '../../../common/pharmacy.ts';
import type * as C from '../../../common/schemas/index.ts';
import type { JknPharmacy } from '../hospital-connector.ts';
import type { KhanzaQuery } from './client.ts';

/** The statuses the app shows (status_obat), from Khanza's prescription times. */
export const KHANZA_PHARMACY = {
  /** Written by the doctor, not yet validated by the pharmacy (resep_obat.jam '00:00:00'). */
  waiting: 'Menunggu',
  /** Validated (the medicines given out of stock: resep_obat.tgl_perawatan, jam), not yet called or handed over. */
  preparing: PREPARING_STATUS,
  /** Called to the pharmacy's counter: the display's row (antriapotek3) names the prescription. */
  ready: READY_STATUS,
  /** Handed to the patient (resep_obat.jam_penyerahan). */
  done: 'Sudah diserahkan',
} as const;

/** The prescription's number as Khanza's pharmacy display shows it: its last four digits. */
const displayNumber = (no_resep: string) => no_resep.slice(-4);

interface PrescriptionRow {
  no_resep: string;
  tgl: string;
  no_rkm_medis: string;
  nm_pasien: string;
  validated: number;
  handed: number;
  called: number;
}

/**
 * The patient's outpatient prescriptions written today, first written first; the queue number is
 * the prescription number's last four digits, as Khanza's pharmacy display shows it.
 */
export async function khanzaPharmacyQueue(sik: KhanzaQuery, nomr: string, today: string): Promise<C.PharmacyQueueItem[]> {
  const rows = await sik.query<PrescriptionRow>(
    `SELECT o.no_resep, DATE_FORMAT(o.tgl_peresepan, '%Y-%m-%d') AS tgl, r.no_rkm_medis, p.nm_pasien,
            o.jam <> '00:00:00' AS validated, o.jam_penyerahan <> '00:00:00' AS handed,
            EXISTS (SELECT 1 FROM antriapotek3 a WHERE a.no_resep = o.no_resep) AS called
       FROM resep_obat o JOIN reg_periksa r ON r.no_rawat = o.no_rawat JOIN pasien p ON p.no_rkm_medis = r.no_rkm_medis
      WHERE r.no_rkm_medis = ? AND o.tgl_peresepan = ? AND o.status = 'ralan'
      ORDER BY o.jam_peresepan, o.no_resep`,
    [nomr, today],
  );
  return rows.map((r) => ({
    no_antrian: displayNumber(r.no_resep),
    tgl_layanan: r.tgl,
    no_mr: r.no_rkm_medis,
    nama_pasien: r.nm_pasien,
    status_obat: pharmacyStatus(r),
  }));
}

/** The stage of a prescription by what Khanza has written on it (docs/integration.md, Field glossary). */
export function pharmacyStatus(r: { validated: number | boolean; handed: number | boolean; called: number | boolean }): string {
  if (Number(r.handed)) return KHANZA_PHARMACY.done;
  if (Number(r.called)) return KHANZA_PHARMACY.ready;
  if (Number(r.validated)) return KHANZA_PHARMACY.preparing;
  return KHANZA_PHARMACY.waiting;
}

/**
 * Mobile JKN's pharmacy calls (ambilantreanfarmasi, statusantreanfarmasi): the patient's latest
 * outpatient prescription of the day and the day's pharmacy queue around it, from the same rows
 * as the app's pharmacy queue: the day's outpatient prescriptions (totalantrean), those written
 * before it neither called nor handed over (sisaantrean), the one the display called last
 * (antreanpanggil), and 'racikan' when the doctor wrote a compounded part (resep_dokter_racikan).
 * Null while the patient has no prescription that day.
 */
export async function khanzaJknPharmacy(sik: KhanzaQuery, nomr: string, date: string): Promise<JknPharmacy | null> {
  const [r] = await sik.query<PrescriptionRow & { total: number; ahead: number; ready: string | null; racikan: number }>(
    `SELECT o.no_resep, DATE_FORMAT(o.tgl_peresepan, '%Y-%m-%d') AS tgl, r.no_rkm_medis, '' AS nm_pasien,
            o.jam <> '00:00:00' AS validated, o.jam_penyerahan <> '00:00:00' AS handed,
            EXISTS (SELECT 1 FROM antriapotek3 a WHERE a.no_resep = o.no_resep) AS called,
            EXISTS (SELECT 1 FROM resep_dokter_racikan k WHERE k.no_resep = o.no_resep) AS racikan,
            (SELECT COUNT(*) FROM resep_obat x WHERE x.tgl_peresepan = o.tgl_peresepan AND x.status = 'ralan') AS total,
            (SELECT COUNT(*) FROM resep_obat x WHERE x.tgl_peresepan = o.tgl_peresepan AND x.status = 'ralan'
                AND (x.jam_peresepan, x.no_resep) < (o.jam_peresepan, o.no_resep) AND x.jam_penyerahan = '00:00:00'
                AND NOT EXISTS (SELECT 1 FROM antriapotek3 a WHERE a.no_resep = x.no_resep)) AS ahead,
            (SELECT a.no_resep FROM antriapotek3 a JOIN resep_obat x ON x.no_resep = a.no_resep
              WHERE x.tgl_peresepan = o.tgl_peresepan LIMIT 1) AS ready
       FROM resep_obat o JOIN reg_periksa r ON r.no_rawat = o.no_rawat
      WHERE r.no_rkm_medis = ? AND o.tgl_peresepan = ? AND o.status = 'ralan'
      ORDER BY o.jam_peresepan DESC, o.no_resep DESC LIMIT 1`,
    [nomr, date],
  );
  if (!r) return null;
  return {
    no_antrian: displayNumber(r.no_resep),
    status_obat: pharmacyStatus(r),
    total: Number(r.total),
    ahead: Number(r.ahead),
    ready: r.ready ? displayNumber(r.ready) : null,
    jenisresep: Number(r.racikan) ? 'racikan' : 'non racikan',
  };
}

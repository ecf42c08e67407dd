// SIMRS=khanza: today's pharmacy queue from Khanza's prescriptions (docs/integration.md, its
// pharmacy mapping). Khanza keeps no pharmacy status of its own: the stage is read from the times
// its screens write on a prescription (resep_obat) and from the pharmacy display's call
// (antriapotek3), as Khanza's own pharmacy queue display reads them.
import { PREPARING_STATUS, READY_STATUS } from '../../../common/pharmacy.ts';
import type * as C from '../../../common/schemas/index.ts';
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
    no_antrian: r.no_resep.slice(-4),
    tgl_layanan: r.tgl,
    no_mr: r.no_rkm_medis,
    nama_pasien: r.nm_pasien,
    status_obat: pharmacyStatus(r),
  }));
}

/** The stage of a prescription by what Khanza has written on it (docs/integration.md, the glossary). */
export function pharmacyStatus(r: { validated: number | boolean; handed: number | boolean; called: number | boolean }): string {
  if (Number(r.handed)) return KHANZA_PHARMACY.done;
  if (Number(r.called)) return KHANZA_PHARMACY.ready;
  if (Number(r.validated)) return KHANZA_PHARMACY.preparing;
  return KHANZA_PHARMACY.waiting;
}

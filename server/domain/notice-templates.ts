// The message templates this server sends through the WhatsApp Cloud API: one per notice kind,
// each with its body parameters in order ({{1}} … as submitted for approval: docs/whatsapp.md,
// "Templates to submit for approval"). {{1}} is always whose notice it is ('untuk Bapak Budi Santoso'), so a
// caregiver's number that receives several family members' notices can tell them apart.
// Language "id" (Indonesian), category UTILITY; every template has the quick-reply button
// 'Berhenti' whose payload the webhook reads as a stop (routes/whatsapp.ts).
import type { NoticeEvent } from '../../common/notices.ts';

export interface Template {
  name: string;
  /** The names of the body parameters {{2}}, {{3}} …, taken from the notice's params; {{1}} is the addressee. */
  params: readonly string[];
}

export const TEMPLATES: Record<NoticeEvent, Template> = {
  pengingat: { name: 'pengingat_kunjungan', params: ['poli', 'dokter', 'waktu', 'nomor'] },
  tinggal: { name: 'antrian_tinggal', params: ['sisa', 'poli', 'nomor'] },
  dipanggil: { name: 'antrian_dipanggil', params: ['poli', 'nomor'] },
  'obat-siap': { name: 'obat_siap', params: ['nomor'] },
  'rujukan-berakhir': { name: 'rujukan_berakhir', params: ['perujuk', 'poli', 'tanggal', 'hari'] },
  'cuti-dokter': { name: 'dokter_cuti', params: ['dokter', 'poli', 'tanggal', 'jam', 'alasan', 'pilihan'] },
  'kursi-tunggu': { name: 'kursi_tunggu', params: ['poli', 'dokter', 'tanggal', 'jam', 'menit'] },
};

/** Sent once after a stop ('BERHENTI'), inside the 24 hours the patient's own message opens; no parameters. */
export const STOP_CONFIRMATION = 'berhenti_dikonfirmasi';

/** The quick-reply button's payload, and the word a patient may type, that stop the messages. */
export const STOP_PAYLOAD = 'BERHENTI';
export const STOP_WORDS = ['BERHENTI', 'STOP'];

/**
 * A parameter's text as the Cloud API takes it: no new line or tab, no more than four spaces in
 * a row (error 132018), and not empty (an empty parameter is refused as a count mismatch).
 */
function paramText(value: unknown): string {
  const text = String(value ?? '')
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim()
    .slice(0, 300);
  return text || '-';
}

/** The template's body parameters in order: the addressee, then the notice's own. */
export const bodyParams = (t: Template, addressee: string, params: Record<string, unknown>): string[] => [
  paramText(addressee),
  ...t.params.map((k) => paramText(params[k])),
];

// Procedure schedules, histories and results (docs/product.md §3 and §7).
import { Type, type Static } from 'typebox';
import { NStr, Nullable, Str } from './fields.ts';

export const CathSchedule = Type.Object({
  hari: Str(),
  tanggal_tindakan: Str('YYYY-MM-DD'),
  nama_pasien: Str(),
  no_mr: Str(),
  tindakan: Str(),
  no_reg: Str(),
  nama_dokter: Str(),
});
export type CathSchedule = Static<typeof CathSchedule>;

/** The spec's history has no tindakan; the reference API adds it (optional), as the schedule has it. */
export const CathHistory = Type.Object({
  ...Type.Omit(CathSchedule, ['tindakan']).properties,
  tindakan: Type.Optional(Str("The reference API's addition: what was done, as the schedule names it")),
});
export type CathHistory = Static<typeof CathHistory>;

const surgery = {
  hari: Str(),
  tanggal_operasi: Str('YYYY-MM-DD'),
  nama_pasien: Str(),
  no_mr: Str(),
  tindakan_bedah: Str(),
  no_reg: Str(),
  nama_dokter_bedah: Str(),
};

/** The schedule spells the anaesthesia doctor 'anastesi', the history 'anestesi' (docs/product.md §3). */
export const SurgerySchedule = Type.Object({ ...surgery, nama_dokter_anastesi: Str() });
export type SurgerySchedule = Static<typeof SurgerySchedule>;

export const SurgeryHistory = Type.Object({ ...surgery, nama_dokter_anestesi: Str() });
export type SurgeryHistory = Static<typeof SurgeryHistory>;

const visit = {
  no_reg: Str(),
  nama_pas: Str(),
  no_mr: Str(),
  tgl_reg: Str('YYYY-MM-DD'),
  ds_dep: Str(),
  kd_dep: Str(),
  nama_dokter: Str(),
  pas_baru: Str('N means no, otherwise yes'),
  ds_pastipe: Str(),
};

export const OutpatientVisit = Type.Object({ ...visit, resume: NStr() });
export type OutpatientVisit = Static<typeof OutpatientVisit>;

export const OnlineVisit = Type.Object({
  ...visit,
  no_urut: Nullable(Type.Integer()),
  // The reference API's addition: an online appointment booked through the app, listed until it
  // takes place ('Terjadwal') or for good once cancelled ('Dibatalkan'); absent for a consultation held.
  status_janji: Type.Optional(Type.Union([Type.Literal('Terjadwal'), Type.Literal('Dibatalkan')])),
});
export type OnlineVisit = Static<typeof OnlineVisit>;

export const CurrentInpatient = Type.Object({
  no_reg: Str(),
  tgl_reg: Str('YYYY-MM-DD'),
  tgl_pulang: NStr('YYYY-MM-DD'),
  ds_kmr: Str(),
  kd_bed_from: Str(),
  ds_bed_from: Str(),
  status: Str(),
  tgl_masuk: Str('YYYY-MM-DD'),
  tgl_keluar: NStr('YYYY-MM-DD'),
});
export type CurrentInpatient = Static<typeof CurrentInpatient>;

export const PastInpatient = Type.Object({
  no_reg: Str(),
  nama_pas: Str(),
  no_mr: Str(),
  tgl_masuk: Str('YYYY-MM-DD'),
  tgl_pulang: NStr('YYYY-MM-DD'),
  diagnosis_primer: Str(),
  diagnosis_sekunder: NStr(),
});
export type PastInpatient = Static<typeof PastInpatient>;

export const LabTest = Type.Object({
  test_nm: Str(),
  hasil: Str(),
  unit: NStr(),
  flag: NStr('H high, L low, null within range'),
  ref_range: NStr(),
  status: NStr(),
  test_comment: NStr(),
});
export type LabTest = Static<typeof LabTest>;

export const LabOrder = Type.Object({
  no_lab: Str(),
  tgl_prksa: Str('YYYY-MM-DD HH:MM:SS'),
  hasil_lab: Type.Array(LabTest),
});
export type LabOrder = Static<typeof LabOrder>;

export const PoliHistoryItem = Type.Object({
  no_reg: Str(),
  tgl_reg: Str('YYYY-MM-DD'),
  ds_dep: Str(),
  inap: Str('N means no'),
});
export type PoliHistoryItem = Static<typeof PoliHistoryItem>;

/** The penunjang call answers both lists: hasillab for lab screens, data for the poli history. */
export const SupportingResponse = Type.Object(
  { status: Type.Literal(true), hasillab: Type.Array(LabOrder), data: Type.Array(PoliHistoryItem) },
  { description: 'Lab results and the poli history' },
);
export type SupportingResponse = Static<typeof SupportingResponse>;

export const VascularFinding = Type.Object({ access: Str(), kanan: NStr(), kiri: NStr() });
export type VascularFinding = Static<typeof VascularFinding>;

export const VascularReport = Type.Object({
  no_reg: NStr('Reports without one are not shown (spec section 5)'),
  tgl_periksa: Str('YYYY-MM-DD'),
  diagnosa: NStr(),
  asal_rujukan: NStr(),
  pengirim: NStr(),
  teknisi: NStr(),
  hasil_lab: Type.Array(VascularFinding),
});
export type VascularReport = Static<typeof VascularReport>;

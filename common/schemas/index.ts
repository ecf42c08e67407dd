// Wire types of spec section 7, with the hospital's field names kept as they are (see the
// glossary in docs/architecture.md). Shared by the PWA and the reference server.

/** The envelope every patient call answers with (decisions 17). */
export type Envelope<T> =
  | { status: true | 'true'; data: T; message?: string }
  | { status: false | 'false'; message: string; data?: unknown };


export interface NewPatient {
  nama: string;
  no_ktp: string;
  tempat_lahir: string;
  /** YYYY-MM-DD */
  tgl_lahir: string;
  telp_hp: string;
  email: string;
  /** occupation code '00'…'12' */
  pekerjaan: string;
}

export interface LoginRequest {
  medical_record_number: string;
  /** YYYY-MM-DD */
  birthdate: string;
  fcmtoken: string;
}

export interface LoginResponse {
  token: { access_token: string; token_type: 'Bearer'; expires_in: number };
}

export interface Profile {
  nomr: string;
  nama: string;
  jenis_kelamin: string;
  tgl_lahir: string;
  pastipe: string;
  alamat: string;
  no_jaminan: string | null;
}

export interface UpcomingAppointment {
  tanggal_janji: string;
  nama_dokter: string;
  departemen: string;
  no_urut: number;
}

export interface ClinicQueueItem {
  no_urut: number;
  no_reg: string;
  tgl_janji: string;
  hari: string;
  dokter: string;
  ds_dep: string;
  no_mr: string;
  nama_pas: string;
  /** The reference API's additions: 'menunggu' or 'dipanggil', and the number called last. */
  status?: string;
  no_dipanggil?: number | null;
}

export interface PharmacyQueueItem {
  no_antrian: string;
  tgl_layanan: string;
  no_mr: string;
  nama_pasien: string;
  status_obat: string;
}

export interface Clinic {
  kd_dep: string;
  ds_dep: string;
}

export interface QuotaSlot {
  kode: number;
  nama_dr: string;
  kd_dr: string;
  jam_dtg: string;
  jam_plg: string;
  batas_quota: number;
  quota_terisi: number;
  sts_jam: string;
  sts_ue: string;
}

export interface LastAppointment {
  tgl_janji: string | null;
}

export interface BookingRequest {
  nomr: string;
  /** YYYY-MM-DD */
  tgl_janji: string;
  sts_ue: string;
  tgl_lahir: string;
  kd_dep: string;
  kd_dr: string;
  sts_jam: string;
  carabayar: 'B' | 'P';
  hp: string;
}

export interface BookingResult {
  message: string;
  no_urut: number;
  tgl_janji: string;
}

export interface DoctorScheduleRow {
  hari: string;
  jam_dtg: string;
  jam_plg: string;
  kd_dep: string;
  ds_dep: string;
}

export interface DoctorSchedule {
  nama_dr_lengkap: string;
  kd_dr: string;
  foto: string;
  jadwal: DoctorScheduleRow[];
}

export interface CathSchedule {
  hari: string;
  tanggal_tindakan: string;
  nama_pasien: string;
  no_mr: string;
  tindakan: string;
  no_reg: string;
  nama_dokter: string;
}

/** The schedule spells the anaesthesia doctor 'anastesi', the history 'anestesi' (spec section 3). */
export type SurgerySchedule = Omit<SurgeryHistory, 'nama_dokter_anestesi'> & { nama_dokter_anastesi: string };

export interface OutpatientVisit {
  no_reg: string;
  nama_pas: string;
  no_mr: string;
  tgl_reg: string;
  ds_dep: string;
  kd_dep: string;
  nama_dokter: string;
  pas_baru: string;
  ds_pastipe: string;
  resume: string | null;
}

export interface OnlineVisit {
  no_reg: string;
  nama_pas: string;
  no_mr: string;
  tgl_reg: string;
  ds_dep: string;
  kd_dep: string;
  nama_dokter: string;
  no_urut: number;
  pas_baru: string;
  ds_pastipe: string;
}

export interface CurrentInpatient {
  no_reg: string;
  tgl_reg: string;
  tgl_pulang: string | null;
  ds_kmr: string;
  kd_bed_from: string;
  ds_bed_from: string;
  status: string;
  tgl_masuk: string;
  tgl_keluar: string | null;
}

export interface PastInpatient {
  no_reg: string;
  nama_pas: string;
  no_mr: string;
  tgl_masuk: string;
  tgl_pulang: string | null;
  diagnosis_primer: string;
  diagnosis_sekunder: string | null;
}

export type CathHistory = Omit<CathSchedule, 'tindakan'>;

export interface SurgeryHistory {
  hari: string;
  tanggal_operasi: string;
  nama_pasien: string;
  no_mr: string;
  tindakan_bedah: string;
  no_reg: string;
  nama_dokter_bedah: string;
  nama_dokter_anestesi: string;
}

export interface LabTest {
  test_nm: string;
  hasil: string;
  unit: string | null;
  flag: string | null;
  ref_range: string | null;
  status: string | null;
  test_comment: string | null;
}

export interface LabOrder {
  no_lab: string;
  tgl_prksa: string;
  hasil_lab: LabTest[];
}

export interface PoliHistoryItem {
  no_reg: string;
  tgl_reg: string;
  ds_dep: string;
  inap: string;
}

/** The penunjang call answers both lists: hasillab for lab screens, data for the poli history. */
export interface SupportingResponse {
  status: true;
  hasillab: LabOrder[];
  data: PoliHistoryItem[];
}

export interface VascularFinding {
  access: string;
  kanan: string | null;
  kiri: string | null;
}

export interface VascularReport {
  no_reg: string | null;
  tgl_periksa: string;
  diagnosa: string | null;
  asal_rujukan: string | null;
  pengirim: string | null;
  teknisi: string | null;
  hasil_lab: VascularFinding[];
}

/** Occupation codes of spec section 3. */
export const OCCUPATIONS: ReadonlyArray<readonly [code: string, label: string]> = [
  ['00', 'ASN Kemenkes'],
  ['01', 'PNS'],
  ['02', 'Swasta'],
  ['03', 'Wiraswasta'],
  ['04', 'Tdk Kerja'],
  ['05', 'Pelajar/Mahasiswa'],
  ['06', 'IRT'],
  ['07', 'Pensiunan'],
  ['08', 'TNI'],
  ['09', 'POLRI'],
  ['10', 'Purnawirawan'],
  ['11', 'Petani'],
  ['12', 'Buruh'],
];

/** Path values of the 13 specialty buttons (spec section 2), with the 'Cardiologi' spellings. */
export const SPECIALTIES = [
  'Kardiologi',
  'Anak',
  'Bedah',
  'Bedah Dewasa',
  'Bedah Anak',
  'Gizi',
  'Gigi',
  'Penyakit Dalam',
  'Rehabilitasi',
  'Syaraf',
  'Cardiologi Pediatrik',
  'Pulmonologi & Respirasi (Paru)',
  'Cardiologi Pediatrik (Purnabakti)',
] as const;

export type Specialty = (typeof SPECIALTIES)[number];

/** Clinic whose patients may only pay Non BPJS (spec section 5). */
export const EXECUTIVE_CLINIC = '20012';
/** Quota entry meaning "no practice that day" (spec section 5, decisions 19). */
export const NO_PRACTICE_CODE = 301;

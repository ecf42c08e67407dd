// The demo patients and demo patient A's records, as data: each date is a number of days from the
// day of seeding (WIB), so a fresh start always has upcoming appointments and today's queues.
// seed.ts, seed-patient-a.ts and seed-today.ts turn them into rows; tests and samples name the
// patients and registrations from here (through seed.ts).
import { addDays, todayWib } from '../../../../common/dates.ts';

export const DEMO_A = { nomr: '00012345', tgl_lahir: '1968-08-17', nama: 'BUDI SANTOSO' };
export const DEMO_B = { nomr: '00012346', tgl_lahir: '1990-12-25', nama: 'SITI AMINAH' };
/** In the ICVCU now, and so in no clinic queue: the current inpatient stay of the demo. */
export const DEMO_C = { nomr: '00012347', tgl_lahir: '1955-03-09', nama: 'SUPARMAN' };
export const COHORT = { first: 90000001, size: 200, tgl_lahir: '2000-01-01' };

/** A, B and C as patients rows: nomr, nama, jenis_kelamin, tgl_lahir, pastipe, alamat, no_jaminan, telp_hp. */
export const DEMO_PATIENT_ROWS: ReadonlyArray<readonly unknown[]> = [
  [DEMO_A.nomr, DEMO_A.nama, 'L', DEMO_A.tgl_lahir, 'BPJS', 'Jl. Letjen S. Parman Kav. 87, Slipi, Jakarta Barat', '0001234567890', '081234567890'],
  [DEMO_B.nomr, DEMO_B.nama, 'P', DEMO_B.tgl_lahir, 'UMUM', 'Jl. Kebon Jeruk Raya No. 12, Jakarta Barat', null, '081298765432'],
  [DEMO_C.nomr, DEMO_C.nama, 'L', DEMO_C.tgl_lahir, 'BPJS', 'Jl. Palmerah Barat No. 5, Jakarta Barat', '0009876543210', '081311112222'],
];

/** A registration number's parts: its kind, the day it was made (days from the day of seeding), a sequence. */
export type Reg = readonly [prefix: string, day: number, seq: number];

/** A registration number as the hospital writes it: its kind, the date it was made (YYMMDD), a sequence. */
export const regNo = (prefix: string, date: string, seq: number): string =>
  `${prefix}${date.slice(2, 4)}${date.slice(5, 7)}${date.slice(8, 10)}${String(seq).padStart(4, '0')}`;

/** The registration number of `reg` when seeded on `today`, and the date it was made. */
export const regOf = ([prefix, day, seq]: Reg, today: string): string => regNo(prefix, addDays(today, day), seq);
export const dayOf = (reg: Reg, today: string): string => addDays(today, reg[1]);

/** Today's session of D001 in clinic 20001: 1–5 served, 6 being called, A waiting at 9, 14 in all. */
export const DEMO_QUEUE = { size: 14, served: 5, called: 6, a: 9 } as const;

/** A's records that tests and samples open. */
const A_REGS = {
  poliVisit: ['RJ', -35, 45],
  cathDone: ['KT', -31, 3],
  vascular: ['VS', -20, 4],
  lab: ['LAB', -6, 77],
} as const satisfies Record<string, Reg>;

/** The registration numbers of A's records that tests and samples open, for the day of seeding. */
export const DEMO_REGS = {
  poliVisit: (today = todayWib()) => regOf(A_REGS.poliVisit, today),
  cathDone: (today = todayWib()) => regOf(A_REGS.cathDone, today),
  vascular: (today = todayWib()) => regOf(A_REGS.vascular, today),
  /** A's latest lab order, with the whole panel. */
  lab: (today = todayWib()) => regOf(A_REGS.lab, today),
  /** A's number in today's clinic queue. */
  queue: (today = todayWib()) => regNo('RJ', today, DEMO_QUEUE.a),
};

/**
 * A's upcoming appointments: BPJS in Kardiologi Dewasa with D001, Non BPJS in the executive clinic;
 * each on its practice's first day at least `from` days ahead.
 */
export const A_UPCOMING: ReadonlyArray<{ kd_dep: string; kd_dr?: string; from: number; carabayar: string }> = [
  { kd_dep: '20001', kd_dr: 'D001', from: 3, carabayar: 'B' },
  { kd_dep: '20012', from: 5, carabayar: 'P' },
];

/** A's past clinic and online visits, each on the day of its registration. */
export const A_VISITS: ReadonlyArray<{
  reg: Reg;
  jenis: 'poli' | 'online';
  kd_dep: string;
  kd_dr: string;
  no_urut: number;
  pas_baru: 'Y' | 'N';
  ds_pastipe: string;
  resume: string | null;
  inap: 'Y' | 'N';
}> = [
  {
    reg: ['RJ', -190, 23],
    jenis: 'poli',
    kd_dep: '20001',
    kd_dr: 'D001',
    no_urut: 12,
    pas_baru: 'N',
    ds_pastipe: 'BPJS',
    resume: 'Kontrol PJK pasca PCI. Keluhan nyeri dada berkurang. Lanjutkan aspirin, clopidogrel, atorvastatin.',
    inap: 'N',
  },
  {
    reg: ['RJ', -100, 117],
    jenis: 'poli',
    kd_dep: '20009',
    kd_dr: 'D021',
    no_urut: 5,
    pas_baru: 'N',
    ds_pastipe: 'BPJS',
    resume: 'Hipertensi terkontrol, gula darah puasa sedikit tinggi. Diet rendah gula, kontrol 3 bulan.',
    inap: 'N',
  },
  {
    reg: A_REGS.poliVisit,
    jenis: 'poli',
    kd_dep: '20001',
    kd_dr: 'D002',
    no_urut: 8,
    pas_baru: 'N',
    ds_pastipe: 'BPJS',
    resume: 'Sesak saat aktivitas berat. Rencana kateterisasi jantung.',
    inap: 'Y',
  },
  { reg: ['RO', -70, 4], jenis: 'online', kd_dep: '20001', kd_dr: 'D001', no_urut: 4, pas_baru: 'N', ds_pastipe: 'UMUM', resume: null, inap: 'N' },
  { reg: ['RO', -14, 9], jenis: 'online', kd_dep: '20007', kd_dr: 'D016', no_urut: 2, pas_baru: 'Y', ds_pastipe: 'UMUM', resume: null, inap: 'N' },
];

/** A past inpatient stay: admitted on its registration's day, discharged `pulang` days from seeding. */
interface Stay {
  reg: Reg;
  pulang: number | null;
  ds_kmr: string;
  kd_bed_from: string;
  ds_bed_from: string;
  status: string;
  diagnosis_primer: string;
  diagnosis_sekunder: string | null;
}

export const A_STAYS: readonly Stay[] = [
  {
    reg: ['RI', -32, 8],
    pulang: -27,
    ds_kmr: 'Ruang Rawat Kelas 1',
    kd_bed_from: 'B1-04',
    ds_bed_from: 'IGD',
    status: 'Pulang',
    diagnosis_primer: 'I21.4 Infark miokard akut non-ST elevasi',
    diagnosis_sekunder: 'I10 Hipertensi esensial',
  },
  {
    reg: ['RI', -380, 31],
    pulang: -374,
    ds_kmr: 'Ruang Rawat Kelas 1',
    kd_bed_from: 'B2-11',
    ds_bed_from: 'Poliklinik',
    status: 'Pulang',
    diagnosis_primer: 'I25.1 Penyakit jantung aterosklerotik',
    diagnosis_sekunder: null,
  },
  // Discharged from the ICVCU a few days ago: today's clinic visit is the control after it
  // (a patient in a ward is not in the outpatient queue).
  {
    reg: ['RI', -9, 2],
    pulang: -5,
    ds_kmr: 'ICVCU',
    kd_bed_from: 'C3-02',
    ds_bed_from: 'Poliklinik',
    status: 'Pulang',
    diagnosis_primer: 'I20.0 Angina pektoris tidak stabil',
    diagnosis_sekunder: null,
  },
];

/** C's stay: in the ICVCU since yesterday. */
export const C_STAY: Stay = {
  reg: ['RI', -1, 3],
  pulang: null,
  ds_kmr: 'ICVCU',
  kd_bed_from: 'C3-02',
  ds_bed_from: 'IGD',
  status: 'Dirawat',
  diagnosis_primer: 'I20.0 Angina pektoris tidak stabil',
  diagnosis_sekunder: null,
};

/** A's catheterizations and surgery, done and planned, each on its registration's day. */
export const A_PROCEDURES: ReadonlyArray<{
  reg: Reg;
  jenis: 'kath' | 'bedah';
  tindakan: string;
  kd_dr: string;
  kd_dr_anestesi: string | null;
  selesai: boolean;
}> = [
  { reg: A_REGS.cathDone, jenis: 'kath', tindakan: 'Kateterisasi jantung diagnostik (angiografi koroner)', kd_dr: 'D003', kd_dr_anestesi: null, selesai: true },
  { reg: ['OP', -378, 12], jenis: 'bedah', tindakan: 'Bedah pintas arteri koroner (CABG)', kd_dr: 'D012', kd_dr_anestesi: 'D900', selesai: true },
  { reg: ['KT', 4, 6], jenis: 'kath', tindakan: 'Intervensi koroner perkutan (PCI) pada LAD', kd_dr: 'D003', kd_dr_anestesi: null, selesai: false },
  { reg: ['OP', 12, 2], jenis: 'bedah', tindakan: 'Penggantian katup mitral', kd_dr: 'D013', kd_dr_anestesi: 'D900', selesai: false },
];

/**
 * A's lab orders, each taken at 07:45 on its registration's day. The yearly follow-ups hold only
 * the tests followed over the years (LAB_FOLLOW_UP); the two recent orders the whole panel.
 */
export const A_LAB_ORDERS: ReadonlyArray<{ reg: Reg; panel: boolean }> = [
  { reg: ['LAB', -1100, 31], panel: false },
  { reg: ['LAB', -735, 38], panel: false },
  { reg: ['LAB', -370, 45], panel: false },
  { reg: ['LAB', -32, 151], panel: true },
  { reg: A_REGS.lab, panel: true },
];

/**
 * A heart patient's picture: raised cholesterol, a low haemoglobin, the rest within range. Where
 * in its reference range a test's value lies (0 low, 1 high); tests not named land in between.
 */
export const A_LAB_OUT_OF_RANGE: Readonly<Record<string, number>> = { 'Kolesterol Total': 1.18, Hemoglobin: -0.2 };

/** A's vascular ultrasound reports; the last one, not yet verified, has no registration. */
export const A_VASCULAR_REPORTS: ReadonlyArray<{ reg: Reg; diagnosa: string } | { reg: null; day: number; diagnosa: string }> = [
  { reg: ['VS', -80, 11], diagnosa: 'Insufisiensi vena superfisial tungkai kanan' },
  { reg: A_REGS.vascular, diagnosa: 'Stenosis ringan arteri femoralis kiri' },
  { reg: null, day: -2, diagnosa: 'Pemeriksaan belum diverifikasi' },
];

/** Who sent and who examined, on every report: asal_rujukan, pengirim, teknisi. */
export const VASCULAR_SENDER = ['Poli Kardiologi Dewasa', 'dr. Ahmad Fauzi, Sp.JP(K)', 'Rudi Hartono, A.Md.Kes'] as const;

/** Each report's findings: access, right, left. */
export const VASCULAR_FINDINGS: ReadonlyArray<readonly [access: string, kanan: string, kiri: string]> = [
  ['Arteri femoralis komunis', 'Trifasik, PSV 98 cm/s', 'Bifasik, PSV 76 cm/s'],
  ['Arteri poplitea', 'Trifasik', 'Trifasik'],
  ['Vena saphena magna', 'Refluks 1,8 detik', 'Tidak ada refluks'],
];

/** Today's pharmacy queue: A's medicine is being prepared. no_antrian, no_mr, status_obat. */
export const PHARMACY_TODAY: ReadonlyArray<readonly [no_antrian: string, no_mr: string, status_obat: string]> = [
  ['F-011', '90000003', 'Siap diambil'],
  ['F-012', DEMO_A.nomr, 'Sedang disiapkan'],
];

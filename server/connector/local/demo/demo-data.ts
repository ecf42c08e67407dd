// The demo hospital: a heart hospital's clinics and doctors. Compact lists; seed.ts turns them
// into rows.

export const CLINICS: ReadonlyArray<readonly [kd_dep: string, ds_dep: string]> = [
  ['20001', 'POLI KARDIOLOGI DEWASA'],
  ['20002', 'POLI KARDIOLOGI ANAK'],
  ['20003', 'POLI BEDAH JANTUNG DEWASA'],
  ['20004', 'POLI BEDAH JANTUNG ANAK'],
  ['20005', 'POLI BEDAH VASKULAR'],
  ['20006', 'POLI ANAK'],
  ['20007', 'POLI GIZI'],
  ['20008', 'POLI GIGI'],
  ['20009', 'POLI PENYAKIT DALAM'],
  ['20010', 'POLI REHABILITASI MEDIK'],
  ['20011', 'POLI SARAF'],
  ['20012', 'POLI EKSEKUTIF / UMUM'],
  ['20013', 'POLI PARU'],
  ['20014', 'POLI VASKULAR'],
];

/** The demo clinic's examination room: five clinics a floor. */
export const clinicRoom = (index: number): string => `Ruang Periksa ${index + 1}`;
/** Five clinics a floor. */
export const clinicFloor = (index: number): string => String(Math.floor(index / 5) + 1);

/** specialty → the clinics its doctors practise in, and their names. */
export const DOCTORS_BY_SPECIALTY: ReadonlyArray<{
  spesialis: string;
  clinics: string[];
  title: string;
  names: string[];
}> = [
  {
    spesialis: 'Kardiologi',
    clinics: ['20001', '20012', '20014'],
    title: 'Sp.JP(K)',
    names: ['Ahmad Fauzi', 'Ratna Dewi Lestari', 'Bambang Widjanarko', 'Yulia Kusumawati', 'Hendra Gunawan', 'Sri Wahyuni'],
  },
  { spesialis: 'Anak', clinics: ['20006'], title: 'Sp.A', names: ['Rina Puspitasari', 'Agus Salim'] },
  { spesialis: 'Bedah', clinics: ['20005'], title: 'Sp.B', names: ['Joko Susilo', 'Made Wirawan'] },
  {
    spesialis: 'Bedah Dewasa',
    clinics: ['20003'],
    title: 'Sp.BTKV(K)',
    names: ['Teguh Prasetyo', 'Lukman Hakim', 'Dian Anggraini'],
  },
  { spesialis: 'Bedah Anak', clinics: ['20004'], title: 'Sp.BTKV', names: ['Fajar Nugroho', 'Wulan Sari'] },
  { spesialis: 'Gizi', clinics: ['20007'], title: 'Sp.GK', names: ['Nurul Hidayah', 'Indah Permatasari'] },
  { spesialis: 'Gigi', clinics: ['20008'], title: 'drg.', names: ['Putri Maharani', 'Rizky Ramadhan'] },
  {
    spesialis: 'Penyakit Dalam',
    clinics: ['20009', '20012'],
    title: 'Sp.PD',
    names: ['Eko Wibowo', 'Maya Sari Siregar', 'Hasan Basri'],
  },
  { spesialis: 'Rehabilitasi', clinics: ['20010'], title: 'Sp.KFR', names: ['Kartika Chandra', 'Dedi Kurniawan'] },
  { spesialis: 'Syaraf', clinics: ['20011'], title: 'Sp.N', names: ['Yusuf Effendi', 'Lestari Handayani'] },
  {
    spesialis: 'Cardiologi Pediatrik',
    clinics: ['20002'],
    title: 'Sp.JP(K)',
    names: ['Anita Rahmawati', 'Surya Darma', 'Fitri Handini'],
  },
  {
    spesialis: 'Pulmonologi & Respirasi (Paru)',
    clinics: ['20013'],
    title: 'Sp.P',
    names: ['Irwan Setiawan', 'Mega Utami'],
  },
  {
    spesialis: 'Cardiologi Pediatrik (Purnabakti)',
    clinics: ['20002'],
    title: 'Sp.JP(K)',
    names: ['Soeharto Wirjo'],
  },
];

export const FIRST_NAMES = [
  'Adi',
  'Agus',
  'Ani',
  'Bayu',
  'Budi',
  'Citra',
  'Dedi',
  'Dewi',
  'Eka',
  'Fitri',
  'Gita',
  'Hadi',
  'Indra',
  'Joko',
  'Kurnia',
  'Lina',
  'Made',
  'Nina',
  'Oki',
  'Putu',
  'Rahmat',
  'Rini',
  'Sari',
  'Tono',
  'Umar',
  'Wati',
  'Yanti',
  'Yusuf',
  'Zainal',
  'Nyoman',
];

export const LAST_NAMES = [
  'Saputra',
  'Wijaya',
  'Hidayat',
  'Lestari',
  'Kusuma',
  'Pratama',
  'Santoso',
  'Siregar',
  'Nasution',
  'Simanjuntak',
  'Wibisono',
  'Halim',
  'Rahman',
  'Putri',
  'Setiawan',
  'Gunadi',
  'Hutapea',
  'Manurung',
  'Sembiring',
  'Susanti',
];

export const CITIES = ['Jakarta Barat', 'Jakarta Selatan', 'Tangerang', 'Depok', 'Bekasi', 'Bogor'];
export const STREETS = ['Jl. Kemanggisan Raya', 'Jl. Palmerah Utara', 'Jl. Tomang Raya', 'Jl. Kebon Jeruk', 'Jl. Meruya Ilir'];

export const LAB_TESTS: ReadonlyArray<readonly [name: string, unit: string, low: number, high: number]> = [
  ['Hemoglobin', 'g/dL', 13, 17],
  ['Leukosit', 'ribu/uL', 5, 10],
  ['Trombosit', 'ribu/uL', 150, 440],
  ['Kolesterol Total', 'mg/dL', 0, 200],
  ['Kolesterol LDL', 'mg/dL', 0, 130],
  ['Trigliserida', 'mg/dL', 0, 150],
  ['Gula Darah Puasa', 'mg/dL', 70, 100],
  ['HbA1c', '%', 4, 5.6],
  ['Kreatinin', 'mg/dL', 0.6, 1.3],
  ['Troponin I', 'ng/mL', 0, 0.04],
  ['Natrium', 'mmol/L', 135, 145],
  // The range of a patient on warfarin, which is what the hospital's heart patients are.
  ['INR', '', 2, 3],
];

/**
 * What a heart patient follows over the years, patient A's results from the oldest lab order to
 * the newest (five orders, about three years): LDL falling on a statin, HbA1c coming down,
 * creatinine drifting up, INR finding its range on warfarin. As the lab writes them.
 */
export const LAB_FOLLOW_UP: Readonly<Record<string, readonly string[]>> = {
  'Kolesterol LDL': ['190', '160', '128', '112', '96'],
  HbA1c: ['8.1', '7.4', '6.8', '6.3', '6.1'],
  Kreatinin: ['1.0', '1.1', '1.2', '1.4', '1.2'],
  INR: ['1.6', '2.2', '2.6', '2.9', '2.5'],
};

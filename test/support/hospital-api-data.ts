// The demo data of the hospital API stand-in (hospital-api.ts): two patients, four clinics, four
// doctors with weekly schedules, and each patient's records, dated around the day it starts. Field
// names and shapes as docs/product.md §3 gives them; nothing here comes
// from server/ or common/, so the stand-in stays an API of its own.

export const WEEKDAYS = ['Minggu', 'Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu'] as const;

/** YYYY-MM-DD in WIB (UTC+7), the hospital's day. */
export const wibToday = (): string => new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
const addDays = (ymd: string, n: number): string => new Date(Date.parse(`${ymd}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
export const weekdayOf = (ymd: string): string => WEEKDAYS[new Date(`${ymd}T00:00:00Z`).getUTCDay()];
/** The first day after `from` that falls on `hari` (an Indonesian weekday): a date a test can book. */
export const nextDateOn = (hari: string, from: string): string => {
  for (let i = 1; i <= 7; i++) if (weekdayOf(addDays(from, i)) === hari) return addDays(from, i);
  throw new Error(`not a weekday: ${hari}`);
};

export interface HospitalPatient {
  nomr: string;
  tgl_lahir: string;
  nama: string;
  jenis_kelamin: string;
  pastipe: string;
  alamat: string;
  no_jaminan: string;
}

export interface Clinic {
  kd_dep: string;
  ds_dep: string;
}

export interface Practice {
  hari: string;
  jam_dtg: string;
  jam_plg: string;
  kd_dep: string;
  ds_dep: string;
  /** Session of the day: '1' morning, '2' afternoon. */
  sts_jam: string;
  /** Practice type: 'U' regular, 'E' executive. */
  sts_ue: string;
  batas_quota: number;
}

export interface Doctor {
  kd_dr: string;
  nama_dr_lengkap: string;
  /** The §2 path value of the specialty (`/cekjadwaldokter/listdokter/{spesialis}`). */
  spesialis: string;
  foto: string;
  jadwal: Practice[];
}

/** An appointment the hospital holds: the demo's own, and those booked through POST /api/patient/simpan/janji. */
export interface Appointment {
  no_reg: string;
  no_urut: number;
  nomr: string;
  tgl_janji: string;
  kd_dep: string;
  kd_dr: string;
  sts_jam: string;
  sts_ue: string;
  carabayar: 'B' | 'P';
  hp: string;
  source: 'demo' | 'api';
}

export interface PharmacyQueueItem {
  no_antrian: string;
  tgl_layanan: string;
  no_mr: string;
  nama_pasien: string;
  status_obat: string;
}

export const PATIENTS: HospitalPatient[] = [
  {
    nomr: '00201234',
    tgl_lahir: '1968-03-14',
    nama: 'SUTRISNO HADI',
    jenis_kelamin: 'L',
    pastipe: 'BPJS',
    alamat: 'Jl. Kenanga No. 12, Jakarta Barat',
    no_jaminan: '0001234567890',
  },
  {
    nomr: '00205678',
    tgl_lahir: '1990-11-02',
    nama: 'DEWI LESTARI',
    jenis_kelamin: 'P',
    pastipe: 'UMUM',
    alamat: 'Jl. Melati No. 3, Depok',
    no_jaminan: '',
  },
];

export const CLINICS: Clinic[] = [
  { kd_dep: '10101', ds_dep: 'POLI JANTUNG DEWASA' },
  { kd_dep: '10102', ds_dep: 'POLI JANTUNG ANAK' },
  { kd_dep: '10201', ds_dep: 'POLI PENYAKIT DALAM' },
  { kd_dep: '20012', ds_dep: 'POLI EKSEKUTIF / UMUM' },
];

const dep = (kd_dep: string) => CLINICS.find((c) => c.kd_dep === kd_dep)?.ds_dep ?? '';
const practice = (hari: string, kd_dep: string, sts_jam: string, quota: number, sts_ue = 'U'): Practice => ({
  hari,
  jam_dtg: sts_jam === '1' ? '08:00' : '13:00',
  jam_plg: sts_jam === '1' ? '12:00' : '16:00',
  kd_dep,
  ds_dep: dep(kd_dep),
  sts_jam,
  sts_ue,
  batas_quota: quota,
});

/** Every doctor practises Monday to Saturday at least once: any such day has seats; Sunday answers kode 301. */
export function doctors(quota: number): Doctor[] {
  const workdays = WEEKDAYS.slice(1);
  return [
    {
      kd_dr: 'D0101',
      nama_dr_lengkap: 'dr. Andi Wijaya, Sp.JP(K)',
      spesialis: 'Kardiologi',
      foto: 'https://rs.example/foto/D0101.jpg',
      jadwal: workdays.map((h) => practice(h, '10101', '1', quota)),
    },
    {
      kd_dr: 'D0102',
      nama_dr_lengkap: 'dr. Ratna Sari, Sp.JP',
      spesialis: 'Kardiologi',
      foto: 'https://rs.example/foto/D0102.jpg',
      jadwal: ['Senin', 'Rabu', 'Jumat'].map((h) => practice(h, '10101', '2', quota)),
    },
    {
      kd_dr: 'D0201',
      nama_dr_lengkap: 'dr. Bambang Prasetyo, Sp.A(K)',
      spesialis: 'Cardiologi Pediatrik',
      foto: 'https://rs.example/foto/D0201.jpg',
      jadwal: ['Selasa', 'Kamis', 'Sabtu'].map((h) => practice(h, '10102', '1', quota)),
    },
    {
      kd_dr: 'D0301',
      nama_dr_lengkap: 'dr. Maya Kusuma, Sp.PD',
      spesialis: 'Penyakit Dalam',
      foto: 'https://rs.example/foto/D0301.jpg',
      jadwal: [...workdays.map((h) => practice(h, '10201', '2', quota)), ...workdays.map((h) => practice(h, '20012', '1', quota, 'E'))],
    },
  ];
}

/** The first patient has an appointment today (so a clinic queue number) and one in a week, and medicine waiting; the second has none. */
export function demoAppointments(today: string): Appointment[] {
  const [a] = PATIENTS;
  const base = { nomr: a.nomr, sts_ue: 'U', carabayar: 'B' as const, hp: '081234567890', source: 'demo' as const };
  return [
    { ...base, no_reg: 'RJ0000000101', no_urut: 4, tgl_janji: today, kd_dep: '10101', kd_dr: 'D0101', sts_jam: '1' },
    { ...base, no_reg: 'RJ0000000102', no_urut: 2, tgl_janji: addDays(today, 7), kd_dep: '10201', kd_dr: 'D0301', sts_jam: '2' },
  ];
}

export function demoPharmacy(today: string): PharmacyQueueItem[] {
  const [a] = PATIENTS;
  return [{ no_antrian: 'F-017', tgl_layanan: today, no_mr: a.nomr, nama_pasien: a.nama, status_obat: 'Sedang Disiapkan' }];
}

/** The records of §3 the first patient has (the second has none: the API answers status false, 'Data tidak ditemukan'). */
export function demoRecords(today: string) {
  const [a] = PATIENTS;
  const who = { no_mr: a.nomr };
  const ago = (n: number) => addDays(today, -n);
  const soon = (n: number) => addDays(today, n);
  return {
    kath: [
      {
        hari: weekdayOf(soon(5)),
        tanggal_tindakan: soon(5),
        nama_pasien: a.nama,
        ...who,
        tindakan: 'Kateterisasi Jantung Diagnostik',
        no_reg: 'RI0000000301',
        nama_dokter: 'dr. Andi Wijaya, Sp.JP(K)',
      },
    ],
    bedah: [
      {
        hari: weekdayOf(soon(12)),
        tanggal_operasi: soon(12),
        nama_pasien: a.nama,
        ...who,
        tindakan_bedah: 'CABG',
        no_reg: 'RI0000000302',
        nama_dokter_bedah: 'dr. Hendra Gunawan, Sp.BTKV',
        nama_dokter_anastesi: 'dr. Siska Amelia, Sp.An',
      },
    ],
    konsulUmum: [
      {
        no_reg: 'RJ0000000050',
        nama_pas: a.nama,
        ...who,
        tgl_reg: ago(30),
        ds_dep: 'POLI JANTUNG DEWASA',
        kd_dep: '10101',
        nama_dokter: 'dr. Andi Wijaya, Sp.JP(K)',
        pas_baru: 'N',
        ds_pastipe: 'BPJS',
        resume: 'Kontrol rutin, tekanan darah terkendali.',
      },
    ],
    konsulOnline: [
      {
        no_reg: 'RO0000000011',
        nama_pas: a.nama,
        ...who,
        tgl_reg: ago(20),
        ds_dep: 'POLI JANTUNG DEWASA',
        kd_dep: '10101',
        nama_dokter: 'dr. Ratna Sari, Sp.JP',
        no_urut: 1,
        pas_baru: 'N',
        ds_pastipe: 'UMUM',
      },
    ],
    inapJalan: [] as object[],
    inapLalu: [
      {
        no_reg: 'RI0000000200',
        nama_pas: a.nama,
        ...who,
        tgl_masuk: ago(90),
        tgl_pulang: ago(85),
        diagnosis_primer: 'I21.9 Infark miokard akut',
        diagnosis_sekunder: 'I10 Hipertensi esensial',
      },
    ],
    tindakanKath: [
      { hari: weekdayOf(ago(88)), tanggal_tindakan: ago(88), nama_pasien: a.nama, ...who, no_reg: 'RI0000000200', nama_dokter: 'dr. Andi Wijaya, Sp.JP(K)' },
    ],
    tindakanBedah: [
      {
        hari: weekdayOf(ago(200)),
        tanggal_operasi: ago(200),
        nama_pasien: a.nama,
        ...who,
        tindakan_bedah: 'Pemasangan Pacu Jantung',
        no_reg: 'RI0000000150',
        nama_dokter_bedah: 'dr. Hendra Gunawan, Sp.BTKV',
        // spelt so in the surgery history (not 'anastesi' as in the schedule), §3
        nama_dokter_anestesi: 'dr. Siska Amelia, Sp.An',
      },
    ],
    hasillab: [
      {
        no_lab: 'LAB2600123',
        tgl_prksa: ago(30),
        hasil_lab: [
          { test_nm: 'Hemoglobin', hasil: '13.2', unit: 'g/dL', flag: '', ref_range: '13.0 - 17.0', status: 'F', test_comment: '' },
          { test_nm: 'Kolesterol LDL', hasil: '162', unit: 'mg/dL', flag: 'H', ref_range: '< 100', status: 'F', test_comment: 'Di atas target' },
        ],
      },
    ],
    poliHistory: [
      { no_reg: 'RJ0000000050', tgl_reg: ago(30), ds_dep: 'POLI JANTUNG DEWASA', inap: 'N' },
      { no_reg: 'RJ0000000040', tgl_reg: ago(95), ds_dep: 'POLI JANTUNG DEWASA', inap: 'Y' },
    ],
    vaskular: [
      {
        no_reg: 'RJ0000000050',
        tgl_periksa: ago(30),
        diagnosa: 'Insufisiensi vena kronik',
        asal_rujukan: 'Poli Jantung Dewasa',
        pengirim: 'dr. Andi Wijaya, Sp.JP(K)',
        teknisi: 'Rudi',
        hasil_lab: [{ access: 'Vena safena magna', kanan: 'Refluks 1,2 detik', kiri: 'Normal' }],
      },
      // an entry without no_reg, as the hospital's list has them (the app drops it, §5)
      { no_reg: null, tgl_periksa: ago(60), diagnosa: '', asal_rujukan: '', pengirim: '', teknisi: '', hasil_lab: [] },
    ],
  };
}

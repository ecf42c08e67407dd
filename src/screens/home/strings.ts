// The texts of home, its cards, drawer and account menu; the spec's are copied exactly. Beside
// the screens that use them, so the login page does not download them (decisions).

export const HOME = {
  title: 'Beranda',
  welcome: 'Selamat Datang',
  menu: 'Menu',
  account: 'Akun',
  refresh: 'Perbarui data',
  profile: 'Profile',
  logout: 'Logout',
  logoutTitle: 'Confirm Logout',
  logoutBody: 'Are you sure you want to log out?',
  no: 'No',
  yes: 'Yes',
  shortcuts: {
    booking: 'Perjanjian Poliklinik',
    procedures: 'Jadwal Tindakan',
    doctors: 'Jadwal Dokter',
  },
  drawer: {
    consultations: 'Riwayat Konsultasi',
    inpatient: 'Rawat Inap',
    procedures: 'Riwayat Tindakan',
    examinations: 'Riwayat Pemeriksaan',
  },
  cards: {
    appointments: 'Jadwal Perjanjian Aktif',
    clinicQueue: 'Antrian Poli',
    pharmacyQueue: 'Antrian Obat Farmasi',
  },
  showSchedule: 'Tampilkan Jadwal',
  showQueue: 'Tampilkan Antrian',
  fields: {
    tanggal: 'Tanggal',
    hari: 'Hari',
    dokter: 'Dokter',
    poli: 'Poli',
    noUrut: 'Nomor Antrian',
    noReg: 'No. Registrasi',
    noMr: 'No. MR',
    nama: 'Nama',
    noAntrian: 'Nomor Antrian Farmasi',
    statusObat: 'Status Obat',
    status: 'Status',
    noDipanggil: 'Nomor Dipanggil Saat Ini',
  },
  queueStatus: { menunggu: 'Menunggu', dipanggil: 'Dipanggil, silakan menuju ruang periksa' } as Record<string, string>,
};

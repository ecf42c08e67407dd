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
    /** Only where the API books online consultations (decisions: managing appointments). */
    online: 'Konsultasi Online',
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
    jam: 'Jam',
    jenis: 'Jenis',
  },
  online: 'Konsultasi Online',
  /** Under the spec's 'Tidak ada data !' when a card's list came back empty (not on a failure). */
  empty: {
    appointments: 'Anda belum punya jadwal perjanjian. Buat janji lewat Perjanjian Poliklinik.',
    clinicQueue: 'Anda tidak sedang dalam antrian poli hari ini.',
    pharmacyQueue: 'Tidak ada antrian obat untuk Anda hari ini.',
  },
  /** The 'Hari ini' card: what matters today or in the next days, above the spec's three cards. */
  today: {
    title: 'Hari ini',
    clinic: 'Antrian Poli',
    number: (n: number) => `Nomor antrian ${n}`,
    room: 'Ruang',
    pharmacy: 'Obat Farmasi',
    pharmacyNumber: (no: string) => `Nomor antrian farmasi ${no}`,
    cath: 'Kateterisasi',
    surgery: 'Operasi',
    when: (days: number) => (days === 0 ? 'hari ini' : days === 1 ? 'besok' : `${days} hari lagi`),
    inpatient: (room: string) => `Sedang dirawat di ${room}`,
    since: (date: string) => `Sejak ${date}`,
    details: 'Lihat rincian',
  },
  /** What the pharmacy's two statuses mean for the patient, beside the status itself. */
  pharmacyHint: {
    ready: 'Silakan ambil obat Anda di loket farmasi.',
    preparing: 'Obat Anda sedang disiapkan. Anda akan diberi tahu saat obat siap.',
  } as Record<string, string>,
  queueStatus: {
    menunggu: 'Menunggu',
    dipanggil: 'Dipanggil, silakan menuju ruang periksa',
    dilewati: 'Nomor Anda terlewat, silakan lapor ke petugas poli',
    selesai: 'Selesai',
    batal: 'Dibatalkan',
  } as Record<string, string>,
  /** The visit day on the clinic queue card (decisions: the visit day); each shown only when the API tells it. */
  visit: {
    ahead: (n: number) => (n === 0 ? 'Giliran Anda berikutnya' : `${n} antrian lagi`),
    estimate: (time: string) => `Perkiraan dipanggil pukul ${time}`,
    checkin: 'Check-in',
    checkedIn: (time: string) => `Sudah check-in pukul ${time}`,
    opensAt: (time: string) => `Check-in dibuka pukul ${time}`,
    needsLocation: 'Untuk check-in, aplikasi akan meminta lokasi ponsel Anda.',
    locating: 'Mencari lokasi ponsel…',
    sending: 'Mengirim check-in…',
  },
};

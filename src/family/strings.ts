// The texts of family profiles: adding one, the other profiles' lines on home and signing out.
// Beside the screens that use them, so the login page does not download them; what every
// signed-in screen may show (whose profile, a session ended) is in profile-strings.ts.

export const FAMILY = {
  add: 'Tambah Anggota Keluarga',
  intro: 'Masukkan Nomor MR dan Tanggal Lahir anggota keluarga yang ingin Anda pantau dari ponsel ini.',
  submit: 'Tambah Profil',
  okTitle: 'Profil Ditambahkan',
  okBody: (nomr: string) => `Profil dengan Nomor MR ${nomr} sudah ada di ponsel ini. Anda akan diarahkan ke berandanya.`,
  duplicateTitle: 'Profil Sudah Ada',
  duplicate: 'Pasien dengan Nomor MR ini sudah ada di ponsel ini. Pilih profilnya di beranda.',
  fullTitle: 'Profil Sudah Penuh',
  /** The login call refused the family member: what went wrong for that person, not 'Login Gagal'. */
  failed: {
    mismatch: {
      title: 'Data Tidak Cocok',
      body: (nomr: string, date: string) =>
        `Nomor MR ${nomr} dengan tanggal lahir ${date} tidak cocok dengan data pasien rumah sakit. Periksa kembali keduanya, misalnya di kartu berobat anggota keluarga Anda.`,
    },
    locked: { title: 'Terlalu Banyak Percobaan', body: (nomr: string) => `Profil dengan Nomor MR ${nomr} belum dapat ditambahkan.` },
    passkey: { title: 'Gunakan Sidik Jari', body: (nomr: string) => `Pasien dengan Nomor MR ${nomr} masuk dengan sidik jari.` },
    offline: { title: 'Tidak Ada Koneksi', body: () => 'Tidak dapat terhubung ke server. Periksa koneksi internet Anda, lalu coba lagi.' },
    error: { title: 'Profil Belum Ditambahkan', body: () => 'Terjadi gangguan di server. Silakan coba lagi beberapa saat lagi.' },
  },
  full: (max: number) => `Ponsel ini sudah menyimpan ${max} profil. Keluarkan salah satu profil untuk menambah yang lain.`,
  /** The other profiles above home's cards. */
  others: 'Profil lain di ponsel ini',
  noAppointment: 'Tidak ada jadwal perjanjian',
  unknown: 'Jadwal tidak dapat dimuat',
  queue: (no: number | string, status: string) => `Hari ini: antrian ${no}, ${status}`,
  ahead: (n: number) => `${n} lagi`,
  status: { menunggu: 'menunggu', dipanggil: 'DIPANGGIL', dilewati: 'dilewati', selesai: 'selesai', batal: 'batal' } as Record<string, string>,
  /** Signing out with several profiles on the phone. */
  logoutOne: 'Keluar',
  logoutOneBody: (name: string) => `${name} akan keluar dari ponsel ini. Profil lain tetap tersimpan.`,
  logoutAll: 'Keluar dari semua profil',
  logoutAllBody: 'Semua profil akan keluar dari ponsel ini.',
};

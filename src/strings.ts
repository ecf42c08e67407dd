// Every text the UI shows, once. The spec's texts are copied exactly, spacing and '!' included.

export const S = {
  appName: 'Pasien RS Jantung',
  copyright: (year: number) => `© ${year} Rumah Sakit Jantung. Hak cipta dilindungi.`,
  loading: 'Memuat…',
  noData: 'Tidak ada data !',
  offline: 'Anda sedang offline. Data akan dimuat saat koneksi kembali.',
  waitingForConnection: 'Menunggu koneksi internet…',
  /** Over an answer kept on the phone that could not be refreshed: when it was fetched (WIB). */
  lastUpdated: (when: string) => `Terakhir diperbarui ${when}`,
  back: 'Kembali',
  close: 'Close',
  installApp: 'Install App',
  sessionExpired: 'Sesi Anda telah berakhir, silakan login kembali',
  na: 'N/A',

  login: {
    nomr: 'Nomor MR',
    birthDate: 'Tanggal Lahir',
    submit: 'Login',
    register: 'Registrasi Pasien Baru',
    okTitle: 'Login Berhasil',
    okBody: 'Selamat datang di aplikasi pasien. Anda akan diarahkan ke beranda.',
    failTitle: 'Login Gagal',
    failBody: 'Periksa kembali Nomor MR dan Tanggal Lahir Anda',
    required: 'Wajib diisi',
  },

  notif: {
    askTitle: 'Pastikan Anda Mengaktifkan Notifikasi',
    askBody: 'Aktifkan notifikasi agar Anda tahu saat nomor antrian dipanggil atau obat siap diambil.',
    close: 'Tutup',
    proceed: 'Lanjutkan',
    granted: 'Fitur notifikasi sudah aktif. Silahkan Login !',
    denied: 'Anda belum mengaktifkan fitur notifikasi agar dapat login & menggunakan aplikasi. Klik untuk panduan !',
    guideTitle: 'Panduan Mengaktifkan Notifikasi',
    guideSteps: [
      'Buka aplikasi ini di Chrome (Android) atau Safari (iPhone).',
      'Buka menu browser (ikon titik tiga atau ikon bagikan).',
      'Pilih Setelan Situs (Site settings).',
      'Pilih Notifikasi, lalu atur ke Izinkan (Allow).',
    ],
  },

  register: {
    nama: 'Nama',
    noKtp: 'No KTP',
    tempatLahir: 'Tempat Lahir',
    tanggalLahir: 'Tanggal Lahir',
    telpon: 'Telpon',
    email: 'Email',
    pekerjaan: 'Pekerjaan',
    choose: 'Pilih pekerjaan',
    submit: 'Daftar',
    dialogTitle: 'Pesan',
    empty: 'Mohon isi semua data dengan benar!',
    failed: 'Data Anda Gagal disimpan. Mohon diperiksa kembali',
    saved: 'Data Anda Telah disimpan. Silahkan lanjutkan proses verifikasi di loket pendaftaran. Terimakasih',
    networkError: 'There was an error sending the data!',
  },

  date: {
    day: 'Tanggal',
    month: 'Bulan',
    year: 'Tahun',
    choose: 'Pilih tanggal',
    previousMonth: 'Bulan sebelumnya',
    nextMonth: 'Bulan berikutnya',
    unavailable: (day: string) => `${day}, tidak tersedia`,
  },
} as const;

// Every text the UI shows, once. The spec's texts are copied exactly, spacing and '!' included.

export const S = {
  appName: 'Pasien RS Jantung',
  copyright: (year: number) => `© ${year} Rumah Sakit Jantung. Hak cipta dilindungi.`,
  loading: 'Memuat…',
  noData: 'Tidak ada data !',
  offline: 'Anda sedang offline. Data akan dimuat saat koneksi kembali.',
  waitingForConnection: 'Menunggu koneksi internet…',
  /** A call the server could not answer (a network error, a time-out, a 5xx); the button calls again. */
  connectionProblem: 'Koneksi bermasalah, coba lagi',
  retry: 'Coba lagi',
  /** Over an answer kept on the phone that could not be refreshed: when it was fetched (WIB). */
  lastUpdated: (when: string) => `Terakhir diperbarui ${when}`,
  back: 'Kembali',
  close: 'Close',
  installApp: 'Install App',
  sessionExpired: 'Sesi Anda telah berakhir, silakan login kembali',
  /** A screen whose code could not be downloaded (a weak signal, or a version just replaced). */
  screenFailed: 'Halaman tidak dapat dimuat. Periksa koneksi internet Anda.',
  reload: 'Muat ulang',
  update: {
    reloading: 'Versi baru aplikasi tersedia. Memuat ulang…',
    later: 'Versi baru aplikasi tersedia. Aplikasi dimuat ulang setelah Anda pindah halaman.',
  },
  na: 'N/A',
  /** Beside a form field left empty. */
  required: 'Wajib diisi',

  login: {
    nomr: 'Nomor MR',
    /** Under the field: how the number looks, until the hospital's width is known (ui/nomr-format.ts names the count). */
    nomrHint: 'Seperti tertulis di kartu berobat',
    birthDate: 'Tanggal Lahir',
    submit: 'Login',
    register: 'Registrasi Pasien Baru',
    checkRegistration: 'Cek status pendaftaran',
    okTitle: 'Login Berhasil',
    okBody: 'Selamat datang di aplikasi pasien. Anda akan diarahkan ke beranda.',
    failTitle: 'Login Gagal',
    failBody: 'Periksa kembali Nomor MR dan Tanggal Lahir Anda',
  },

  /** Passkeys on the login page; the signed-in screens' texts are in passkeys/strings.ts. */
  passkey: {
    signIn: 'Masuk dengan sidik jari',
    failTitle: 'Masuk Gagal',
    dismissed:
      'Sidik jari atau kunci layar tidak dikonfirmasi, atau ponsel ini belum punya kunci masuk. Silakan coba lagi, atau masuk dengan Nomor MR dan Tanggal Lahir.',
    unreachable: 'Tidak dapat terhubung ke server. Periksa koneksi internet Anda, lalu coba lagi.',
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

  date: {
    day: 'Tanggal',
    month: 'Bulan',
    year: 'Tahun',
    choose: 'Pilih tanggal',
    previousMonth: 'Bulan sebelumnya',
    nextMonth: 'Bulan berikutnya',
    unavailable: (day: string) => `${day}, tidak tersedia`,
    /** Beside a birth date that cannot be (31 Februari, a day to come). */
    invalidBirthDate: 'Tanggal lahir tidak valid',
    /** Beside a year of two digits: '68' could be 1968 or 2068. */
    fourDigitYear: 'Tulis tahun dengan 4 angka, misalnya 1968',
  },
} as const;

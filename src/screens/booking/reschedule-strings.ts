// The reschedule screen's own texts ('Ubah Jadwal'), loaded with it only: home carries the card's
// actions and the cancel dialog (appointments/strings.ts), not these.
export const RESCHEDULE = {
  currentTitle: 'Jadwal saat ini',
  keepsSame: 'Poli dan jaminan tetap sama. Pilih tanggal baru, lalu dokter dan jam.',
  newDate: 'Tanggal baru',
  moveTitle: 'Pindahkan janji ini?',
  moveFrom: 'Jadwal lama',
  moveTo: 'Jadwal baru',
  confirmMove: 'Ya, Pindahkan',
  moving: 'Memindahkan janji…',
  movedTitle: 'Jadwal Diubah',
  moveFailed: 'Jadwal belum diubah. Periksa koneksi internet Anda, lalu coba lagi.',
  notFound: 'Perjanjian ini tidak ada lagi di daftar janji aktif Anda.',
  notChangeable:
    'Jadwal perjanjian ini tidak dapat diubah lagi, karena jam praktik sudah dimulai atau Anda sudah check-in. Silakan hubungi petugas pendaftaran.',
  notOffered: 'Perubahan jadwal belum dapat dilakukan melalui aplikasi. Silakan hubungi rumah sakit.',
  home: 'Ke Beranda',
};

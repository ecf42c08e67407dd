// The Indonesian texts the app and the server both show: the app checks before it sends and the
// server checks again, and the patient reads the same words from either (docs/product.md §4, §5).
// The registration's are in registration.ts, with its rules.
export const SHARED_MSG = {
  hpRequired: 'Nomor HP Harus diisi !',
  executiveNonBpjs: 'Jaminan Poli Eksekutif / Umum hanya bisa menggunakan Non BPJS.',
  cancelReasonNeeded: 'Tuliskan alasan pembatalan Anda.',
  /** The online room's button on home, which the booking's answer and the reminder name. */
  enterRoom: 'Masuk Ruang Konsultasi',
} as const;

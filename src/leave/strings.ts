// The words of a doctor's leave and of the waiting list on the phone (docs/leave.md).
import { formatClock } from '../../common/dates.ts';

export const LEAVE = {
  cancelledTitle: 'Perjanjian dibatalkan oleh rumah sakit',
  reason: 'Alasan',
  choose: 'Silakan pilih jadwal pengganti. Perjanjian baru dibuat dengan satu sentuhan.',
  noChoice: 'Belum ada jadwal pengganti yang tersedia. Silakan buat perjanjian baru dari menu Perjanjian Poli.',
  otherDoctor: (nama: string) => `dengan ${nama}`,
  moving: 'Memindahkan…',
  waitTitle: 'Daftar tunggu',
  place: (n: number) => `Urutan Anda: ke-${n}`,
  offered: (until: string | null) =>
    `Ada kuota kosong untuk Anda. Kuota ditahan${until ? ` sampai pukul ${formatClock(until)} WIB` : ''}. Silakan ambil sebelum waktunya habis.`,
  take: 'Ambil kuota ini',
  leave: 'Keluar dari daftar tunggu',
  left: 'Anda sudah keluar dari daftar tunggu.',
  join: 'Masuk daftar tunggu',
  joined: (n: number, minutes: number) =>
    `Anda masuk daftar tunggu, urutan ke-${n}. Bila ada kuota kosong, kami memberi tahu Anda dan kuotanya ditahan ${minutes} menit untuk Anda.`,
  noPhone: 'Nomor HP Anda belum tercatat. Silakan buat perjanjian melalui petugas pendaftaran.',
  failed: 'Maaf, permintaan belum berhasil. Silakan coba lagi.',
} as const;

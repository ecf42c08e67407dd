// The texts of managing an appointment: the card's actions, the cancel dialog and the online
// consultation room, which home carries; the reschedule screen's own are beside it
// (screens/booking/reschedule-strings.ts), loaded with that screen only.
import { SHARED_MSG } from '../../common/messages.ts';

export const MANAGE = {
  cancel: 'Batalkan',
  reschedule: 'Ubah Jadwal',
  cancelTitle: 'Batalkan janji ini?',
  reasonLegend: 'Alasan pembatalan',
  otherLabel: 'Tuliskan alasan Anda',
  otherHint: (max: number) => `Paling banyak ${max} huruf.`,
  reasonRequired: 'Pilih alasan pembatalan.',
  otherRequired: SHARED_MSG.cancelReasonNeeded,
  confirmCancel: 'Ya, Batalkan',
  keep: 'Tidak',
  cancelling: 'Membatalkan janji…',
  cancelledTitle: 'Janji Dibatalkan',
  failTitle: 'Gagal',
  cancelFailed: 'Janji belum dibatalkan. Periksa koneksi internet Anda, lalu coba lagi.',
  close: 'Tutup',
  enterRoom: SHARED_MSG.enterRoom,
  /** The link opens the meeting in another tab; said to screen readers, which cannot see the icon. */
  newTab: '(membuka tab baru)',
  roomOpens: (when: string) => `Ruang konsultasi dibuka ${when}.`,
  fields: {
    tanggal: 'Tanggal',
    poli: 'Poli',
    dokter: 'Dokter',
    jam: 'Jam',
    noUrut: 'Nomor Antrian',
    jaminan: 'Jaminan',
    jenis: 'Jenis',
  },
};

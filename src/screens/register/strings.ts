// The registration screen's texts: the spec's (FORM, copied exactly; here rather than in
// src/strings.ts, which every signed-in page downloads with the shell), the privacy notice UU PDP
// 27/2022 asks for before personal data is collected (Pasal 20–21), and the consent. Short on
// purpose: this screen is part of the first download.

/** Sent and stored with each registration: change it whenever the notice's words change. */
export const PRIVACY_VERSION = 'privasi-v1';

/** The spec's texts of the registration form and its answers. */
export const FORM = {
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
} as const;

export const REGISTER = {
  title: 'Pemberitahuan Privasi',
  notice:
    'Nama, NIK, tempat/tanggal lahir, nomor HP, email dan pekerjaan Anda dipakai untuk membuat rekam medis dan disimpan selama masa retensi rekam medis rumah sakit. Pertanyaan tentang data Anda: loket pendaftaran atau petugas pelindungan data rumah sakit.',
  consent: 'Saya setuju data saya diproses untuk keperluan tersebut.',
  ask: 'Centang persetujuan untuk mendaftar.',
  /** After the spec's 'saved' dialog, under its words again: the way back. */
  backToLogin: 'Kembali ke halaman Login',
} as const;

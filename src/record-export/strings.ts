// Texts of the record export on Profil and of 'Ringkasan Rekam Medis' (signed-in screens: they
// live beside them, not in the login page's download).

export const SUMMARY = {
  title: 'Ringkasan Rekam Medis',
  records: 'Rekam Medis Saya',
  recordsIntro: 'Bawa rekam medis Anda saat berobat ke dokter atau rumah sakit lain: sebagai berkas untuk sistem rumah sakit, atau dicetak.',
  download: 'Unduh Rekam Medis (FHIR)',
  downloading: 'Menyiapkan berkas…',
  downloaded: (file: string) => `Berkas ${file} sudah diunduh.`,
  downloadOffline: 'Anda sedang offline. Sambungkan internet, lalu coba lagi.',
  downloadFailed: 'Rekam medis tidak dapat diunduh. Silakan coba lagi.',
  printable: 'Ringkasan untuk Dicetak',
  print: 'Cetak',
  printedAt: (when: string) => `Dicetak ${when}`,
  identity: 'Identitas Pasien',
  proceduresDone: 'Tindakan yang Sudah Dilakukan',
  noProceduresDone: 'Belum ada tindakan kateterisasi atau operasi.',
  proceduresPlanned: 'Jadwal Tindakan Mendatang',
  noProceduresPlanned: 'Tidak ada tindakan terjadwal.',
  cath: 'Kateterisasi',
  surgery: 'Operasi',
  upcoming: 'Jadwal Perjanjian',
  noUpcoming: 'Tidak ada perjanjian mendatang.',
  visits: 'Kunjungan Terakhir',
  noVisits: 'Belum ada kunjungan.',
  online: 'Konsultasi online',
  diagnoses: 'Diagnosis Rawat Inap',
  noDiagnoses: 'Belum ada diagnosis rawat inap.',
  primary: 'Utama',
  secondary: 'Sekunder',
  labs: 'Hasil Laboratorium Terakhir',
  noLabs: 'Belum ada hasil laboratorium.',
  test: 'Pemeriksaan',
  result: 'Hasil',
  range: 'Nilai Rujukan',
  queueNo: (n: number) => `No. antrian ${n}`,
} as const;

/** The name of the saved file. */
export const exportFileName = (nomr: string) => `rekam-medis-${nomr}.json`;

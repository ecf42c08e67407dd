-- A SIMRS Khanza database ("sik") for the connector's tests: the tables and columns the connector
-- reads and writes, with the types and enums of Khanza's published table definitions (its sik.sql
-- and the Mobile JKN tables), and in each table at least one column the connector never touches,
-- as a hospital's database has many. Written for this project; not Khanza's own file.

CREATE TABLE penjab (
  kd_pj char(3) NOT NULL,
  png_jawab varchar(30) NOT NULL,
  nama_perusahaan varchar(60) NOT NULL DEFAULT '',       -- not read
  status enum('0','1') NOT NULL DEFAULT '1',
  PRIMARY KEY (kd_pj)
) ENGINE=InnoDB DEFAULT CHARSET=latin1;

CREATE TABLE pasien (
  no_rkm_medis varchar(15) NOT NULL,
  nm_pasien varchar(40) DEFAULT NULL,
  no_ktp varchar(20) DEFAULT NULL,
  jk enum('L','P') DEFAULT NULL,
  tmp_lahir varchar(15) DEFAULT NULL,
  tgl_lahir date DEFAULT NULL,
  nm_ibu varchar(40) NOT NULL DEFAULT '-',                -- not read
  alamat varchar(200) DEFAULT NULL,
  gol_darah enum('A','B','O','AB','-') DEFAULT NULL,      -- not read
  tgl_daftar date DEFAULT NULL,
  no_tlp varchar(40) DEFAULT NULL,
  umur varchar(30) NOT NULL DEFAULT '',                   -- not read
  kd_pj char(3) NOT NULL,
  no_peserta varchar(25) DEFAULT NULL,
  PRIMARY KEY (no_rkm_medis),
  KEY no_ktp (no_ktp),
  KEY kd_pj (kd_pj),
  CONSTRAINT pasien_ibfk_1 FOREIGN KEY (kd_pj) REFERENCES penjab (kd_pj) ON UPDATE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=latin1;

CREATE TABLE poliklinik (
  kd_poli char(5) NOT NULL,
  nm_poli varchar(50) DEFAULT NULL,
  registrasi double NOT NULL DEFAULT 0,                   -- not read
  registrasilama double NOT NULL DEFAULT 0,               -- not read
  status enum('0','1') NOT NULL DEFAULT '1',
  PRIMARY KEY (kd_poli)
) ENGINE=InnoDB DEFAULT CHARSET=latin1;

CREATE TABLE spesialis (
  kd_sps char(5) NOT NULL,
  nm_sps varchar(50) DEFAULT NULL,
  PRIMARY KEY (kd_sps)
) ENGINE=InnoDB DEFAULT CHARSET=latin1;

CREATE TABLE dokter (
  kd_dokter varchar(20) NOT NULL,
  nm_dokter varchar(50) DEFAULT NULL,
  jk enum('L','P') DEFAULT NULL,
  alumni varchar(60) DEFAULT NULL,                        -- not read
  no_ijn_praktek varchar(120) DEFAULT NULL,               -- not read
  kd_sps char(5) DEFAULT NULL,
  status enum('0','1') NOT NULL DEFAULT '1',
  PRIMARY KEY (kd_dokter),
  KEY kd_sps (kd_sps),
  CONSTRAINT dokter_ibfk_1 FOREIGN KEY (kd_sps) REFERENCES spesialis (kd_sps) ON UPDATE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=latin1;

-- The weekly practice: one row per doctor, weekday and start; kuota is the session's seats, the
-- counter's, Mobile JKN's and this app's together.
CREATE TABLE jadwal (
  kd_dokter varchar(20) NOT NULL,
  hari_kerja enum('SENIN','SELASA','RABU','KAMIS','JUMAT','SABTU','AKHAD') NOT NULL DEFAULT 'SENIN',
  jam_mulai time NOT NULL DEFAULT '00:00:00',
  jam_selesai time DEFAULT NULL,
  kd_poli char(5) DEFAULT NULL,
  kuota int(11) DEFAULT NULL,
  PRIMARY KEY (kd_dokter, hari_kerja, jam_mulai),
  KEY kd_poli (kd_poli),
  CONSTRAINT jadwal_ibfk_1 FOREIGN KEY (kd_dokter) REFERENCES dokter (kd_dokter) ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT jadwal_ibfk_2 FOREIGN KEY (kd_poli) REFERENCES poliklinik (kd_poli) ON UPDATE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=latin1;

-- A visit: no_rawat (YYYY/MM/DD/NNNNNN) names it; no_reg is its queue number of the doctor's day
-- at the clinic (Khanza's no_reg, not this API's).
CREATE TABLE reg_periksa (
  no_reg varchar(8) DEFAULT NULL,
  no_rawat varchar(17) NOT NULL,
  tgl_registrasi date DEFAULT NULL,
  jam_reg time DEFAULT NULL,
  kd_dokter varchar(20) DEFAULT NULL,
  no_rkm_medis varchar(15) DEFAULT NULL,
  kd_poli char(5) DEFAULT NULL,
  p_jawab varchar(100) DEFAULT NULL,
  almt_pj varchar(200) DEFAULT NULL,
  hubunganpj varchar(20) DEFAULT NULL,
  biaya_reg double DEFAULT NULL,                          -- not read
  stts enum('Belum','Sudah','Batal','Berkas Diterima','Dirujuk','Meninggal','Dirawat','Pulang Paksa') DEFAULT NULL,
  stts_daftar enum('-','Lama','Baru') NOT NULL,
  status_lanjut enum('Ralan','Ranap') NOT NULL,
  kd_pj char(3) NOT NULL,
  umurdaftar int(11) DEFAULT NULL,
  sttsumur enum('Th','Bl','Hr') DEFAULT NULL,
  status_bayar enum('Sudah Bayar','Belum Bayar') NOT NULL,
  status_poli enum('Lama','Baru') NOT NULL,
  PRIMARY KEY (no_rawat),
  -- Khanza's own keys (sik.sql, mas-elkhanza/SIMRS-Khanza at 007ec26): none on tgl_registrasi, so a
  -- day's count goes through the doctor's or the clinic's key, as at a hospital.
  KEY no_rkm_medis (no_rkm_medis),
  KEY kd_poli (kd_poli),
  KEY kd_pj (kd_pj),
  KEY status_lanjut (status_lanjut),
  KEY kd_dokter (kd_dokter),
  KEY status_bayar (status_bayar),
  CONSTRAINT reg_periksa_ibfk_3 FOREIGN KEY (kd_poli) REFERENCES poliklinik (kd_poli) ON UPDATE CASCADE,
  CONSTRAINT reg_periksa_ibfk_4 FOREIGN KEY (kd_pj) REFERENCES penjab (kd_pj) ON UPDATE CASCADE,
  CONSTRAINT reg_periksa_ibfk_6 FOREIGN KEY (kd_dokter) REFERENCES dokter (kd_dokter) ON UPDATE CASCADE,
  CONSTRAINT reg_periksa_ibfk_7 FOREIGN KEY (no_rkm_medis) REFERENCES pasien (no_rkm_medis) ON UPDATE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=latin1;

-- The counter's bookings for a later day: a seat held until staff register the visit on the day.
CREATE TABLE booking_registrasi (
  tanggal_booking date DEFAULT NULL,
  jam_booking time DEFAULT NULL,
  no_rkm_medis varchar(15) NOT NULL,
  tanggal_periksa date NOT NULL,
  kd_dokter varchar(20) DEFAULT NULL,
  kd_poli varchar(5) DEFAULT NULL,
  no_reg varchar(8) DEFAULT NULL,
  kd_pj char(3) DEFAULT NULL,
  limit_reg int(1) DEFAULT NULL,                          -- not read
  waktu_kunjungan datetime DEFAULT NULL,
  status enum('Terdaftar','Belum','Batal','Dokter Berhalangan') DEFAULT NULL,
  PRIMARY KEY (no_rkm_medis, tanggal_periksa),
  KEY kd_dokter (kd_dokter),
  KEY kd_poli (kd_poli)
) ENGINE=InnoDB DEFAULT CHARSET=latin1;

-- Khanza's Mobile JKN bookings beside their reg_periksa row; this app's bookings are written the same way.
CREATE TABLE referensi_mobilejkn_bpjs (
  nobooking varchar(15) NOT NULL,
  no_rawat varchar(17) DEFAULT NULL,
  nomorkartu varchar(25) DEFAULT NULL,
  nik varchar(30) DEFAULT NULL,
  nohp varchar(15) DEFAULT NULL,
  kodepoli varchar(15) DEFAULT NULL,
  pasienbaru enum('0','1') NOT NULL,
  norm varchar(15) DEFAULT NULL,
  tanggalperiksa date DEFAULT NULL,
  kodedokter varchar(20) DEFAULT NULL,
  jampraktek varchar(12) DEFAULT NULL,
  jeniskunjungan enum('1 (Rujukan FKTP)','2 (Rujukan Internal)','3 (Kontrol)','4 (Rujukan Antar RS)') DEFAULT NULL,
  nomorreferensi varchar(40) NOT NULL,
  nomorantrean varchar(15) NOT NULL,
  angkaantrean varchar(5) NOT NULL,
  estimasidilayani varchar(15) NOT NULL,
  sisakuotajkn int(11) NOT NULL,
  kuotajkn int(11) NOT NULL,
  sisakuotanonjkn int(11) NOT NULL,
  kuotanonjkn int(11) NOT NULL,
  status enum('Belum','Checkin','Batal','Gagal') NOT NULL,
  validasi datetime NOT NULL,
  statuskirim enum('Belum','Sudah') NOT NULL,             -- not read
  PRIMARY KEY (nobooking),
  UNIQUE KEY no_rawat (no_rawat),
  KEY norm (norm)
) ENGINE=InnoDB DEFAULT CHARSET=latin1;

-- A Mobile JKN booking cancelled: the row Khanza's Antrean sender reports to BPJS (antrean/batal) while statuskirim is 'Belum'.
CREATE TABLE referensi_mobilejkn_bpjs_batal (
  no_rkm_medis varchar(15) NOT NULL,
  no_rawat_batal varchar(17) DEFAULT NULL,
  nomorreferensi varchar(40) NOT NULL,
  tanggalbatal datetime NOT NULL,
  keterangan varchar(200) DEFAULT NULL,
  statuskirim enum('Sudah','Belum') NOT NULL,
  nobooking varchar(15) NOT NULL,
  PRIMARY KEY (nobooking),
  KEY no_rkm_medis (no_rkm_medis),
  CONSTRAINT referensi_mobilejkn_bpjs_batal_ibfk_2 FOREIGN KEY (nobooking) REFERENCES referensi_mobilejkn_bpjs (nobooking) ON DELETE CASCADE ON UPDATE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=latin1;

CREATE TABLE maping_poli_bpjs (
  kd_poli_rs varchar(5) NOT NULL,
  kd_poli_bpjs varchar(15) NOT NULL,
  nm_poli_bpjs varchar(40) NOT NULL,                      -- not read
  PRIMARY KEY (kd_poli_rs),
  UNIQUE KEY kd_poli_bpjs (kd_poli_bpjs)
) ENGINE=InnoDB DEFAULT CHARSET=latin1;

CREATE TABLE maping_dokter_dpjpvclaim (
  kd_dokter varchar(20) NOT NULL,
  kd_dokter_bpjs varchar(20) DEFAULT NULL,
  nm_dokter_bpjs varchar(50) DEFAULT NULL,                -- not read
  PRIMARY KEY (kd_dokter)
) ENGINE=InnoDB DEFAULT CHARSET=latin1;

-- Lab: an examination ordered in a visit (periksa_lab), its results per template item
-- (detail_periksa_lab), and the items' names and units (template_laboratorium).
CREATE TABLE template_laboratorium (
  kd_jenis_prw varchar(15) NOT NULL,
  id_template int(11) NOT NULL AUTO_INCREMENT,
  Pemeriksaan varchar(200) NOT NULL,
  satuan varchar(20) DEFAULT NULL,
  nilai_rujukan_ld varchar(30) NOT NULL DEFAULT '',       -- not read
  urut int(4) DEFAULT NULL,
  PRIMARY KEY (id_template),
  KEY kd_jenis_prw (kd_jenis_prw)
) ENGINE=InnoDB DEFAULT CHARSET=latin1;

CREATE TABLE periksa_lab (
  no_rawat varchar(17) NOT NULL,
  nip varchar(20) NOT NULL DEFAULT '-',                   -- not read
  kd_jenis_prw varchar(15) NOT NULL,
  tgl_periksa date NOT NULL,
  jam time NOT NULL,
  kd_dokter varchar(20) DEFAULT NULL,
  status enum('Ralan','Ranap') DEFAULT NULL,
  kategori enum('PK','PA','MB') NOT NULL DEFAULT 'PK',
  PRIMARY KEY (no_rawat, kd_jenis_prw, tgl_periksa, jam),
  KEY tgl_periksa (tgl_periksa)
) ENGINE=InnoDB DEFAULT CHARSET=latin1;

CREATE TABLE detail_periksa_lab (
  no_rawat varchar(17) NOT NULL,
  kd_jenis_prw varchar(15) NOT NULL,
  tgl_periksa date NOT NULL,
  jam time NOT NULL,
  id_template int(11) NOT NULL,
  nilai varchar(200) NOT NULL,
  nilai_rujukan varchar(30) NOT NULL,
  keterangan varchar(60) NOT NULL,
  biaya_item double NOT NULL DEFAULT 0,                   -- not read
  PRIMARY KEY (no_rawat, kd_jenis_prw, tgl_periksa, jam, id_template),
  KEY id_template (id_template)
) ENGINE=InnoDB DEFAULT CHARSET=latin1;

-- Inpatient stays: the wards (bangsal), their rooms and beds (kamar), and each stay's room with its
-- dates and its diagnosis (kamar_inap) of a visit continued as inpatient (reg_periksa 'Ranap').
CREATE TABLE bangsal (
  kd_bangsal char(5) NOT NULL,
  nm_bangsal varchar(30) DEFAULT NULL,
  status enum('0','1') DEFAULT '1',                       -- not read
  PRIMARY KEY (kd_bangsal)
) ENGINE=InnoDB DEFAULT CHARSET=latin1;

CREATE TABLE kamar (
  kd_kamar varchar(15) NOT NULL,
  kd_bangsal char(5) DEFAULT NULL,
  trf_kamar double DEFAULT NULL,                          -- not read
  status enum('ISI','KOSONG') DEFAULT NULL,
  kelas varchar(15) NOT NULL DEFAULT 'Kelas 1',
  PRIMARY KEY (kd_kamar),
  KEY kd_bangsal (kd_bangsal)
) ENGINE=InnoDB DEFAULT CHARSET=latin1;

CREATE TABLE kamar_inap (
  no_rawat varchar(17) NOT NULL DEFAULT '',
  kd_kamar varchar(15) NOT NULL,
  diagnosa_awal varchar(100) DEFAULT NULL,
  diagnosa_akhir varchar(100) DEFAULT NULL,
  tgl_masuk date NOT NULL,
  jam_masuk time NOT NULL DEFAULT '00:00:00',
  tgl_keluar date DEFAULT NULL,
  jam_keluar time DEFAULT NULL,
  ttl_biaya double DEFAULT NULL,                          -- not read
  stts_pulang enum('Sehat','Rujuk','APS','+','Meninggal','Sembuh','Membaik','Pulang Paksa','-','Pindah Kamar') NOT NULL,
  PRIMARY KEY (no_rawat, tgl_masuk, jam_masuk),
  KEY kd_kamar (kd_kamar)
) ENGINE=InnoDB DEFAULT CHARSET=latin1;

-- Procedures: the packages (paket_operasi), the operating rooms' bookings, planned and done
-- (booking_operasi, with the room: the catheterization lab is one), and the operations' teams
-- (operasi: the operator and the anaesthesia doctor).
CREATE TABLE paket_operasi (
  kode_paket varchar(15) NOT NULL,
  nm_perawatan varchar(80) NOT NULL,
  kategori enum('Kebidanan','Operasi') DEFAULT NULL,      -- not read
  PRIMARY KEY (kode_paket)
) ENGINE=InnoDB DEFAULT CHARSET=latin1;

CREATE TABLE booking_operasi (
  no_rawat varchar(17) DEFAULT NULL,
  kode_paket varchar(15) DEFAULT NULL,
  tanggal date DEFAULT NULL,
  jam_mulai time DEFAULT NULL,
  jam_selesai time DEFAULT NULL,                          -- not read
  status enum('Menunggu','Proses Operasi','Selesai') DEFAULT NULL,
  kd_dokter varchar(20) DEFAULT NULL,
  kd_ruang_ok varchar(3) NOT NULL,
  KEY no_rawat (no_rawat),
  KEY kd_dokter (kd_dokter)
) ENGINE=InnoDB DEFAULT CHARSET=latin1;

CREATE TABLE operasi (
  no_rawat varchar(17) NOT NULL,
  tgl_operasi datetime NOT NULL,
  jenis_anasthesi varchar(8) NOT NULL DEFAULT '-',        -- not read
  operator1 varchar(20) NOT NULL,
  dokter_anestesi varchar(20) NOT NULL,
  kode_paket varchar(15) NOT NULL,
  status enum('Ranap','Ralan') DEFAULT NULL,
  PRIMARY KEY (no_rawat, tgl_operasi, kode_paket)
) ENGINE=InnoDB DEFAULT CHARSET=latin1;

-- The pharmacy: a prescription (resep_obat) of a visit, written by the doctor (tgl_peresepan,
-- jam_peresepan), validated by the pharmacy when it gives the medicines out (tgl_perawatan, jam;
-- '0000-00-00' / '00:00:00' until then) and handed to the patient (tgl_penyerahan, jam_penyerahan;
-- likewise). antriapotek3 holds the prescription the pharmacy last called to its counter (the
-- display's row, replaced at each call).
CREATE TABLE resep_obat (
  no_resep varchar(14) NOT NULL DEFAULT '',
  tgl_perawatan date DEFAULT NULL,
  jam time NOT NULL,
  no_rawat varchar(17) NOT NULL DEFAULT '',
  kd_dokter varchar(20) NOT NULL,                         -- not read
  tgl_peresepan date DEFAULT NULL,
  jam_peresepan time DEFAULT NULL,
  status enum('ralan','ranap') DEFAULT NULL,
  tgl_penyerahan date NOT NULL,
  jam_penyerahan time NOT NULL,
  KEY no_rawat (no_rawat),
  KEY kd_dokter (kd_dokter),
  KEY tgl_peresepan (tgl_peresepan),
  CONSTRAINT resep_obat_ibfk_3 FOREIGN KEY (no_rawat) REFERENCES reg_periksa (no_rawat) ON UPDATE CASCADE,
  CONSTRAINT resep_obat_ibfk_4 FOREIGN KEY (kd_dokter) REFERENCES dokter (kd_dokter) ON DELETE CASCADE ON UPDATE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=latin1;

-- A compounded part of a doctor's prescription (a racikan): a prescription with one is BPJS's
-- jenisresep 'racikan'.
CREATE TABLE resep_dokter_racikan (
  no_resep varchar(14) NOT NULL,
  no_racik varchar(2) NOT NULL,
  nama_racik varchar(100) NOT NULL,                       -- not read
  kd_racik varchar(3) NOT NULL,                           -- not read
  jml_dr int(11) NOT NULL,                                -- not read
  aturan_pakai varchar(150) NOT NULL,                     -- not read
  keterangan varchar(50) NOT NULL,                        -- not read
  PRIMARY KEY (no_resep, no_racik),
  KEY kd_racik (kd_racik)
) ENGINE=InnoDB DEFAULT CHARSET=latin1;

CREATE TABLE antriapotek3 (
  no_resep varchar(14) DEFAULT NULL,
  status enum('0','1','2','3') DEFAULT NULL,              -- not read (the display's bell)
  no_rawat varchar(17) NOT NULL
) ENGINE=MyISAM DEFAULT CHARSET=latin1;

-- The clinic's call: the registration a doctor last called, one row per doctor and clinic (the
-- display's row, replaced at each call).
CREATE TABLE antripoli (
  kd_dokter varchar(20) DEFAULT NULL,
  kd_poli char(5) DEFAULT NULL,
  status enum('0','1','2','3') DEFAULT NULL,              -- not read (the display's bell)
  no_rawat varchar(17) NOT NULL
) ENGINE=MyISAM DEFAULT CHARSET=latin1;

-- ---------------------------------------------------------------------------------------------
-- The rows a registration copies (server/connector/khanza/rows.ts). Khanza's counter (DlgReg.java,
-- isCekPasien) copies the patient's responsible person (namakeluarga, keluarga) and address (alamat
-- with the names of its kelurahan, kecamatan and kabupaten) into reg_periksa; its Mobile JKN
-- service (webapps/api-bpjsfktl, cekpasien) the person's own address (alamatpj … propinsipj). The
-- clinic's fee for a new and a returning patient (registrasi, registrasilama) is the visit's biaya_reg.
ALTER TABLE pasien
  ADD COLUMN kd_kel int(11) DEFAULT NULL,
  ADD COLUMN kd_kec int(11) DEFAULT NULL,
  ADD COLUMN kd_kab int(11) DEFAULT NULL,
  ADD COLUMN namakeluarga varchar(50) NOT NULL DEFAULT '',
  ADD COLUMN keluarga enum('AYAH','IBU','ISTRI','SUAMI','SAUDARA','ANAK','DIRI SENDIRI','LAIN-LAIN') DEFAULT NULL,
  ADD COLUMN pekerjaanpj varchar(35) NOT NULL DEFAULT '',   -- not read
  ADD COLUMN alamatpj varchar(100) NOT NULL DEFAULT '',
  ADD COLUMN kelurahanpj varchar(60) NOT NULL DEFAULT '',
  ADD COLUMN kecamatanpj varchar(60) NOT NULL DEFAULT '',
  ADD COLUMN kabupatenpj varchar(60) NOT NULL DEFAULT '',
  ADD COLUMN propinsipj varchar(30) NOT NULL DEFAULT '';

CREATE TABLE kelurahan (
  kd_kel int(11) NOT NULL,
  nm_kel varchar(60) NOT NULL,
  PRIMARY KEY (kd_kel)
) ENGINE=InnoDB DEFAULT CHARSET=latin1;

CREATE TABLE kecamatan (
  kd_kec int(11) NOT NULL,
  nm_kec varchar(60) NOT NULL,
  PRIMARY KEY (kd_kec)
) ENGINE=InnoDB DEFAULT CHARSET=latin1;

CREATE TABLE kabupaten (
  kd_kab int(11) NOT NULL,
  nm_kab varchar(60) NOT NULL,
  PRIMARY KEY (kd_kab)
) ENGINE=InnoDB DEFAULT CHARSET=latin1;

-- What a served visit holds beyond its registration: the outpatient doctor's summary (resume_pasien)
-- and the diagnoses with their order (diagnosa_pasien: prioritas 1 is the primary one), named by
-- penyakit (ICD-10), as Khanza's screens write them.
CREATE TABLE resume_pasien (
  no_rawat varchar(17) NOT NULL,
  kd_dokter varchar(20) NOT NULL,
  keluhan_utama text NOT NULL,
  jalannya_penyakit text NOT NULL,                         -- not read
  pemeriksaan_penunjang text NOT NULL,                     -- not read
  hasil_laborat text NOT NULL,                             -- not read
  diagnosa_utama varchar(80) NOT NULL,
  obat_pulang text NOT NULL,
  PRIMARY KEY (no_rawat)
) ENGINE=InnoDB DEFAULT CHARSET=latin1;

CREATE TABLE penyakit (
  kd_penyakit varchar(10) NOT NULL,
  nm_penyakit varchar(100) DEFAULT NULL,
  PRIMARY KEY (kd_penyakit)
) ENGINE=InnoDB DEFAULT CHARSET=latin1;

CREATE TABLE diagnosa_pasien (
  no_rawat varchar(17) NOT NULL,
  kd_penyakit varchar(10) NOT NULL,
  status enum('Ralan','Ranap') NOT NULL,
  prioritas tinyint(4) NOT NULL,
  status_penyakit enum('Lama','Baru') DEFAULT NULL,        -- not read
  PRIMARY KEY (no_rawat, kd_penyakit, status)
) ENGINE=InnoDB DEFAULT CHARSET=latin1;

-- Khanza's validation of a registration (DlgReg.java reads it at start): 'Yes' refuses a patient
-- whose earlier visit is not closed by the cashier (status_bayar 'Belum Bayar' and not 'Batal').
CREATE TABLE set_validasi_registrasi (
  wajib_closing_kasir enum('Yes','No') NOT NULL
) ENGINE=InnoDB DEFAULT CHARSET=latin1;
-- ---------------------------------------------------------------------------------------------

-- ---- Sessions and the quota guard's override (test/server/khanza-seats.test.ts) -------------------
-- Khanza's patient note (Catatan Pasien; DlgReg shows it when the clerk picks the patient): the
-- quota guard's strict mode lets a registration past a full session when it holds #LEWATKUOTA.
CREATE TABLE catatan_pasien (
  no_rkm_medis varchar(15) NOT NULL,
  catatan text DEFAULT NULL,
  PRIMARY KEY (no_rkm_medis),
  CONSTRAINT catatan_pasien_ibfk_1 FOREIGN KEY (no_rkm_medis) REFERENCES pasien (no_rkm_medis) ON DELETE CASCADE ON UPDATE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=latin1;
-- ---- end: sessions and the quota guard's override -------------------------------------------------

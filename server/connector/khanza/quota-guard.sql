-- The seat pool of SIMRS=khanza (docs/integration.md): installed once in the hospital's Khanza
-- database by its administrator. Every registration of a clinic visit (reg_periksa) and every
-- counter booking for a later day (booking_registrasi) then takes the row lock of the doctor's
-- practice (jadwal) for that weekday and counts the seats taken under it, whoever writes it:
-- Khanza's registration screen, its Mobile JKN service or this API. So together they never sell
-- more than jadwal.kuota; a registration beyond it fails with the message below.
-- The count reads with a lock (LOCK IN SHARE MODE), so it sees what the one before committed.
-- Install with the command-line client: mariadb -u root -p sik < quota-guard.sql
-- Running it again replaces what it made (an upgrade of the file is installed the same way).

DELIMITER //

DROP TRIGGER IF EXISTS pasien_app_kuota_reg //
CREATE TRIGGER pasien_app_kuota_reg BEFORE INSERT ON reg_periksa FOR EACH ROW
BEGIN
  DECLARE seats INT DEFAULT NULL;
  DECLARE taken INT DEFAULT 0;
  IF NEW.status_lanjut = 'Ralan' AND NEW.stts <> 'Batal' THEN
    SELECT kuota INTO seats FROM jadwal
     WHERE kd_dokter = NEW.kd_dokter AND kd_poli = NEW.kd_poli
       AND hari_kerja = ELT(DAYOFWEEK(NEW.tgl_registrasi), 'AKHAD', 'SENIN', 'SELASA', 'RABU', 'KAMIS', 'JUMAT', 'SABTU')
     ORDER BY jam_mulai LIMIT 1 FOR UPDATE;
    IF seats IS NOT NULL AND seats > 0 THEN
      SELECT COUNT(*) INTO taken FROM reg_periksa r
       WHERE r.kd_dokter = NEW.kd_dokter AND r.kd_poli = NEW.kd_poli AND r.tgl_registrasi = NEW.tgl_registrasi
         AND r.stts <> 'Batal' AND r.status_lanjut = 'Ralan' LOCK IN SHARE MODE;
      -- A counter booking of the same patient becomes this registration: not counted twice.
      SELECT taken + COUNT(*) INTO taken FROM booking_registrasi b
       WHERE b.kd_dokter = NEW.kd_dokter AND b.kd_poli = NEW.kd_poli AND b.tanggal_periksa = NEW.tgl_registrasi
         AND b.status = 'Belum' AND b.no_rkm_medis <> NEW.no_rkm_medis LOCK IN SHARE MODE;
      IF taken >= seats THEN
        SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'Kuota dokter pada tanggal itu sudah penuh';
      END IF;
    END IF;
  END IF;
END //

DROP TRIGGER IF EXISTS pasien_app_kuota_booking //
CREATE TRIGGER pasien_app_kuota_booking BEFORE INSERT ON booking_registrasi FOR EACH ROW
BEGIN
  DECLARE seats INT DEFAULT NULL;
  DECLARE taken INT DEFAULT 0;
  IF NEW.status = 'Belum' THEN
    SELECT kuota INTO seats FROM jadwal
     WHERE kd_dokter = NEW.kd_dokter AND kd_poli = NEW.kd_poli
       AND hari_kerja = ELT(DAYOFWEEK(NEW.tanggal_periksa), 'AKHAD', 'SENIN', 'SELASA', 'RABU', 'KAMIS', 'JUMAT', 'SABTU')
     ORDER BY jam_mulai LIMIT 1 FOR UPDATE;
    IF seats IS NOT NULL AND seats > 0 THEN
      SELECT COUNT(*) INTO taken FROM reg_periksa r
       WHERE r.kd_dokter = NEW.kd_dokter AND r.kd_poli = NEW.kd_poli AND r.tgl_registrasi = NEW.tanggal_periksa
         AND r.stts <> 'Batal' AND r.status_lanjut = 'Ralan' LOCK IN SHARE MODE;
      SELECT taken + COUNT(*) INTO taken FROM booking_registrasi b
       WHERE b.kd_dokter = NEW.kd_dokter AND b.kd_poli = NEW.kd_poli AND b.tanggal_periksa = NEW.tanggal_periksa
         AND b.status = 'Belum' LOCK IN SHARE MODE;
      IF taken >= seats THEN
        SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'Kuota dokter pada tanggal itu sudah penuh';
      END IF;
    END IF;
  END IF;
END //

DELIMITER ;

-- The triggers as this file's installer sees them, for the API's user, which may not see triggers
-- itself: the API refuses to start on a Khanza without both, and /api/health names the SIMRS
-- when one is dropped later. Grant the API's user SELECT on it (docs/integration.md).
CREATE OR REPLACE SQL SECURITY DEFINER VIEW pasien_app_kuota_guard AS
  SELECT TRIGGER_NAME AS name FROM information_schema.TRIGGERS
   WHERE TRIGGER_SCHEMA = DATABASE() AND TRIGGER_NAME IN ('pasien_app_kuota_reg', 'pasien_app_kuota_booking');

-- The seat pool of SIMRS=khanza (docs/integration.md, The quota guard): installed in the hospital's
-- Khanza database by its administrator. Every clinic registration (reg_periksa), every change that
-- moves one (a clerk's edit in DlgReg, a reschedule in the app) and every counter booking for a
-- later day (booking_registrasi) takes the row lock of the practice session (jadwal) it belongs to
-- and, where it is held to the quota, counts the seats taken in that session; beyond jadwal.kuota
-- it fails with the message below.
--
-- A practice session is one jadwal row: a doctor at a clinic on a weekday from jam_mulai to
-- jam_selesai; a doctor may have a morning and an afternoon row on one weekday. A row belongs to the
-- session in progress at its time, else to the next one to begin, else to the day's last: each
-- session holds the times from the end of the one before it to its own end. The time of a
-- registration is its Mobile JKN reference's practice hours (referensi_mobilejkn_bpjs.jampraktek:
-- Khanza's own Mobile JKN service writes jam_reg as the moment of booking), else jam_reg (the
-- counter's clock in DlgReg, which the clerk may set); of a counter booking, waktu_kunjungan.
--
-- Who is held to the quota:
-- - this API's bookings (its connection sets @pasien_app) and Mobile JKN's (a row whose Mobile JKN
--   reference Khanza's own service wrote first), and a booking made online (booking_registrasi
--   limit_reg 1): always;
-- - the counter (any other insert or move: a clerk's decision): only in mode 'strict'; in mode
--   'app' (the default) it always goes in, and the app and Mobile JKN count its rows.
-- In mode 'strict' the clerk lets an urgent patient past a full session by writing #LEWATKUOTA in
-- the patient's note (catatan_pasien, Khanza's Catatan Pasien): the registration it lets in removes
-- the word, so it serves once. The mode: UPDATE pasien_app_kuota_mode SET mode = 'strict'; the API
-- checks at start that it is its KHANZA_QUOTA_GUARD.
--
-- What the clerk sees when it refuses: DlgReg's generic "Maaf, gagal menyimpan data. Ada kesalahan
-- Query...!" (src/fungsi/sekuel.java menyimpantf; src/simrskhanza/DlgReg.java isRegistrasi), the
-- message below in Khanza's log; an edit (Sequel.queryu2tf) fails without a dialog.
--
-- The counts read with a lock (LOCK IN SHARE MODE), so each sees what the one before committed.
-- Install with the command-line client: mariadb -u root -p sik < quota-guard.sql
-- Running it again replaces what it made and keeps the mode (an upgrade is installed the same way).

CREATE TABLE IF NOT EXISTS pasien_app_kuota_mode (
  mode enum('app','strict') NOT NULL DEFAULT 'app'
) ENGINE=InnoDB DEFAULT CHARSET=latin1;
INSERT INTO pasien_app_kuota_mode (mode) SELECT 'app' FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM pasien_app_kuota_mode);

DELIMITER //

-- Locks the doctor's day and, for the session a row at `waktu` ('HH:MM') belongs to, when `held` (or the mode is strict),
-- refuses it once the session's seats are taken. `kecuali`: the registration being moved (not
-- counted); `pasien`: whose counter booking for that day becomes this registration (not counted
-- twice); `dari_loket`: a counter row, which #LEWATKUOTA in the patient's note lets past.
DROP PROCEDURE IF EXISTS pasien_app_kuota_cek //
CREATE PROCEDURE pasien_app_kuota_cek(IN dokter VARCHAR(20), IN poli VARCHAR(5), IN tgl DATE, IN waktu CHAR(5),
                                      IN kecuali VARCHAR(17), IN pasien VARCHAR(15), IN held BOOLEAN, IN dari_loket BOOLEAN)
BEGIN
  DECLARE hari VARCHAR(6) DEFAULT ELT(DAYOFWEEK(tgl), 'AKHAD', 'SENIN', 'SELASA', 'RABU', 'KAMIS', 'JUMAT', 'SABTU');
  DECLARE mulai TIME DEFAULT NULL;
  DECLARE seats INT DEFAULT NULL;
  DECLARE lo CHAR(5) DEFAULT NULL;
  DECLARE hi CHAR(5) DEFAULT NULL;
  DECLARE taken INT DEFAULT 0;
  DECLARE modus VARCHAR(6) DEFAULT 'app';
  DECLARE pesan VARCHAR(128) DEFAULT NULL;
  DECLARE kunci TIME DEFAULT NULL;
  -- One lock for the doctor's day at the clinic, whichever session: the row of its first session,
  -- which this API's bookings take too (seats.ts). Two locks, one per session, would let a count of
  -- one session and an insert in the other wait on each other (a deadlock).
  SELECT j.jam_mulai INTO kunci FROM jadwal j
   WHERE j.kd_dokter = dokter AND j.kd_poli = poli AND j.hari_kerja = hari ORDER BY j.jam_mulai LIMIT 1 FOR UPDATE;
  SELECT j.jam_mulai, j.kuota INTO mulai, seats FROM jadwal j
   WHERE j.kd_dokter = dokter AND j.kd_poli = poli AND j.hari_kerja = hari
   ORDER BY TIME_FORMAT(IFNULL(j.jam_selesai, j.jam_mulai), '%H:%i') > waktu DESC,
            IF(TIME_FORMAT(IFNULL(j.jam_selesai, j.jam_mulai), '%H:%i') > waktu, j.jam_mulai, NULL), j.jam_mulai DESC
   LIMIT 1;
  SELECT IFNULL(MAX(m.mode), 'app') INTO modus FROM pasien_app_kuota_mode m;
  IF mulai IS NOT NULL AND seats IS NOT NULL AND seats > 0 AND (held OR modus = 'strict') THEN
    SELECT MAX(TIME_FORMAT(IFNULL(e.jam_selesai, e.jam_mulai), '%H:%i')) INTO lo FROM jadwal e
     WHERE e.kd_dokter = dokter AND e.kd_poli = poli AND e.hari_kerja = hari AND e.jam_mulai < mulai;
    -- The day's last session takes every later time too.
    SELECT IF(COUNT(*) > 0, TIME_FORMAT(IFNULL(MAX(s.jam_selesai), MAX(s.jam_mulai)), '%H:%i'), NULL) INTO hi FROM jadwal s
     WHERE s.kd_dokter = dokter AND s.kd_poli = poli AND s.hari_kerja = hari AND s.jam_mulai = mulai
       AND EXISTS (SELECT 1 FROM jadwal l WHERE l.kd_dokter = dokter AND l.kd_poli = poli AND l.hari_kerja = hari AND l.jam_mulai > mulai);
    SELECT COUNT(*) INTO taken FROM reg_periksa r
     WHERE r.kd_dokter = dokter AND r.kd_poli = poli AND r.tgl_registrasi = tgl AND r.stts <> 'Batal' AND r.status_lanjut = 'Ralan'
       AND r.no_rawat <> IFNULL(kecuali, '')
       AND (lo IS NULL OR IFNULL((SELECT LEFT(x.jampraktek, 5) FROM referensi_mobilejkn_bpjs x WHERE x.no_rawat = r.no_rawat LIMIT 1),
                                 TIME_FORMAT(r.jam_reg, '%H:%i')) >= lo)
       AND (hi IS NULL OR IFNULL((SELECT LEFT(x.jampraktek, 5) FROM referensi_mobilejkn_bpjs x WHERE x.no_rawat = r.no_rawat LIMIT 1),
                                 TIME_FORMAT(r.jam_reg, '%H:%i')) < hi)
     LOCK IN SHARE MODE;
    SELECT taken + COUNT(*) INTO taken FROM booking_registrasi b
     WHERE b.kd_dokter = dokter AND b.kd_poli = poli AND b.tanggal_periksa = tgl AND b.status = 'Belum' AND b.no_rkm_medis <> IFNULL(pasien, '')
       AND (lo IS NULL OR IFNULL(TIME_FORMAT(b.waktu_kunjungan, '%H:%i'), '00:00') >= lo)
       AND (hi IS NULL OR IFNULL(TIME_FORMAT(b.waktu_kunjungan, '%H:%i'), '00:00') < hi)
     LOCK IN SHARE MODE;
    IF taken >= seats THEN
      IF dari_loket AND EXISTS (SELECT 1 FROM catatan_pasien c WHERE c.no_rkm_medis = pasien AND c.catatan LIKE '%#LEWATKUOTA%') THEN
        UPDATE catatan_pasien SET catatan = TRIM(REPLACE(catatan, '#LEWATKUOTA', '')) WHERE no_rkm_medis = pasien;
      ELSE
        SET pesan = LEFT(CONCAT('Kuota dokter ', dokter, ' sesi ', TIME_FORMAT(mulai, '%H:%i'), ' tgl ', tgl, ' penuh (', seats,
                                                  IF(dari_loket, '). Pasien mendesak: tulis #LEWATKUOTA di Catatan Pasien', ')')), 128);
        SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = pesan;
      END IF;
    END IF;
  END IF;
END //

DROP TRIGGER IF EXISTS pasien_app_kuota_reg //
CREATE TRIGGER pasien_app_kuota_reg BEFORE INSERT ON reg_periksa FOR EACH ROW
BEGIN
  DECLARE jkn BOOLEAN DEFAULT FALSE;
  DECLARE waktu CHAR(5) DEFAULT NULL;
  DECLARE kunci TIME DEFAULT NULL;
  IF NEW.status_lanjut = 'Ralan' AND NEW.stts <> 'Batal' THEN
    -- The doctor's day first, before any other read here locks anything (the lock order of every writer).
    SELECT j.jam_mulai INTO kunci FROM jadwal j
     WHERE j.kd_dokter = NEW.kd_dokter AND j.kd_poli = NEW.kd_poli
       AND j.hari_kerja = ELT(DAYOFWEEK(NEW.tgl_registrasi), 'AKHAD', 'SENIN', 'SELASA', 'RABU', 'KAMIS', 'JUMAT', 'SABTU')
     ORDER BY j.jam_mulai LIMIT 1 FOR UPDATE;
  END IF;
  -- A no_rawat taken already fails on its key (DlgReg then saves again under the next number): not
  -- counted, nor its reference read as this row's.
  IF NEW.status_lanjut = 'Ralan' AND NEW.stts <> 'Batal' AND NOT EXISTS (SELECT 1 FROM reg_periksa t WHERE t.no_rawat = NEW.no_rawat) THEN
    -- Khanza's own Mobile JKN service writes the reference first, with the session's hours.
    SELECT LEFT(x.jampraktek, 5) INTO waktu FROM referensi_mobilejkn_bpjs x WHERE x.no_rawat = NEW.no_rawat LIMIT 1;
    SET jkn = waktu IS NOT NULL;
    CALL pasien_app_kuota_cek(NEW.kd_dokter, NEW.kd_poli, NEW.tgl_registrasi, IFNULL(waktu, TIME_FORMAT(NEW.jam_reg, '%H:%i')), NULL,
                              NEW.no_rkm_medis, @pasien_app IS NOT NULL OR jkn, @pasien_app IS NULL AND NOT jkn);
  END IF;
END //

-- A change that moves a registration (another doctor, clinic, date or session) or takes a cancelled
-- one back is counted in the session it moves into, as an insert there is; other changes (the
-- visit served, paid, its P.J.) are not counted.
DROP TRIGGER IF EXISTS pasien_app_kuota_reg_ubah //
CREATE TRIGGER pasien_app_kuota_reg_ubah BEFORE UPDATE ON reg_periksa FOR EACH ROW
BEGIN
  DECLARE jkn BOOLEAN DEFAULT FALSE;
  DECLARE lama CHAR(5) DEFAULT NULL;
  DECLARE baru CHAR(5) DEFAULT NULL;
  DECLARE sesi_lama TIME DEFAULT NULL;
  DECLARE sesi_baru TIME DEFAULT NULL;
  DECLARE kunci TIME DEFAULT NULL;
  IF NEW.status_lanjut = 'Ralan' AND NEW.stts <> 'Batal' THEN
    -- The doctor's day it may move into first, as an insert takes it.
    SELECT j.jam_mulai INTO kunci FROM jadwal j
     WHERE j.kd_dokter = NEW.kd_dokter AND j.kd_poli = NEW.kd_poli
       AND j.hari_kerja = ELT(DAYOFWEEK(NEW.tgl_registrasi), 'AKHAD', 'SENIN', 'SELASA', 'RABU', 'KAMIS', 'JUMAT', 'SABTU')
     ORDER BY j.jam_mulai LIMIT 1 FOR UPDATE;
    SELECT LEFT(x.jampraktek, 5) INTO lama FROM referensi_mobilejkn_bpjs x WHERE x.no_rawat = OLD.no_rawat LIMIT 1;
    SELECT LEFT(x.jampraktek, 5) INTO baru FROM referensi_mobilejkn_bpjs x WHERE x.no_rawat = NEW.no_rawat LIMIT 1;
    SET jkn = baru IS NOT NULL;
    SET lama = IFNULL(lama, TIME_FORMAT(OLD.jam_reg, '%H:%i'));
    SET baru = IFNULL(baru, TIME_FORMAT(NEW.jam_reg, '%H:%i'));
    -- The sessions before and after (a later time in the same session moves nothing), placed as pasien_app_kuota_cek places.
    SELECT j.jam_mulai INTO sesi_lama FROM jadwal j
     WHERE j.kd_dokter = OLD.kd_dokter AND j.kd_poli = OLD.kd_poli
       AND j.hari_kerja = ELT(DAYOFWEEK(OLD.tgl_registrasi), 'AKHAD', 'SENIN', 'SELASA', 'RABU', 'KAMIS', 'JUMAT', 'SABTU')
     ORDER BY TIME_FORMAT(IFNULL(j.jam_selesai, j.jam_mulai), '%H:%i') > lama DESC,
              IF(TIME_FORMAT(IFNULL(j.jam_selesai, j.jam_mulai), '%H:%i') > lama, j.jam_mulai, NULL), j.jam_mulai DESC
     LIMIT 1;
    SELECT j.jam_mulai INTO sesi_baru FROM jadwal j
     WHERE j.kd_dokter = NEW.kd_dokter AND j.kd_poli = NEW.kd_poli
       AND j.hari_kerja = ELT(DAYOFWEEK(NEW.tgl_registrasi), 'AKHAD', 'SENIN', 'SELASA', 'RABU', 'KAMIS', 'JUMAT', 'SABTU')
     ORDER BY TIME_FORMAT(IFNULL(j.jam_selesai, j.jam_mulai), '%H:%i') > baru DESC,
              IF(TIME_FORMAT(IFNULL(j.jam_selesai, j.jam_mulai), '%H:%i') > baru, j.jam_mulai, NULL), j.jam_mulai DESC
     LIMIT 1;
    IF OLD.status_lanjut <> 'Ralan' OR OLD.stts = 'Batal' OR NOT (OLD.kd_dokter <=> NEW.kd_dokter) OR NOT (OLD.kd_poli <=> NEW.kd_poli)
       OR NOT (OLD.tgl_registrasi <=> NEW.tgl_registrasi) OR NOT (sesi_lama <=> sesi_baru) THEN
      CALL pasien_app_kuota_cek(NEW.kd_dokter, NEW.kd_poli, NEW.tgl_registrasi, baru, OLD.no_rawat, NEW.no_rkm_medis,
                                @pasien_app IS NOT NULL OR jkn, @pasien_app IS NULL AND NOT jkn);
    END IF;
  END IF;
END //

DROP TRIGGER IF EXISTS pasien_app_kuota_booking //
CREATE TRIGGER pasien_app_kuota_booking BEFORE INSERT ON booking_registrasi FOR EACH ROW
BEGIN
  IF NEW.status = 'Belum' THEN
    CALL pasien_app_kuota_cek(NEW.kd_dokter, NEW.kd_poli, NEW.tanggal_periksa, IFNULL(TIME_FORMAT(NEW.waktu_kunjungan, '%H:%i'), '00:00'), NULL,
                              NEW.no_rkm_medis, @pasien_app IS NOT NULL OR NEW.limit_reg = 1, @pasien_app IS NULL AND NOT (NEW.limit_reg <=> 1));
  END IF;
END //

DELIMITER ;

-- The guard as this file's installer sees it, for the API's user, which may not see triggers
-- itself: its triggers and the mode. The API refuses to start on a Khanza without all three or in
-- another mode than its KHANZA_QUOTA_GUARD, and /api/health names the SIMRS when one is dropped
-- later. Grant the API's user SELECT on it (docs/integration.md).
CREATE OR REPLACE SQL SECURITY DEFINER VIEW pasien_app_kuota_guard AS
  SELECT t.TRIGGER_NAME AS name, (SELECT IFNULL(MAX(m.mode), 'app') FROM pasien_app_kuota_mode m) AS mode FROM information_schema.TRIGGERS t
   WHERE t.TRIGGER_SCHEMA = DATABASE() AND t.TRIGGER_NAME IN ('pasien_app_kuota_reg', 'pasien_app_kuota_reg_ubah', 'pasien_app_kuota_booking');

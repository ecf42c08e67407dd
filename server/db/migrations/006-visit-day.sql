-- The visit day: a queue entry's session, its check-in and the near push sent once; a dated
-- session's own hours; a clinic's own minutes per patient for the queue's estimate.

-- The states a number goes through: waiting, called, skipped (not there when called), done,
-- cancelled.
ALTER TABLE clinic_queue ADD CONSTRAINT clinic_queue_status CHECK (status IN ('menunggu', 'dipanggil', 'dilewati', 'selesai', 'batal'));
-- The session of the day (1 morning, 2 afternoon); null: the doctor's only one at that clinic.
ALTER TABLE clinic_queue ADD COLUMN sts_jam text;
-- The first check-in (BPJS task 3): set once, never moved.
ALTER TABLE clinic_queue ADD COLUMN checkin_at timestamptz;
-- 'Antrian Anda tinggal N lagi' was queued for this visit: once, whichever process saw it.
ALTER TABLE clinic_queue ADD COLUMN near_notified_at timestamptz;
-- One doctor's session of a day, in number order: the estimate and the near push read it.
CREATE INDEX clinic_queue_session ON clinic_queue (tgl_janji, kd_dr, kd_dep, no_urut);

-- A dated session's hours when they differ from the weekly schedule (the doctor moved it).
ALTER TABLE practice_sessions ADD COLUMN jam_dtg text;
ALTER TABLE practice_sessions ADD COLUMN jam_plg text;

-- Minutes per patient the estimate starts from before a session's calls say otherwise; null:
-- the server's QUEUE_MINUTES_PER_PATIENT.
ALTER TABLE clinics ADD COLUMN menit_per_pasien integer CHECK (menit_per_pasien BETWEEN 1 AND 240);

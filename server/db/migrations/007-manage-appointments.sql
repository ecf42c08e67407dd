-- Managing appointments: a registration number naming each, cancel (the seat given back),
-- reschedule, online consultation sessions with their own quota and meeting link, and reminders
-- kept as rows, so no process holds them in memory.

-- Online consultation sessions are weekly schedules of their own kind beside the clinic's, so a
-- doctor may hold both on one day and session, each with its own quota.
ALTER TABLE practice_schedules ADD COLUMN jenis text NOT NULL DEFAULT 'poli' CHECK (jenis IN ('poli', 'online'));
ALTER TABLE practice_schedules DROP CONSTRAINT practice_schedules_kd_dr_kd_dep_hari_sts_jam_key;
ALTER TABLE practice_schedules ADD CONSTRAINT practice_schedules_session UNIQUE (kd_dr, kd_dep, hari, sts_jam, jenis);

-- The last queue number a dated session handed out. quota_terisi counts the seats taken and goes
-- down when one is given back; numbers are never handed out twice, so a new booking after a
-- cancel gets the next number, not the cancelled one.
ALTER TABLE practice_sessions ADD COLUMN no_urut_terakhir integer NOT NULL DEFAULT 0;
UPDATE practice_sessions ps SET no_urut_terakhir = greatest(ps.quota_terisi,
  coalesce((SELECT max(a.no_urut) FROM appointments a WHERE a.schedule_id = ps.schedule_id AND a.tgl_janji = ps.tgl), 0));

-- The registration number (no_reg) names the appointment to the patient's actions and to the
-- clinic queue: RJ (clinic) or RO (online, set by the booking), the day it was made (WIB), and a
-- number of six digits or more, unique with the date's fixed width before it. A default, so the
-- counter's own rows and older code get one too.
CREATE SEQUENCE appointments_no_reg_seq START 100001;
ALTER TABLE appointments ADD COLUMN no_reg text;
UPDATE appointments SET no_reg = 'RJ' || to_char(created_at AT TIME ZONE 'Asia/Jakarta', 'YYMMDD') || nextval('appointments_no_reg_seq');
ALTER TABLE appointments ALTER COLUMN no_reg SET DEFAULT 'RJ' || to_char(now() AT TIME ZONE 'Asia/Jakarta', 'YYMMDD') || nextval('appointments_no_reg_seq');
ALTER TABLE appointments ALTER COLUMN no_reg SET NOT NULL;
ALTER TABLE appointments ADD CONSTRAINT appointments_no_reg UNIQUE (no_reg);
ALTER TABLE appointments ADD COLUMN jenis text NOT NULL DEFAULT 'poli' CHECK (jenis IN ('poli', 'online'));
-- A cancelled appointment stays, with when and why; it counts for nothing any more.
ALTER TABLE appointments ADD COLUMN cancelled_at timestamptz;
ALTER TABLE appointments ADD COLUMN cancel_reason text;
-- The online consultation's meeting room, set by the hospital (https only).
ALTER TABLE appointments ADD COLUMN meeting_url text CHECK (meeting_url LIKE 'https://%');
-- One active appointment per patient, session and date; a cancelled one does not stop a new one.
ALTER TABLE appointments DROP CONSTRAINT appointments_nomr_schedule_id_tgl_janji_key;
CREATE UNIQUE INDEX appointments_active ON appointments (nomr, schedule_id, tgl_janji) WHERE cancelled_at IS NULL;

-- Reminders of an appointment (the evening before, hours before practice, an online room
-- opening), each due at a time. Every process's push worker claims the due ones with FOR UPDATE
-- SKIP LOCKED and turns each into a notification in the same transaction: sent exactly once,
-- whichever process and however many restarts. A moved appointment moves its reminders; a
-- cancelled one loses those not yet sent.
CREATE TABLE appointment_reminders (
  id               bigserial PRIMARY KEY,
  appointment_id   bigint NOT NULL REFERENCES appointments ON DELETE CASCADE,
  kind             text NOT NULL CHECK (kind IN ('malam_sebelum', 'sebelum_praktik', 'ruang_dibuka')),
  due_at           timestamptz NOT NULL,
  sent_at          timestamptz,
  -- null once sent: dropped as too late (the session over), or its notification gone with retention
  notification_id  bigint REFERENCES notifications ON DELETE SET NULL,
  UNIQUE (appointment_id, kind)
);
CREATE INDEX appointment_reminders_due ON appointment_reminders (due_at) WHERE sent_at IS NULL;

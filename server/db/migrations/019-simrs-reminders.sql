-- Reminders of the app's bookings held in the hospital's system (SIMRS other than local: Khanza),
-- keyed by the visit's number there (our no_reg), with what the reminder names, copied at the
-- booking or its move, since this database holds no appointment row for them. Claimed when due as
-- appointment_reminders are (FOR UPDATE SKIP LOCKED), and sent only when the hospital's system
-- still holds the visit, waiting, on that date (server/push/reminders.ts): a cancel or move made
-- on its own screens sends none.
CREATE TABLE simrs_reminders (
  id               bigserial PRIMARY KEY,
  no_reg           text NOT NULL,
  kind             text NOT NULL CHECK (kind IN ('malam_sebelum', 'sebelum_praktik', 'ruang_dibuka')),
  due_at           timestamptz NOT NULL,
  nomr             text NOT NULL,
  ds_dep           text NOT NULL,
  nama_dr          text NOT NULL,
  tgl_janji        date NOT NULL,
  jam_dtg          text NOT NULL,
  jam_plg          text NOT NULL,
  no_urut          integer NOT NULL,
  sent_at          timestamptz,
  notification_id  bigint REFERENCES notifications ON DELETE SET NULL,
  UNIQUE (no_reg, kind)
);
CREATE INDEX simrs_reminders_due ON simrs_reminders (due_at) WHERE sent_at IS NULL;

-- A push 14 and 3 days before a BPJS referral a patient booked with runs out (docs/bpjs.md,
-- Referrals): one row per referral and reminder, written when VClaim confirmed the referral for an
-- app booking, claimed when due by any process's push worker (FOR UPDATE SKIP LOCKED) and sent once
-- (the referral and its day unique per patient: a second booking on it adds none).
CREATE TABLE referral_reminders (
  id               bigserial PRIMARY KEY,
  nomr             text NOT NULL,
  nomorreferensi   text NOT NULL,
  days_before      smallint NOT NULL CHECK (days_before IN (14, 3)),
  -- What the notification names: the referral's poli, who wrote it, its last valid day.
  poli             text NOT NULL,
  perujuk          text NOT NULL,
  berlaku_sampai   date NOT NULL,
  due_at           timestamptz NOT NULL,
  sent_at          timestamptz,
  notification_id  bigint REFERENCES notifications ON DELETE SET NULL,
  UNIQUE (nomr, nomorreferensi, days_before)
);
CREATE INDEX referral_reminders_due ON referral_reminders (due_at) WHERE sent_at IS NULL;

-- The push senders' durable queue: one delivery per notification and push registration, written
-- in the notification's own transaction. A delivery is claimed with a lease (FOR UPDATE SKIP
-- LOCKED), so several server processes never send the same one; a failed send is retried with
-- backoff; a crash before the send leaves it pending for the next claim.
CREATE TABLE push_deliveries (
  id               bigserial PRIMARY KEY,
  notification_id  bigint NOT NULL REFERENCES notifications ON DELETE CASCADE,
  registration_id  bigint REFERENCES push_registrations ON DELETE SET NULL,
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'gone')),
  attempts         integer NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz NOT NULL DEFAULT now(),
  locked_until     timestamptz,
  last_error       text,
  sent_at          timestamptz,
  UNIQUE (notification_id, registration_id)
);
CREATE INDEX push_deliveries_due ON push_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX push_deliveries_registration ON push_deliveries (registration_id);

-- Keys a server generates once and every process shares (the VAPID pair when none is configured).
CREATE TABLE server_keys (
  name        text PRIMARY KEY,
  value       text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- The number a doctor's clinic queue has reached, shown on the home card beside the patient's own.
CREATE INDEX clinic_queue_called ON clinic_queue (kd_dr, kd_dep, tgl_janji) WHERE status = 'dipanggil';

-- Self-registrations: the consent to the privacy notice (UU PDP 27/2022) and the notice's version,
-- the latest re-send's time, and the registration counter's verification.
-- persetujuan_privasi is null when the client did not ask (the spec's client sends no such field).
ALTER TABLE registrations ADD COLUMN persetujuan_privasi boolean;
ALTER TABLE registrations ADD COLUMN versi_privasi text;
ALTER TABLE registrations ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE registrations ADD COLUMN status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'verified'));
ALTER TABLE registrations ADD COLUMN verified_at timestamptz;
CREATE INDEX registrations_pending ON registrations (created_at) WHERE status = 'pending';

-- A registration's ending (docs/product.md, Registration's ending): each submission its own
-- reference, which the person shows at the counter and looks the registration up with; the Nomor
-- MR the counter gives, and the submission it was given for (the one whose reference was shown);
-- a phone's push subscription for that submission, before the person has a login; and the
-- verification's message through the same durable queue as every other notification, addressed
-- to a submission instead of a patient.
ALTER TABLE registration_submissions ADD COLUMN referensi text UNIQUE;
ALTER TABLE registrations ADD COLUMN no_rm text;
ALTER TABLE registrations ADD COLUMN verified_submission_id bigint REFERENCES registration_submissions ON DELETE SET NULL;

CREATE TABLE registration_push (
  id             bigserial PRIMARY KEY,
  submission_id  bigint NOT NULL REFERENCES registration_submissions ON DELETE CASCADE,
  token          text NOT NULL,
  kind           text NOT NULL CHECK (kind IN ('fcm', 'webpush')),
  created_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (submission_id, token)
);

ALTER TABLE notifications ALTER COLUMN nomr DROP NOT NULL;
ALTER TABLE notifications ADD COLUMN submission_id bigint REFERENCES registration_submissions ON DELETE CASCADE;
ALTER TABLE notifications ADD CONSTRAINT notifications_addressee CHECK (nomr IS NOT NULL OR submission_id IS NOT NULL);
ALTER TABLE push_deliveries ADD COLUMN registration_push_id bigint REFERENCES registration_push ON DELETE SET NULL;
CREATE INDEX push_deliveries_registration_push ON push_deliveries (registration_push_id);

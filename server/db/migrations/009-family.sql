-- Family profiles: one phone looks after several patients (docs/decisions.md, Family profiles).
-- A push registration (the phone) may now be linked to several patients, one row each; a login
-- still moves the phone to its patient alone, and the signed-in link call adds the others, each
-- with that patient's own token. The unique (token, nomr) index also finds a phone's rows.
ALTER TABLE push_registrations DROP CONSTRAINT push_registrations_token_key;
ALTER TABLE push_registrations ADD CONSTRAINT push_registrations_token_nomr_key UNIQUE (token, nomr);

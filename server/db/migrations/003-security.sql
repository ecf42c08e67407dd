-- Login and registration throttling, shared by every server process. One row per scope
-- ('login-nomr', 'login-ip', 'register-ip') and key: failures (or, for registration, submissions)
-- counted in a window; once too many, the key is locked, each lock longer than the last.
CREATE TABLE throttle (
  scope         text NOT NULL,
  key           text NOT NULL,
  count         integer NOT NULL DEFAULT 0,
  window_start  timestamptz NOT NULL DEFAULT now(),
  locked_until  timestamptz,
  locks         integer NOT NULL DEFAULT 0,
  updated_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, key)
);

-- Who did what to whose records, and when: every login attempt (never the birth date), every
-- read or write of a patient's records, every refused authorisation. Append-only: the trigger
-- refuses any change or removal, whoever asks.
CREATE TABLE audit_log (
  id       bigserial PRIMARY KEY,
  at       timestamptz NOT NULL DEFAULT now(),
  action   text NOT NULL,
  outcome  text NOT NULL,
  actor    text,
  subject  text,
  detail   text,
  ip       text,
  req_id   text
);
CREATE INDEX audit_log_subject ON audit_log (subject, at);
CREATE INDEX audit_log_at ON audit_log (at);
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit_log is append-only'; END $$;
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();

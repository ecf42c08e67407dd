-- Login throttling that holds under concurrency (db/throttle.ts): every attempt reserves its
-- place before the birth date is compared. seq numbers a key's admitted attempts, window_seq is
-- the seq that opened the current window, pending counts the admitted attempts not yet answered.
-- With them a success can tell whether it was alone: only then does it clear the failures, so it
-- never erases those of a burst it was part of.
ALTER TABLE throttle ADD COLUMN seq bigint NOT NULL DEFAULT 0;
ALTER TABLE throttle ADD COLUMN window_seq bigint NOT NULL DEFAULT 0;
ALTER TABLE throttle ADD COLUMN pending integer NOT NULL DEFAULT 0;

-- Requests refused for want of a valid token are counted, not written one by one: one row per
-- minute, client address and kind stands for `count` requests (db/audit.ts). Every other row
-- stands for one.
ALTER TABLE audit_log ADD COLUMN count integer NOT NULL DEFAULT 1 CHECK (count > 0);

-- Retention (AUDIT_RETENTION_DAYS, docs/security.md): rows leave the table only through
-- audit_log_remove(), which `npm run audit:archive` calls once it has written them to an archive
-- file. The function alone sets audit.removing for its own duration (its SET clause), and only
-- then does the trigger let a DELETE through; UPDATE and TRUNCATE stay refused to everyone.
-- It runs as its owner (SECURITY DEFINER), so the archive's role needs EXECUTE on it and no
-- DELETE on the table; nobody else may execute it.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP = 'DELETE' AND current_setting('audit.removing', true) = 'on' THEN RETURN OLD; END IF; RAISE EXCEPTION 'audit_log is append-only'; END $$;

CREATE FUNCTION audit_log_remove(cutoff timestamptz, last_id bigint) RETURNS bigint
  LANGUAGE sql SECURITY DEFINER SET search_path FROM CURRENT SET audit.removing = 'on'
  AS $$ WITH gone AS (DELETE FROM audit_log WHERE at < cutoff AND id <= last_id RETURNING 1) SELECT count(*) FROM gone $$;

REVOKE ALL ON FUNCTION audit_log_remove(timestamptz, bigint) FROM PUBLIC;

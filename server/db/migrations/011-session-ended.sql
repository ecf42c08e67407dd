-- Word to every server process that a session ended or was shortened, whatever ended it (a logout,
-- the patient's Perangkat screen, the hospital's counter, or SQL by hand): the processes keep the
-- sessions they checked lately in memory (db/session-cache.ts) and drop this one when they hear
-- it. NOTIFY is sent on commit, so a change rolled back is never announced. Moving last_seen_at on
-- (every use) or expires_at later shortens nothing and says nothing.
CREATE FUNCTION session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN PERFORM pg_notify('session_ended', OLD.token_hash); RETURN OLD; END IF; IF NEW.revoked_at IS DISTINCT FROM OLD.revoked_at
     OR NEW.expires_at < OLD.expires_at
     OR NEW.last_seen_at < OLD.last_seen_at
     OR NEW.nomr <> OLD.nomr
     OR NEW.token_hash <> OLD.token_hash
  THEN PERFORM pg_notify('session_ended', OLD.token_hash); END IF; RETURN NEW; END $$;
CREATE TRIGGER sessions_ended AFTER UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION session_ended();

-- SIMRS=upstream (docs/integration.md, docs/security.md): the hospital's token of each session of
-- this server, sealed (AES-256-GCM under UPSTREAM_TOKEN_KEY) with the birth date its reads send,
-- so that any server process, or one restarted, reads on the patient's behalf. A session's row goes
-- when the session ends (logout, ended from the devices page, the hospital's 401) or is deleted.
CREATE TABLE upstream_tokens (
  session_hash  text PRIMARY KEY REFERENCES sessions (token_hash) ON DELETE CASCADE,
  nomr          text NOT NULL REFERENCES patients,
  -- v1.<iv>.<ciphertext>.<tag>, base64url; the patient's number is its additional data.
  sealed        text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX upstream_tokens_nomr ON upstream_tokens (nomr);

-- Passkeys (WebAuthn): a patient signs in with the phone's fingerprint or screen lock, and sees and
-- ends their sessions (docs/security.md, Passkeys).

-- The patient's WebAuthn identity: a random user handle, so the phone's authenticator holds no
-- medical record number; and when the app offered enrolment after a login (it offers once, and
-- the phone's own storage is cleared at logout, so the server remembers).
CREATE TABLE passkey_users (
  nomr         text PRIMARY KEY REFERENCES patients,
  user_handle  text NOT NULL UNIQUE,
  offered_at   timestamptz
);

-- One registered credential. id and public_key are base64url; counter and the backup flags are
-- the authenticator's, updated at each sign-in.
CREATE TABLE passkeys (
  id            text PRIMARY KEY,
  nomr          text NOT NULL REFERENCES patients,
  public_key    text NOT NULL,
  counter       bigint NOT NULL DEFAULT 0,
  transports    text[] NOT NULL DEFAULT '{}',
  device_type   text NOT NULL CHECK (device_type IN ('singleDevice', 'multiDevice')),
  backed_up     boolean NOT NULL,
  aaguid        text,
  device        text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_used_at  timestamptz
);
CREATE INDEX passkeys_nomr ON passkeys (nomr);

-- Challenges live here, not in the client or one process's memory: each is taken (deleted) by
-- the one answer that uses it, and refused after expires_at. A registration's belongs to its
-- patient; a sign-in's to no one yet.
CREATE TABLE webauthn_challenges (
  challenge   text PRIMARY KEY,
  purpose     text NOT NULL CHECK (purpose IN ('register', 'login')),
  nomr        text REFERENCES patients,
  expires_at  timestamptz NOT NULL
);
CREATE INDEX webauthn_challenges_expiry ON webauthn_challenges (expires_at);

-- A session the patient can name and end from another phone: a public id (never the token's
-- hash), the device it was made on, and how it signed in.
ALTER TABLE sessions ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid();
ALTER TABLE sessions ADD COLUMN device text;
ALTER TABLE sessions ADD COLUMN method text NOT NULL DEFAULT 'form' CHECK (method IN ('form', 'passkey'));
CREATE UNIQUE INDEX sessions_id ON sessions (id);

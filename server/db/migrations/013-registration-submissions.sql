-- Every self-registration as it was sent, kept: a second submission with a known NIK no longer
-- replaces the first (anyone who knows a person's NIK could otherwise put their own phone and
-- e-mail in its place, unseen). registrations keeps one row per NIK, as first sent, with the
-- counter's status; each submission is a row here with its time and the client's address, and the
-- counter sees them all (docs/decisions.md: Registrations are never overwritten).
CREATE TABLE registration_submissions (
  id                   bigserial PRIMARY KEY,
  registration_id      bigint NOT NULL REFERENCES registrations ON DELETE CASCADE,
  nama                 text NOT NULL,
  tempat_lahir         text NOT NULL,
  tgl_lahir            date NOT NULL,
  telp_hp              text NOT NULL,
  email                text NOT NULL,
  pekerjaan            text NOT NULL,
  persetujuan_privasi  boolean,
  versi_privasi        text,
  client_address       text,
  submitted_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX registration_submissions_registration ON registration_submissions (registration_id, submitted_at);

-- The registrations sent before: each its one submission as last kept (the address was not).
INSERT INTO registration_submissions (registration_id, nama, tempat_lahir, tgl_lahir, telp_hp, email, pekerjaan, persetujuan_privasi, versi_privasi, client_address, submitted_at)
  SELECT id, nama, tempat_lahir, tgl_lahir, telp_hp, email, pekerjaan, persetujuan_privasi, versi_privasi, NULL, updated_at FROM registrations;

-- SIMRS=upstream (docs/integration.md): the visit day's pushes made from the hospital's queue
-- answers ('Nomor antrian Anda dipanggil', 'Antrian Anda tinggal N lagi'), each once per visit
-- whichever process read the answer that showed it: the row is the claim.
CREATE TABLE upstream_queue_notices (
  nomr     text NOT NULL REFERENCES patients,
  -- The hospital's no_reg, or its date, clinic, doctor and queue number where it gives none.
  visit    text NOT NULL,
  kind     text NOT NULL CHECK (kind IN ('dipanggil', 'hampir')),
  sent_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (nomr, visit, kind)
);
CREATE INDEX upstream_queue_notices_sent ON upstream_queue_notices (sent_at);

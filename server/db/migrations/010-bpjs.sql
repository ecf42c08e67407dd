-- BPJS Antrean Online (docs/bpjs.md): the hospital's own codes mapped to BPJS's, and the durable
-- outbox of what is reported. A row is written in the transaction of the booking, check-in,
-- call or cancel it reports, so a crash loses nothing and a BPJS outage never holds the patient
-- up; every process's worker claims due rows with a lease (FOR UPDATE SKIP LOCKED).

-- BPJS's poli code (HFIS) of each clinic, and its name there; null: the clinic's own ds_dep.
CREATE TABLE bpjs_poli (
  kd_dep     text PRIMARY KEY REFERENCES clinics,
  kodepoli   text NOT NULL CHECK (kodepoli <> ''),
  namapoli   text
);

-- BPJS's doctor code (HFIS, a number) of each doctor; null name: the doctor's nama_dr_lengkap.
CREATE TABLE bpjs_dokter (
  kd_dr       text PRIMARY KEY REFERENCES doctors,
  kodedokter  integer NOT NULL CHECK (kodedokter > 0),
  namadokter  text
);

-- The patient's NIK (no_ktp, 16 digits), which BPJS asks of every patient; filled by the
-- hospital's systems. Another change may have added it first.
ALTER TABLE patients ADD COLUMN IF NOT EXISTS no_ktp text;

-- One request to BPJS. seq orders a kodebooking's rows: the add (0), its task times (the task id)
-- and the cancel (100); a row is held while an earlier one of its kodebooking is not through
-- (waiting, unmapped or failed). status: waiting (to be sent, again after a failure), sent,
-- refused (BPJS answered with another code: not retried), unmapped (a code without its BPJS code:
-- never sent wrong), failed (no answer after the last attempt). reason says why, in BPJS's
-- words when it answered.
CREATE TABLE bpjs_antrean (
  id               bigserial PRIMARY KEY,
  no_reg           text NOT NULL,
  kodebooking      text NOT NULL,
  endpoint         text NOT NULL CHECK (endpoint IN ('add', 'updatewaktu', 'batal')),
  taskid           smallint,
  seq              smallint NOT NULL,
  payload          jsonb NOT NULL,
  -- The add's own codes, mapped again when the row is retried after the hospital fills a table.
  kd_dep           text,
  kd_dr            text,
  status           text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'sent', 'refused', 'unmapped', 'failed')),
  reason           text,
  bpjs_code        integer,
  attempts         integer NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz NOT NULL DEFAULT now(),
  locked_until     timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  sent_at          timestamptz,
  CHECK ((endpoint = 'updatewaktu') = (taskid IS NOT NULL))
);
-- Each kodebooking is added once, cancelled once, and each of its task times reported once.
CREATE UNIQUE INDEX bpjs_antrean_once ON bpjs_antrean (kodebooking, endpoint, coalesce(taskid, 0));
CREATE INDEX bpjs_antrean_order ON bpjs_antrean (kodebooking, seq, id);
CREATE INDEX bpjs_antrean_no_reg ON bpjs_antrean (no_reg, id);
CREATE INDEX bpjs_antrean_due ON bpjs_antrean (next_attempt_at) WHERE status = 'waiting';
CREATE INDEX bpjs_antrean_status ON bpjs_antrean (status, id);

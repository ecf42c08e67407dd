-- BPJS Antrean in BPJS's own order (docs/bpjs.md): HFIS keeps a poli and its sub-specialty apart
-- (ref/poli answers kdpoli and kdsubspesialis; updatejadwaldokter takes both), so a clinic mapped
-- to a sub-specialty names it here; null: the sub-specialty is the poli itself.
ALTER TABLE bpjs_poli ADD COLUMN IF NOT EXISTS kodesubspesialis text CHECK (kodesubspesialis <> '');

-- A visit day compared with what BPJS holds (antrean/getlisttask per kodebooking), once the day is
-- over: the row is the claim (one process compares a day; a claim older than ten minutes whose
-- process died is taken over), and keeps what differed for /api/health and the staff.
CREATE TABLE bpjs_rekonsiliasi (
  tanggal      date PRIMARY KEY,
  started_at   timestamptz NOT NULL DEFAULT now(),
  finished_at  timestamptz,
  -- kodebookings compared; those whose task ids differ, as [{kodebooking, kurang, lebih, pesan}]
  bookings     integer,
  differences  jsonb
);

-- A doctor's leave or changed hours for one dated session, declared by the hospital's system
-- (docs/leave.md). The session stays, marked; its bookings stay too, marked cancelled by the
-- hospital with the reason, until the patient moves them or their day passes.

-- Closed: nothing more is booked in it (its quota goes to 0). The reason is the patient's to read.
ALTER TABLE practice_sessions ADD COLUMN ditutup_at timestamptz;
ALTER TABLE practice_sessions ADD COLUMN alasan_rs text;

-- Cancelled by the hospital (cancelled_at set as for any cancel): it does not count against the
-- patient's booking limit (nothing cancelled does), stays on their list with the reason and the
-- one-tap choices, and names the booking the patient moved it to.
ALTER TABLE appointments ADD COLUMN batal_rs boolean NOT NULL DEFAULT false;
ALTER TABLE appointments ADD COLUMN pindah_ke text;
CREATE INDEX appointments_batal_rs ON appointments (nomr, tgl_janji) WHERE batal_rs AND pindah_ke IS NULL;

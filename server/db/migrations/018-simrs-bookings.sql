-- The app's bookings the hospital's system holds as a plain registration, with no booking mark of
-- its own: with SIMRS=khanza a booking paid by the patient or another payer than BPJS is a
-- reg_periksa row without a Mobile JKN reference (so Khanza's Antrean sender reports it as
-- NON JKN, never as a JKN booking: docs/decisions.md). Its row here tells it from a counter
-- registration (a patient already there) and keeps the phone's check-in, which Khanza keeps only
-- on the Mobile JKN reference (server/connector/khanza/connector.ts). Keyed by the visit's number
-- there (our no_reg), moved with a reschedule.
CREATE TABLE simrs_bookings (
  no_reg text PRIMARY KEY,
  nomr text NOT NULL,
  tgl_janji date NOT NULL,
  booked_at timestamptz NOT NULL DEFAULT now(),
  checkin_at timestamptz
);

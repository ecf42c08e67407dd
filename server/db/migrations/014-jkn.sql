-- Mobile JKN and referrals (docs/bpjs.md). An appointment says where it was booked (the app, or
-- Mobile JKN through the hospital's web service /api/jkn) and, for a JKN visit, the referral it
-- rests on: jeniskunjungan 1 rujukan FKTP, 2 rujukan internal, 3 kontrol, 4 rujukan antar RS, and
-- the referral's or control letter's number (nomorreferensi).
ALTER TABLE appointments ADD COLUMN sumber text NOT NULL DEFAULT 'app' CHECK (sumber IN ('app', 'mobilejkn'));
ALTER TABLE appointments ADD COLUMN jeniskunjungan smallint CHECK (jeniskunjungan BETWEEN 1 AND 4);
ALTER TABLE appointments ADD COLUMN nomorreferensi text;

-- held: a JKN add that lacks what BPJS requires (the NIK, the card number): never sent empty,
-- kept with its reason until the hospital fills the patient's data and staff retry it.
ALTER TABLE bpjs_antrean DROP CONSTRAINT IF EXISTS bpjs_antrean_status_check;
ALTER TABLE bpjs_antrean ADD CONSTRAINT bpjs_antrean_status_check CHECK (status IN ('waiting', 'sent', 'refused', 'unmapped', 'failed', 'held'));

-- The prescription of a reported visit is added to BPJS's pharmacy queue (antrean/farmasi/add).
ALTER TABLE bpjs_antrean DROP CONSTRAINT IF EXISTS bpjs_antrean_endpoint_check;
ALTER TABLE bpjs_antrean ADD CONSTRAINT bpjs_antrean_endpoint_check CHECK (endpoint IN ('add', 'updatewaktu', 'batal', 'farmasi/add'));

-- Patients Mobile JKN registers (pasienbaru) get the next medical record number of this series.
CREATE SEQUENCE patients_jkn_nomr_seq START WITH 70000001;

-- Mobile JKN names its patient by the BPJS card number or the NIK.
CREATE INDEX IF NOT EXISTS patients_no_jaminan ON patients (no_jaminan);
CREATE INDEX IF NOT EXISTS patients_no_ktp ON patients (no_ktp);

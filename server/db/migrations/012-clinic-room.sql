-- Where a clinic's patients are examined ('Ruang Periksa 3, Lantai 1'): the home screen names it
-- once the patient's number is called. Null where the hospital has not set it; the app then says
-- only that the number is called.
ALTER TABLE clinics ADD COLUMN ruang text;

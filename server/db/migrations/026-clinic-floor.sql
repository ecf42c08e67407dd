-- The floor of a clinic's examination room, apart from the room ('Ruang Periksa 3' on floor '1'):
-- the confirmation and the home screen's 'Hari ini' name both before the patient is called. Null
-- where the hospital has not set it; the app then names the room alone, or nothing.
ALTER TABLE clinics ADD COLUMN lantai text;

// Patients as the login meets them.
import type { PatientIdentity } from '../../domain/fhir.ts';
import type { Queryable } from '../../db/client.ts';

/** The patient with this number and birth date; null for either half wrong, alike. */
export async function patientByBirthDate(q: Queryable, nomr: string, birthdate: string): Promise<string | null> {
  const [row] = await q.query<{ nomr: string }>('SELECT nomr FROM patients WHERE nomr = $1 AND tgl_lahir = $2::date', [nomr, birthdate]);
  return row?.nomr ?? null;
}

/**
 * The patient as the record export names them (domain/fhir.ts): the sex as stored, the phone.
 * No NIK: the table has none (the counter checks the KTP in the hospital's own system).
 */
export async function patientIdentity(q: Queryable, nomr: string): Promise<PatientIdentity | null> {
  const [row] = await q.query<PatientIdentity>(
    `SELECT nomr, nama, jenis_kelamin, to_char(tgl_lahir, 'YYYY-MM-DD') AS tgl_lahir, alamat, telp_hp, no_ktp
       FROM patients WHERE nomr = $1`,
    [nomr],
  );
  return row ?? null;
}

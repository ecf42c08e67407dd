// Patients as the login meets them.
import type { Queryable } from './client.ts';

/** The patient with this number and birth date; null for either half wrong, alike. */
export async function patientByBirthDate(q: Queryable, nomr: string, birthdate: string): Promise<string | null> {
  const [row] = await q.query<{ nomr: string }>('SELECT nomr FROM patients WHERE nomr = $1 AND tgl_lahir = $2::date', [nomr, birthdate]);
  return row?.nomr ?? null;
}

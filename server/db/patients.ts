// Patients as the login and the self-registration meet them.
import type { NewPatient } from '../../common/schemas/auth.ts';
import type { Queryable } from './client.ts';

/** The patient with this number and birth date; null for either half wrong, alike. */
export async function patientByBirthDate(q: Queryable, nomr: string, birthdate: string): Promise<string | null> {
  const [row] = await q.query<{ nomr: string }>('SELECT nomr FROM patients WHERE nomr = $1 AND tgl_lahir = $2::date', [nomr, birthdate]);
  return row?.nomr ?? null;
}

/** Keeps a self-registration for the registration counter; false when its NIK already waits there. */
export async function savePendingPatient(q: Queryable, p: NewPatient): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO registrations (nama, no_ktp, tempat_lahir, tgl_lahir, telp_hp, email, pekerjaan)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (no_ktp) DO NOTHING RETURNING id`,
    [p.nama.trim(), p.no_ktp.trim(), p.tempat_lahir.trim(), p.tgl_lahir, p.telp_hp.trim(), p.email.trim(), p.pekerjaan],
  );
  return rows.length > 0;
}

// Self-registrations (migrations 001 and 004), kept for the registration counter, which checks
// the person's KTP and creates the medical record in the hospital's own system.
import type { NewPatient } from '../../common/schemas/auth.ts';
import type { RegistrationEntry } from '../../common/schemas/internal.ts';
import type { Queryable } from './client.ts';

/** What a submission did: a new registration, a pending one corrected, or a verified one left alone. */
export type SaveOutcome = 'created' | 'updated' | 'unchanged';

/**
 * A pending registration with the same NIK takes the latest data. One that the counter has
 * verified is not touched: a stranger who knows a patient's NIK must not change their details.
 */
export async function saveRegistration(q: Queryable, p: NewPatient): Promise<{ id: number; outcome: SaveOutcome }> {
  const nik = p.no_ktp.trim();
  // xmax is 0 only on a row this statement inserted: PostgreSQL's way to tell an upsert's two paths.
  const [row] = await q.query<{ id: number; created: boolean }>(
    `INSERT INTO registrations (nama, no_ktp, tempat_lahir, tgl_lahir, telp_hp, email, pekerjaan, persetujuan_privasi, versi_privasi)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (no_ktp) DO UPDATE SET
       nama = EXCLUDED.nama, tempat_lahir = EXCLUDED.tempat_lahir, tgl_lahir = EXCLUDED.tgl_lahir,
       telp_hp = EXCLUDED.telp_hp, email = EXCLUDED.email, pekerjaan = EXCLUDED.pekerjaan,
       persetujuan_privasi = EXCLUDED.persetujuan_privasi, versi_privasi = EXCLUDED.versi_privasi, updated_at = now()
     WHERE registrations.status = 'pending'
     RETURNING id::int AS id, xmax = 0 AS created`,
    [
      p.nama.trim(),
      nik,
      p.tempat_lahir.trim(),
      p.tgl_lahir,
      p.telp_hp.trim(),
      p.email.trim(),
      p.pekerjaan,
      p.persetujuan_privasi ?? null,
      p.versi_privasi?.trim() ?? null,
    ],
  );
  if (row) return { id: row.id, outcome: row.created ? 'created' : 'updated' };
  const [kept] = await q.query<{ id: number }>('SELECT id::int AS id FROM registrations WHERE no_ktp = $1', [nik]);
  return { id: kept.id, outcome: 'unchanged' };
}

const wib = (column: string) => `to_char(${column} AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM-DD"T"HH24:MI:SS"+07:00"')`;

const ENTRY = `id::int AS id, nama, no_ktp, tempat_lahir, to_char(tgl_lahir, 'YYYY-MM-DD') AS tgl_lahir, telp_hp, email, pekerjaan,
  persetujuan_privasi, versi_privasi, status, ${wib('created_at')} AS created_at, ${wib('updated_at')} AS updated_at, ${wib('verified_at')} AS verified_at`;

/** The registrations waiting for the counter, oldest first. */
export async function pendingRegistrations(q: Queryable): Promise<RegistrationEntry[]> {
  return q.query<RegistrationEntry>(`SELECT ${ENTRY} FROM registrations WHERE status = 'pending' ORDER BY created_at, id`);
}

/**
 * Marks a registration verified; changed is false when it already was (verifying twice is no
 * error). Null for an unknown id.
 */
export async function verifyRegistration(q: Queryable, id: string): Promise<{ entry: RegistrationEntry; changed: boolean } | null> {
  const [changed] = await q.query<RegistrationEntry>(
    `UPDATE registrations SET status = 'verified', verified_at = now() WHERE id = $1 AND status = 'pending' RETURNING ${ENTRY}`,
    [id],
  );
  if (changed) return { entry: changed, changed: true };
  const [entry] = await q.query<RegistrationEntry>(`SELECT ${ENTRY} FROM registrations WHERE id = $1`, [id]);
  return entry ? { entry, changed: false } : null;
}

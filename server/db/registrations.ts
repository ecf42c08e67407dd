// Self-registrations (migrations 001, 004 and 013), kept for the registration counter, which checks
// the person's KTP and creates the medical record in the hospital's own system.
import type { NewPatient } from '../../common/schemas/auth.ts';
import { compactPhone } from '../../common/phone.ts';
import type { RegistrationEntry, RegistrationSubmission } from '../../common/schemas/internal.ts';
import type { SaveOutcome } from '../domain/registration.ts';
import type { Queryable } from './client.ts';
import { wibText } from './wib.ts';

/**
 * Keeps a submission. Nothing is ever overwritten: a second submission with the same NIK is kept
 * beside the first (migration 013), so a stranger who knows someone's NIK cannot replace their
 * phone and e-mail unseen; the counter sees every submission. New or known NIK, the same two
 * statements run, so neither the answer nor its time tells them apart.
 */
export async function saveRegistration(q: Queryable, p: NewPatient, clientAddress: string | null): Promise<{ id: number; outcome: SaveOutcome }> {
  const data = [
    p.nama.trim(),
    p.tempat_lahir.trim(),
    p.tgl_lahir,
    p.telp_hp.trim(),
    p.email.trim(),
    p.pekerjaan,
    p.persetujuan_privasi ?? null,
    p.versi_privasi?.trim() ?? null,
  ];
  // xmax is 0 only on a row this statement inserted: PostgreSQL's way to tell an upsert's two paths.
  const [row] = await q.query<{ id: number; created: boolean; status: string }>(
    `INSERT INTO registrations (nama, tempat_lahir, tgl_lahir, telp_hp, email, pekerjaan, persetujuan_privasi, versi_privasi, no_ktp)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (no_ktp) DO UPDATE SET updated_at = CASE WHEN registrations.status = 'pending' THEN now() ELSE registrations.updated_at END
     RETURNING id::int AS id, xmax = 0 AS created, status`,
    [...data, p.no_ktp.trim()],
  );
  await q.query(
    `INSERT INTO registration_submissions (nama, tempat_lahir, tgl_lahir, telp_hp, email, pekerjaan, persetujuan_privasi, versi_privasi, client_address, registration_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [...data, clientAddress, row.id],
  );
  return { id: row.id, outcome: row.created ? 'created' : row.status === 'pending' ? 'resubmitted' : 'resubmitted-verified' };
}

const GROUP = `id::int AS id, no_ktp, status, ${wibText('created_at')} AS created_at, ${wibText('updated_at')} AS updated_at, ${wibText('verified_at')} AS verified_at, no_rm`;

const SUBMISSION = `id::int AS id, registration_id::int AS registration_id, nama, tempat_lahir, to_char(tgl_lahir, 'YYYY-MM-DD') AS tgl_lahir,
  telp_hp, email, pekerjaan, persetujuan_privasi, versi_privasi, client_address AS alamat_klien, referensi, ${wibText('submitted_at')} AS dikirim_at`;

type Group = Pick<RegistrationEntry, 'id' | 'no_ktp' | 'status' | 'created_at' | 'updated_at' | 'verified_at' | 'no_rm'>;

/** The same number written 0812-3456-7890 or +62812…, the same address in other capitals. */
const samePhone = (a: string, b: string) => compactPhone(a).replace(/^\+62/, '0') === compactPhone(b).replace(/^\+62/, '0');
const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const sameContact = (a: RegistrationSubmission, b: RegistrationSubmission) => samePhone(a.telp_hp, b.telp_hp) && sameEmail(a.email, b.email);

/** Each registration with its submissions, newest first; its own fields those of the latest. */
async function entries(q: Queryable, groups: Group[]): Promise<RegistrationEntry[]> {
  if (!groups.length) return [];
  const rows = await q.query<RegistrationSubmission & { registration_id: number }>(
    `SELECT ${SUBMISSION} FROM registration_submissions WHERE registration_id = ANY($1::bigint[]) ORDER BY submitted_at DESC, id DESC`,
    [groups.map((g) => g.id)],
  );
  return groups.map((g) => {
    const mine = rows.filter((r) => r.registration_id === g.id);
    // Oldest first to compare each with the one before it; then newest first.
    const pengajuan = mine
      .reverse()
      .map(({ registration_id: _, ...s }, i, all) => ({ ...s, kontak_baru: i > 0 && !sameContact(s, { ...all[i - 1], kontak_baru: false }) }))
      .reverse();
    const latest = pengajuan[0];
    return {
      id: g.id,
      nama: latest.nama,
      no_ktp: g.no_ktp,
      tempat_lahir: latest.tempat_lahir,
      tgl_lahir: latest.tgl_lahir,
      telp_hp: latest.telp_hp,
      email: latest.email,
      pekerjaan: latest.pekerjaan,
      persetujuan_privasi: latest.persetujuan_privasi,
      versi_privasi: latest.versi_privasi,
      status: g.status,
      created_at: g.created_at,
      updated_at: g.updated_at,
      verified_at: g.verified_at,
      no_rm: g.no_rm,
      kontak_berbeda: pengajuan.some((s) => !sameContact(s, latest)),
      pengajuan,
    };
  });
}

/** The registrations waiting for the counter, the latest submitted first, each with every submission. */
export async function pendingRegistrations(q: Queryable): Promise<RegistrationEntry[]> {
  return entries(q, await q.query<Group>(`SELECT ${GROUP} FROM registrations r WHERE status = 'pending' ORDER BY r.updated_at DESC, r.id DESC`));
}

/**
 * Marks a registration verified; changed is false when it already was (verifying twice is no
 * error). Null for an unknown id.
 */
export async function verifyRegistration(q: Queryable, id: string): Promise<{ entry: RegistrationEntry; changed: boolean } | null> {
  const [changed] = await q.query<Group>(
    `UPDATE registrations SET status = 'verified', verified_at = now() WHERE id = $1 AND status = 'pending' RETURNING ${GROUP}`,
    [id],
  );
  if (changed) return { entry: (await entries(q, [changed]))[0], changed: true };
  const [group] = await q.query<Group>(`SELECT ${GROUP} FROM registrations WHERE id = $1`, [id]);
  return group ? { entry: (await entries(q, [group]))[0], changed: false } : null;
}

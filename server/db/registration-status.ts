// A registration's ending (migration 025): each submission's reference, the look-up by reference
// and birth date, a phone's push subscription for the submission, and the Nomor MR the counter
// gives. Beside registrations.ts, which keeps the submissions themselves.
import { randomInt } from 'node:crypto';
import { REFERENCE_ALPHABET, REFERENCE_LENGTH } from '../../common/reference.ts';
import type { Queryable } from './client.ts';
import type { RegistrationKind } from './push.ts';

const newReference = () => `REG-${Array.from({ length: REFERENCE_LENGTH }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join('')}`;

/**
 * Gives the registration's latest submission (the one just saved, in the same transaction: the
 * upsert of registrations holds its row) a reference of its own. A new NIK and a known one get one
 * alike, so the answer still does not tell them apart. 25⁶ references: a clash is rare, and the
 * next draw takes its place; the UNIQUE constraint is the last word.
 */
export async function giveReference(q: Queryable, registrationId: number): Promise<string> {
  for (;;) {
    const referensi = newReference();
    const [row] = await q.query<{ referensi: string }>(
      `UPDATE registration_submissions SET referensi = $2
        WHERE id = (SELECT max(id) FROM registration_submissions WHERE registration_id = $1)
          AND NOT EXISTS (SELECT 1 FROM registration_submissions WHERE referensi = $2)
       RETURNING referensi`,
      [registrationId, referensi],
    );
    if (row) return row.referensi;
  }
}

export interface Found {
  submission: number;
  status: 'menunggu' | 'terverifikasi';
  /** Only for the submission the counter gave it for. */
  no_rm: string | null;
}

/** The submission with this reference and birth date (the date as that submission sent it); null otherwise. */
export async function findByReference(q: Queryable, referensi: string, tglLahir: string): Promise<Found | null> {
  const [row] = await q.query<Found>(
    `SELECT s.id::int AS submission, CASE r.status WHEN 'verified' THEN 'terverifikasi' ELSE 'menunggu' END AS status,
            CASE WHEN r.verified_submission_id = s.id THEN r.no_rm END AS no_rm
       FROM registration_submissions s JOIN registrations r ON r.id = s.registration_id
      WHERE s.referensi = $1 AND s.tgl_lahir = $2::date`,
    [referensi, tglLahir],
  );
  return row ?? null;
}

/** A phone to tell when the counter verifies this submission; the same phone twice is one row. */
export async function savePushFor(q: Queryable, submission: number, token: string, kind: RegistrationKind): Promise<void> {
  await q.query(
    `INSERT INTO registration_push (submission_id, token, kind) VALUES ($1, $2, $3)
     ON CONFLICT (submission_id, token) DO UPDATE SET kind = EXCLUDED.kind`,
    [submission, token, kind],
  );
}

/**
 * Which submission the counter verified: the one whose reference the person showed, or, when
 * none was named, the only one there is. With several and none named, nobody is told the Nomor
 * MR: a submission may have come from someone else who knew the NIK (registrations.ts).
 * Null when the reference is not one of this registration's.
 */
export async function verifiedSubmission(
  q: Queryable,
  registrationId: string,
  referensi: string | undefined,
): Promise<{ id: number | null; referensi: string | null } | null> {
  const rows = await q.query<{ id: number; referensi: string | null }>(
    'SELECT id::int AS id, referensi FROM registration_submissions WHERE registration_id = $1 ORDER BY id',
    [registrationId],
  );
  if (referensi) return rows.find((r) => r.referensi === referensi) ?? null;
  return rows.length === 1 ? rows[0] : { id: null, referensi: null };
}

/** Keeps the Nomor MR and the submission it was given for, at the verification. */
export async function recordVerification(q: Queryable, registrationId: string, noRm: string | null, submission: number | null): Promise<void> {
  await q.query('UPDATE registrations SET no_rm = $2, verified_submission_id = $3 WHERE id = $1', [registrationId, noRm, submission]);
}

/** Queues a notification to the submission's phones (the durable push queue, db/push.ts); answers how many. */
export async function enqueueForSubmission(q: Queryable, submission: number, n: { title: string; body: string; url: string }): Promise<number> {
  const [{ id }] = await q.query<{ id: number }>(
    'INSERT INTO notifications (submission_id, title, body, url) VALUES ($1, $2, $3, $4) RETURNING id::int AS id',
    [submission, n.title, n.body, n.url],
  );
  const deliveries = await q.query(
    'INSERT INTO push_deliveries (notification_id, registration_push_id) SELECT $1, id FROM registration_push WHERE submission_id = $2 RETURNING id',
    [id, submission],
  );
  return deliveries.length;
}

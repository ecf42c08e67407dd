// Passkeys, their patients' WebAuthn identities and the ceremonies' challenges (migration 008).
import { randomBytes } from 'node:crypto';
import type { Queryable } from './client.ts';

/** Times as the wire speaks them: ISO 8601 in UTC, the same from PGlite and from pg. */
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

export interface StoredPasskey {
  id: string;
  nomr: string;
  publicKey: string;
  counter: number;
  transports: string[];
  userHandle: string;
}

export interface PasskeyRow {
  id: string;
  device: string;
  backed_up: boolean;
  created_at: string;
  last_used_at: string | null;
}

/** The patient's user handle, made on first use: 16 random bytes, base64url. */
export async function userHandleFor(q: Queryable, nomr: string): Promise<string> {
  const [row] = await q.query<{ user_handle: string }>(
    `INSERT INTO passkey_users (nomr, user_handle) VALUES ($1, $2)
     ON CONFLICT (nomr) DO UPDATE SET nomr = passkey_users.nomr RETURNING user_handle`,
    [nomr, randomBytes(16).toString('base64url')],
  );
  return row.user_handle;
}

/** Keeps a ceremony's challenge until it is taken or expires; expired ones are cleared on the way. */
export async function saveChallenge(q: Queryable, challenge: string, purpose: 'register' | 'login', nomr: string | null, minutes: number): Promise<void> {
  await q.query('DELETE FROM webauthn_challenges WHERE expires_at < now()');
  await q.query(`INSERT INTO webauthn_challenges (challenge, purpose, nomr, expires_at) VALUES ($1, $2, $3, now() + make_interval(mins => $4))`, [
    challenge,
    purpose,
    nomr,
    minutes,
  ]);
}

/**
 * Takes the challenge: true once, for the ceremony and patient it was made for and before it
 * expires. Taken even when the answer then fails, so no challenge serves twice.
 */
export async function takeChallenge(q: Queryable, challenge: string, purpose: 'register' | 'login', nomr: string | null): Promise<boolean> {
  const rows = await q.query(
    `DELETE FROM webauthn_challenges WHERE challenge = $1 RETURNING purpose = $2 AND nomr IS NOT DISTINCT FROM $3 AND expires_at > now() AS fits`,
    [challenge, purpose, nomr],
  );
  return rows.length === 1 && (rows[0] as { fits: boolean }).fits === true;
}

export async function passkeysOf(q: Queryable, nomr: string): Promise<PasskeyRow[]> {
  return q.query<PasskeyRow>(
    `SELECT id, device, backed_up, ${iso('created_at')} AS created_at, ${iso('last_used_at')} AS last_used_at
       FROM passkeys WHERE nomr = $1 ORDER BY created_at DESC, id`,
    [nomr],
  );
}

export async function hasPasskey(q: Queryable, nomr: string): Promise<boolean> {
  return (await q.query('SELECT 1 FROM passkeys WHERE nomr = $1 LIMIT 1', [nomr])).length > 0;
}

export interface NewPasskey {
  id: string;
  nomr: string;
  publicKey: string;
  counter: number;
  transports: string[];
  deviceType: 'singleDevice' | 'multiDevice';
  backedUp: boolean;
  aaguid: string | null;
  device: string;
}

/** Saves the credential; false when that credential is registered already. */
export async function addPasskey(q: Queryable, p: NewPasskey): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO passkeys (id, nomr, public_key, counter, transports, device_type, backed_up, aaguid, device)
     VALUES ($1, $2, $3, $4, $5::text[], $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING RETURNING id`,
    [p.id, p.nomr, p.publicKey, p.counter, p.transports, p.deviceType, p.backedUp, p.aaguid, p.device],
  );
  return rows.length === 1;
}

/** The credential a sign-in names, with its patient's user handle, or null. */
export async function passkeyForLogin(q: Queryable, id: string): Promise<StoredPasskey | null> {
  const [row] = await q.query<{ id: string; nomr: string; public_key: string; counter: string | number; transports: string[]; user_handle: string }>(
    `SELECT p.id, p.nomr, p.public_key, p.counter, p.transports, u.user_handle
       FROM passkeys p JOIN passkey_users u ON u.nomr = p.nomr WHERE p.id = $1`,
    [id],
  );
  if (!row) return null;
  return { id: row.id, nomr: row.nomr, publicKey: row.public_key, counter: Number(row.counter), transports: row.transports, userHandle: row.user_handle };
}

/**
 * A verified sign-in: the authenticator's counter and backup state as it reported them now, kept
 * only if the counter grew past the stored one (or both are 0: an authenticator that does not
 * count, WebAuthn Level 3 section 6.1.1). False when another sign-in with the same or a higher
 * count got there first (a replay race or a cloned key): this one fails.
 */
export async function markUsed(q: Queryable, id: string, counter: number, deviceType: string, backedUp: boolean): Promise<boolean> {
  const rows = await q.query(
    `UPDATE passkeys SET counter = $2, device_type = $3, backed_up = $4, last_used_at = now()
      WHERE id = $1 AND (counter < $2 OR (counter = 0 AND $2 = 0)) RETURNING id`,
    [id, counter, deviceType, backedUp],
  );
  return rows.length === 1;
}

/** Removes one of the patient's passkeys; false when the patient has none by that id. */
export async function removePasskey(q: Queryable, nomr: string, id: string): Promise<boolean> {
  return (await q.query('DELETE FROM passkeys WHERE nomr = $1 AND id = $2 RETURNING id', [nomr, id])).length === 1;
}

/** The hospital's counter removes every passkey of a patient; answers how many there were. */
export async function removeAllPasskeys(q: Queryable, nomr: string): Promise<number> {
  return (await q.query('DELETE FROM passkeys WHERE nomr = $1 RETURNING id', [nomr])).length;
}

/**
 * Whether to offer enrolment now, and if so it counts as offered: true once per patient, and
 * only while they have no passkey. Atomic, so two screens opened together do not both offer.
 */
export async function takeOffer(q: Queryable, nomr: string): Promise<boolean> {
  if (await hasPasskey(q, nomr)) return false;
  await userHandleFor(q, nomr);
  const rows = await q.query('UPDATE passkey_users SET offered_at = now() WHERE nomr = $1 AND offered_at IS NULL RETURNING nomr', [nomr]);
  return rows.length === 1;
}

/** Name and birth date: the passkey's label on the phone, and the session a passkey login starts. */
export async function patientIdentity(q: Queryable, nomr: string): Promise<{ nomr: string; nama: string; tgl_lahir: string } | null> {
  const [row] = await q.query<{ nomr: string; nama: string; tgl_lahir: string }>(
    `SELECT nomr, nama, to_char(tgl_lahir, 'YYYY-MM-DD') AS tgl_lahir FROM patients WHERE nomr = $1`,
    [nomr],
  );
  return row ?? null;
}

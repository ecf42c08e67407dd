// The counter's verification of a self-registration, as the internal call and `npm run
// registrations -- verifikasi` both do it: the registration marked verified, the Nomor MR kept for
// the submission whose reference the person showed, the verification audited, and the person told
// through every channel there is, each through its own outbox in the same transaction.
import type { Queryable } from './db/client.ts';
import { audit } from './db/audit.ts';
import { enqueueForSubmission, recordVerification, verifiedSubmission } from './db/registration-status.ts';
import { verifyRegistration } from './db/registrations.ts';
import type { RegistrationEntry } from '../common/schemas/internal.ts';

interface VerifiedNotice {
  submission: number;
  referensi: string | null;
  no_rm: string | null;
}

/**
 * A way to tell the person. Push is the one there is; a second channel (WhatsApp, when the
 * hospital has it) joins this list with its own outbox and is called in the same transaction.
 * Answers how many messages it queued.
 */
interface NoticeChannel {
  name: string;
  queue(q: Queryable, n: VerifiedNotice): Promise<number>;
}

/** The push message; a tap opens the login page, where the Nomor MR is used. */
function verifiedText(n: VerifiedNotice): { title: string; body: string; url: string } {
  const ref = n.referensi ? ` ${n.referensi}` : '';
  return {
    title: 'Pendaftaran sudah terverifikasi',
    body: n.no_rm
      ? `Pendaftaran${ref} sudah diverifikasi. Nomor MR Anda: ${n.no_rm}. Silakan login dengan Nomor MR dan tanggal lahir Anda.`
      : `Pendaftaran${ref} sudah diverifikasi. Silakan tanyakan Nomor MR Anda di loket pendaftaran.`,
    url: '/',
  };
}

const pushChannel: NoticeChannel = { name: 'push', queue: (q, n) => enqueueForSubmission(q, n.submission, verifiedText(n)) };

const NOTICE_CHANNELS: readonly NoticeChannel[] = [pushChannel];

export type Verified =
  | { kind: 'verified'; entry: RegistrationEntry; changed: boolean; queued: number }
  | { kind: 'not-found' }
  /** The reference named is not one of this registration's submissions. */
  | { kind: 'wrong-reference' };

/** `actor`: who verified, for the audit ('hospital-system' or 'cli:<user>'). */
export async function verify(
  q: Queryable,
  id: string,
  body: { no_rm?: string; referensi?: string },
  actor: string,
  req?: Parameters<typeof audit>[2],
): Promise<Verified> {
  const submission = await verifiedSubmission(q, id, body.referensi);
  if (!submission) return (await q.query('SELECT 1 FROM registrations WHERE id = $1', [id])).length ? { kind: 'wrong-reference' } : { kind: 'not-found' };
  const verified = await verifyRegistration(q, id);
  if (!verified) return { kind: 'not-found' };
  // Verifying twice changes nothing: the Nomor MR and the messages belong to the first.
  if (!verified.changed) return { kind: 'verified', ...verified, queued: 0 };
  const noRm = body.no_rm?.trim() || null;
  await recordVerification(q, id, noRm, submission.id);
  let queued = 0;
  if (submission.id !== null) {
    const notice = { submission: submission.id, referensi: submission.referensi, no_rm: noRm };
    for (const channel of NOTICE_CHANNELS) queued += await channel.queue(q, notice);
  }
  await audit(q, { action: 'registration', outcome: 'verified', actor, detail: `registrasi ${id}` }, req);
  return { kind: 'verified', entry: { ...verified.entry, no_rm: noRm }, changed: true, queued };
}

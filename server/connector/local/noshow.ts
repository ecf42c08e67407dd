// A booked patient who did not come to today's clinic session: the counter releases the seat
// (SIMRS=local; the internal call of routes/noshow.ts, docs/leave.md). In one transaction the
// booking is kept, marked cancelled by the hospital with a reason written for the patient (home's
// card of bookings the hospital cancelled shows it, with the doctor's next sessions to move to in
// one tap), its queue entry cancelled and its reminders gone, BPJS told batal through the outbox,
// and the seat freed through freeOrOffer: held for the first in the session's waiting list, else
// free for anyone. The booking's row is locked first, the session's counter after it, as a cancel
// takes them: a release and a cancel of one booking, or two releases, go one after the other.
import type { NoShowReleased } from '../../../common/schemas/leave.ts';
import { INTERNAL } from '../../../common/server-paths.ts';
import { queueBpjsCancel } from '../../db/bpjs.ts';
import type { Queryable } from '../../db/client.ts';
import { announce, sessionKey, type PracticeSessionOf } from '../../db/queue-events.ts';
import { freeOrOffer } from '../../db/waitlist.ts';

/** What the patient reads on home's card (common/leave.ts HOSPITAL_CANCELLED above it). */
const NO_SHOW_REASON = 'Anda tidak datang pada sesi ini, sehingga kuota Anda dilepas oleh rumah sakit.';
/** BPJS Antrean's keterangan of the batal. */
const BPJS_REASON = 'Pasien tidak hadir: kuota dilepas oleh rumah sakit';

const NO_SHOW_MSG = {
  unknown: 'Tidak ada perjanjian dengan nomor itu.',
  online: 'Hanya kuota perjanjian poli yang dapat dilepas; konsultasi online tidak.',
  released: 'Kuota perjanjian ini sudah dilepas.',
  cancelled: 'Perjanjian ini sudah dibatalkan; kuotanya sudah kembali.',
  notToday: (date: string) => `Hanya kuota sesi hari ini yang dapat dilepas; perjanjian ini untuk tanggal ${date}.`,
  checkedIn: 'Pasien sudah check-in; kuotanya tidak dilepas.',
  called: `Nomor ini sedang dipanggil. Bila pasien tidak datang, tandai dilewati dulu (${INTERNAL.clinicSkipped}), lalu lepas kuotanya.`,
  served: 'Pasien sudah dilayani; kuotanya tidak dilepas.',
} as const;

export type NoShowOutcome = { ok: true; released: NoShowReleased; nomr: string } | { ok: false; status: 404 | 409; message: string };

interface Booked extends PracticeSessionOf {
  id: number;
  nomr: string;
  jenis: string;
  schedule_id: number;
  cancelled: boolean;
  batal_rs: boolean;
  cancel_reason: string | null;
  queue: string | null;
  checked_in: boolean;
}

/** Why the booking's seat cannot be released now; null when it can. */
function refusal(b: Booked, today: string): string | null {
  if (b.jenis !== 'poli') return NO_SHOW_MSG.online;
  if (b.cancelled) return b.batal_rs && b.cancel_reason === NO_SHOW_REASON ? NO_SHOW_MSG.released : NO_SHOW_MSG.cancelled;
  if (b.tgl_janji !== today) return NO_SHOW_MSG.notToday(b.tgl_janji);
  if (b.checked_in) return NO_SHOW_MSG.checkedIn;
  if (b.queue === 'selesai') return NO_SHOW_MSG.served;
  if (b.queue === 'dipanggil') return NO_SHOW_MSG.called;
  return null;
}

/** Releases the seat of `no_reg`, a booking of today's session nobody came to, at `now`; in the caller's transaction. */
export async function releaseNoShow(q: Queryable, no_reg: string, today: string, now: number): Promise<NoShowOutcome> {
  const [b] = await q.query<Omit<Booked, 'queue' | 'checked_in'>>(
    `SELECT a.id::int AS id, a.nomr, a.jenis, a.schedule_id, to_char(a.tgl_janji, 'YYYY-MM-DD') AS tgl_janji, a.kd_dr, a.kd_dep, a.sts_jam,
            a.cancelled_at IS NOT NULL AS cancelled, a.batal_rs, a.cancel_reason
       FROM appointments a WHERE a.no_reg = $1 FOR UPDATE`,
    [no_reg],
  );
  if (!b) return { ok: false, status: 404, message: NO_SHOW_MSG.unknown };
  // The queue entry locked too (after the booking, as a cancel takes them): a call or a check-in at this moment waits, then is seen.
  const [cq] = await q.query<Pick<Booked, 'queue' | 'checked_in'>>(
    'SELECT status AS queue, checkin_at IS NOT NULL AS checked_in FROM clinic_queue WHERE no_reg = $1 FOR UPDATE',
    [no_reg],
  );
  const refused = refusal({ ...b, queue: cq?.queue ?? null, checked_in: cq?.checked_in ?? false }, today);
  if (refused) return { ok: false, status: 409, message: refused };
  await q.query(`UPDATE appointments SET cancelled_at = to_timestamp($2::float8 / 1000), cancel_reason = $3, batal_rs = true WHERE id = $1`, [
    b.id,
    now,
    NO_SHOW_REASON,
  ]);
  await q.query('DELETE FROM appointment_reminders WHERE appointment_id = $1 AND sent_at IS NULL', [b.id]);
  // Waiting, or skipped when called: out of the day's queue, and those behind it see one fewer ahead.
  const left = await q.query(`UPDATE clinic_queue SET status = 'batal' WHERE no_reg = $1 AND status IN ('menunggu', 'dilewati') RETURNING 1 AS n`, [no_reg]);
  if (left.length) await announce(q, sessionKey(b));
  // Only a booking that was reported has a kodebooking to cancel (db/bpjs.ts); a skip's task 99 went before it.
  await queueBpjsCancel(q, no_reg, BPJS_REASON);
  const ditawarkan = await freeOrOffer(q, b.schedule_id, b.tgl_janji);
  return { ok: true, released: { no_reg, ditawarkan }, nomr: b.nomr };
}

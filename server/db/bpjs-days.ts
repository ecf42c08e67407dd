// A visit day once it is over (docs/bpjs.md, "After the day"): task 99 for each booking this
// server reported that was never served, and the day's comparison with what BPJS holds
// (antrean/getlisttask, bpjs/reconcile.ts), kept for /api/health and the staff.
import type { Db, Queryable } from './client.ts';

/** How many past visit days the day's-end job looks at: a server down for longer leaves older days to the staff. */
const NO_SHOW_DAYS = 7;

/** The kodebooking `a.no_reg` is reported under now: its latest add, unless cancelled (as db/bpjs.ts's CURRENT). */
const CURRENT_OF_A = `(SELECT b.kodebooking FROM bpjs_antrean b WHERE b.no_reg = a.no_reg AND b.endpoint = 'add'
                         AND NOT EXISTS (SELECT 1 FROM bpjs_antrean c WHERE c.kodebooking = b.kodebooking AND c.endpoint = 'batal')
                       ORDER BY b.id DESC LIMIT 1)`;

/**
 * Task 99 ('tidak hadir/batal') for every clinic booking of the NO_SHOW_DAYS before `today` that
 * this server reported (booked in the app, or in Mobile JKN through it), still current and not
 * cancelled, that the clinic never called (no task 4 or later) and that has no 99 yet: once. Its
 * waktu is the visit day's last second, WIB: BPJS takes a task only within the visit's date
 * ('Waktu tidak valid … Tanggal pelayanan untuk Kode Booking tersebut adalah …', which public
 * senders mend by moving the time into that date: rsaisyiyahmuntilancoid/antrol
 * app/Services/MobileJknService.php). An appointment another transaction is changing is skipped
 * (FOR UPDATE SKIP LOCKED, as the outbox's claim) and looked at on the next round; the outbox's
 * unique (kodebooking, endpoint, taskid) keeps two processes from writing one twice. Answers how
 * many were queued.
 */
export async function queueBpjsNoShows(db: Db, today: string): Promise<number> {
  return db.tx(async (q) => {
    const rows = await q.query(
      `WITH due AS (
         SELECT a.no_reg, cur.k, a.tgl_janji FROM appointments a CROSS JOIN LATERAL ${CURRENT_OF_A} AS cur(k)
          WHERE a.tgl_janji < $1::date AND a.tgl_janji >= $1::date - $2::int AND a.jenis = 'poli' AND a.cancelled_at IS NULL
            AND NOT EXISTS (SELECT 1 FROM bpjs_antrean t WHERE t.kodebooking = cur.k AND t.endpoint = 'updatewaktu' AND t.taskid >= 4)
          FOR UPDATE OF a SKIP LOCKED)
       INSERT INTO bpjs_antrean (no_reg, kodebooking, endpoint, taskid, seq, payload)
       SELECT no_reg, k, 'updatewaktu', 99, 99,
              jsonb_build_object('kodebooking', k, 'taskid', 99,
                                 'waktu', floor(extract(epoch FROM tgl_janji::timestamp + interval '23:59:59') * 1000)::bigint - 25200000)
         FROM due
       ON CONFLICT DO NOTHING
       RETURNING id`,
      [today, NO_SHOW_DAYS],
    );
    return rows.length;
  });
}

/** A kodebooking of the day as the outbox has it: the task ids BPJS took (200, or 208: there already). */
export interface Reported {
  kodebooking: string;
  sent: number[];
}

/**
 * The kodebookings added for the visit date `tanggal` (the add's tanggalperiksa) that BPJS holds,
 * with the task ids the outbox says it took. A task answered 'TaskId terakhir' (marked sent, never
 * taken: answer.ts) is not among them.
 */
export function reportedOfDay(q: Queryable, tanggal: string): Promise<Reported[]> {
  return q.query<Reported>(
    `SELECT b.kodebooking,
            coalesce((SELECT json_agg(t.taskid::int ORDER BY t.taskid) FROM bpjs_antrean t
                       WHERE t.kodebooking = b.kodebooking AND t.endpoint = 'updatewaktu' AND t.status = 'sent'
                         AND (t.bpjs_code IS NULL OR t.bpjs_code IN (200, 208))), '[]') AS sent
       FROM bpjs_antrean b JOIN appointments a ON a.no_reg = b.no_reg
      WHERE b.endpoint = 'add' AND b.status = 'sent' AND coalesce(b.payload->>'tanggalperiksa', a.tgl_janji::text) = $1
      ORDER BY b.kodebooking`,
    [tanggal],
  );
}

/** Whether a row of the day's kodebookings still waits to go: the day is compared once they are through. */
export async function dayPending(q: Queryable, tanggal: string): Promise<boolean> {
  const [row] = await q.query<{ pending: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM bpjs_antrean b JOIN appointments a ON a.no_reg = b.no_reg
                     WHERE b.status = 'waiting' AND a.tgl_janji = $1::date) AS pending`,
    [tanggal],
  );
  return row.pending;
}

/**
 * Claims the day's-end comparison of `tanggal` for this process: the first to ask, or one whose
 * claimant died (ten minutes without finishing). A day compared is not claimed again.
 */
export async function claimDay(q: Queryable, tanggal: string): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO bpjs_rekonsiliasi (tanggal) VALUES ($1::date)
     ON CONFLICT (tanggal) DO UPDATE SET started_at = now()
      WHERE bpjs_rekonsiliasi.finished_at IS NULL AND bpjs_rekonsiliasi.started_at < now() - interval '10 minutes'
     RETURNING tanggal`,
    [tanggal],
  );
  return rows.length > 0;
}

/** What differed for one kodebooking: task ids the outbox says BPJS took that it lacks, and ones it holds the outbox never sent. */
export interface Difference {
  kodebooking: string;
  kurang: number[];
  lebih: number[];
}

/** A day compared: kept (the staff's call may compare a day again, or one never claimed). */
export async function finishDay(q: Queryable, tanggal: string, bookings: number, differences: Difference[]): Promise<void> {
  await q.query(
    `INSERT INTO bpjs_rekonsiliasi (tanggal, finished_at, bookings, differences) VALUES ($1::date, now(), $2, $3)
     ON CONFLICT (tanggal) DO UPDATE SET finished_at = now(), bookings = $2, differences = $3`,
    [tanggal, bookings, JSON.stringify(differences)],
  );
}

/** The latest day compared, for /api/health: its date and how many kodebookings differed; null before the first. */
export async function latestReconciliation(q: Queryable): Promise<{ rekonsiliasi: string; selisih: number } | null> {
  const [row] = await q.query<{ rekonsiliasi: string; selisih: number }>(
    `SELECT to_char(tanggal, 'YYYY-MM-DD') AS rekonsiliasi, jsonb_array_length(coalesce(differences, '[]'))::int AS selisih
       FROM bpjs_rekonsiliasi WHERE finished_at IS NOT NULL ORDER BY tanggal DESC LIMIT 1`,
  );
  return row ?? null;
}

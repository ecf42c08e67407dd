// The BPJS Antrean outbox (migration 010, docs/bpjs.md). The queue* functions run inside the
// transaction of what they report (booking, check-in, call, done, pharmacy, cancel), so the
// report and the change commit together; the worker (bpjs/worker.ts) claims due rows with a
// lease and records each answer. A kodebooking's rows go out in order: a row is held while an
// earlier one of its kodebooking is waiting, unmapped or failed.
import type { BpjsRow, BpjsStatus } from '../../common/schemas/bpjs.ts';
import { type AddFacts, buildAdd, type Endpoint, pharmacyTask, seqOf, TASK, taskBefore, taskResep, UPDATE_JADWAL } from '../domain/bpjs-antrean.ts';
import { audit } from './audit.ts';
import { firstClinicOfPoli, jadwalPayload } from './bpjs-jadwal.ts';
import type { Db, Queryable } from './client.ts';
import { wibText } from './wib.ts';

/** What the booking needs to report to BPJS; null when the bridge is off. */
export interface BpjsReporting {
  /** The server's minutes per patient, for the estimate where the clinic has none of its own. */
  minutesPerPatient: number;
}

/** The same session of the day as the appointment `a`, in the clinic queue `x`. */
const SAME_SESSION = 'x.tgl_janji = a.tgl_janji AND x.kd_dr = a.kd_dr AND x.kd_dep = a.kd_dep AND (x.sts_jam IS NULL OR x.sts_jam = a.sts_jam)';

/** An appointment's facts as the add reports them, its codes mapped through the hospital's tables. */
export async function addFacts(q: Queryable, no_reg: string, kodebooking: string, minutesPerPatient: number): Promise<AddFacts | null> {
  const [row] = await q.query<AddFacts>(
    `SELECT $2::text AS kodebooking, a.nomr, a.carabayar, p.no_jaminan, p.no_ktp, a.hp, to_char(a.tgl_janji, 'YYYY-MM-DD') AS tgl_janji,
            a.kd_dep, a.kd_dr, bp.kodepoli, coalesce(bp.namapoli, c.ds_dep) AS namapoli,
            bd.kodedokter, coalesce(bd.namadokter, d.nama_dr_lengkap) AS namadokter,
            coalesce(ps.jam_dtg, s.jam_dtg) AS jam_dtg, coalesce(ps.jam_plg, s.jam_plg) AS jam_plg, a.no_urut,
            coalesce(ps.batas_quota, s.batas_quota) AS batas_quota, coalesce(ps.quota_terisi, 0) AS quota_terisi,
            EXISTS (SELECT 1 FROM visits v WHERE v.no_mr = a.nomr AND v.kd_dep = a.kd_dep AND v.jenis = 'poli' AND v.tgl_reg < a.tgl_janji) AS seen_before,
            (CASE WHEN EXISTS (SELECT 1 FROM clinic_queue x WHERE ${SAME_SESSION})
                  THEN (SELECT count(*) FROM clinic_queue x WHERE ${SAME_SESSION} AND x.no_urut < a.no_urut AND x.status = 'menunggu')
                  ELSE a.no_urut - 1 - (SELECT count(*) FROM appointments x WHERE x.schedule_id = a.schedule_id AND x.tgl_janji = a.tgl_janji
                                          AND x.no_urut < a.no_urut AND x.cancelled_at IS NOT NULL) END)::int AS ahead,
            coalesce((SELECT json_agg(floor(extract(epoch FROM x.called_at) * 1000)) FROM clinic_queue x
                       WHERE ${SAME_SESSION} AND x.called_at IS NOT NULL), '[]') AS calls,
            coalesce(c.menit_per_pasien, $3::int) AS minutes_per_patient, a.jeniskunjungan::int AS jeniskunjungan, a.nomorreferensi
       FROM appointments a JOIN patients p ON p.nomr = a.nomr JOIN clinics c ON c.kd_dep = a.kd_dep JOIN doctors d ON d.kd_dr = a.kd_dr
       JOIN practice_schedules s ON s.id = a.schedule_id
       LEFT JOIN practice_sessions ps ON ps.schedule_id = a.schedule_id AND ps.tgl = a.tgl_janji
       LEFT JOIN bpjs_poli bp ON bp.kd_dep = a.kd_dep LEFT JOIN bpjs_dokter bd ON bd.kd_dr = a.kd_dr
      WHERE a.no_reg = $1`,
    [no_reg, kodebooking, minutesPerPatient],
  );
  return row ? { ...row, calls: row.calls.map(Number) } : null;
}

/**
 * Reports a new (or moved) clinic appointment: an add under a kodebooking of its own, the
 * appointment's no_reg the first time and `no_reg-N` after N − 1 moves (BPJS never takes a
 * cancelled kodebooking back). An unmapped clinic or doctor is recorded as such, not sent.
 * `known`: BPJS has it already (booked in Mobile JKN): the row is written as sent, with this
 * reason, so the visit's task times and a cancel from the app follow it.
 */
export async function queueBpjsAdd(q: Queryable, no_reg: string, r: BpjsReporting, now = Date.now(), known: string | null = null): Promise<void> {
  const [{ n }] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM bpjs_antrean WHERE no_reg = $1 AND endpoint = 'add'`, [no_reg]);
  const kodebooking = n === 0 ? no_reg : `${no_reg}-${n + 1}`;
  const facts = await addFacts(q, no_reg, kodebooking, r.minutesPerPatient);
  if (!facts) return;
  const built = buildAdd(facts, now);
  await q.query(
    `INSERT INTO bpjs_antrean (no_reg, kodebooking, endpoint, seq, payload, kd_dep, kd_dr, status, reason, sent_at)
     VALUES ($1, $2, 'add', 0, $3, $4, $5, $6, $7, CASE WHEN $6 = 'sent' THEN now() END) ON CONFLICT DO NOTHING`,
    [
      no_reg,
      kodebooking,
      JSON.stringify(built.ok ? built.payload : { kodebooking }),
      facts.kd_dep,
      facts.kd_dr,
      known ? 'sent' : built.ok ? 'waiting' : built.status,
      known ?? (built.ok ? null : built.missing),
    ],
  );
}

/** The kodebooking an appointment is reported under now: its latest add, unless cancelled. */
const CURRENT = `(SELECT b.kodebooking FROM bpjs_antrean b WHERE b.no_reg = $1 AND b.endpoint = 'add'
                    AND NOT EXISTS (SELECT 1 FROM bpjs_antrean c WHERE c.kodebooking = b.kodebooking AND c.endpoint = 'batal')
                  ORDER BY b.id DESC LIMIT 1)`;

/**
 * Reports a service time of an appointment that was added (only those: the hospital's own system
 * reports the counter's). Each task once per kodebooking: a repeat keeps the first time.
 * `waktu` in epoch ms; null: the transaction's time (the moment of the change it reports).
 * A step whose predecessor was never reported brings it along, a second earlier (a patient called
 * who never checked in: task 3 at the call; a pharmacy straight to ready: 6 before 7), since BPJS
 * refuses a task without the one before it (domain/bpjs-antrean.ts, taskBefore); one already there keeps its
 * own time, and a task is never earlier than a second after the one before ("waktu Task Id yang
 * kecil lebih dulu daripada Task Id yang besar", the catalogue's note as ssecd/jkn src/antrean.ts
 * quotes it: a check-in time from another clock, a call within a second of the pharmacy's change).
 * `jenisresep` goes with the pharmacy's 6 and 7 (domain/bpjs-antrean.ts, taskResep).
 */
export async function queueBpjsTask(
  q: Queryable,
  no_reg: string,
  taskid: number,
  waktu: number | null = null,
  earlierMs = 0,
  jenisresep: string | null = null,
): Promise<void> {
  const before = taskBefore(taskid);
  if (before !== null) await queueBpjsTask(q, no_reg, before, waktu, earlierMs + 1000, before >= TASK.pharmacyStarts ? jenisresep : null);
  await q.query(bpjsTaskInsert(), bpjsTaskParams(no_reg, taskid, waktu, earlierMs, jenisresep));
}

/**
 * queueBpjsTask's INSERT of one task whose predecessor it need not bring (taskBefore null), to be
 * a part of the statement that makes the change it reports: written for each row of `changed`
 * (a CTE of that statement), none when it changed nothing. Parameters $1-$6: bpjsTaskParams.
 */
export const bpjsTaskInsert = (changed?: string): string =>
  `INSERT INTO bpjs_antrean (no_reg, kodebooking, endpoint, taskid, seq, payload)
     SELECT $1, k, 'updatewaktu', $2::smallint, $2::smallint,
            jsonb_build_object('kodebooking', k, 'taskid', $2::int, 'waktu',
                               greatest(coalesce($3::bigint, floor(extract(epoch FROM now()) * 1000)::bigint) - $4::bigint,
                                        (SELECT (p.payload->>'waktu')::bigint + 1000 FROM bpjs_antrean p
                                          WHERE p.kodebooking = k AND p.endpoint = 'updatewaktu' AND p.taskid = $6::smallint)))
            || CASE WHEN $5::text IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('jenisresep', $5::text) END
       FROM ${CURRENT} AS cur(k)${changed ? ` CROSS JOIN ${changed}` : ''} WHERE k IS NOT NULL
     ON CONFLICT DO NOTHING`;

export const bpjsTaskParams = (no_reg: string, taskid: number, waktu: number | null = null, earlierMs = 0, jenisresep: string | null = null) => [
  no_reg,
  taskid,
  waktu,
  earlierMs,
  jenisresep,
  taskBefore(taskid),
];

/**
 * Reports a cancel of an appointment that was added; `keterangan` the patient's reason. `known`:
 * BPJS has it already (cancelled in Mobile JKN): written as sent, with this reason.
 */
export async function queueBpjsCancel(q: Queryable, no_reg: string, keterangan: string, known: string | null = null): Promise<void> {
  await q.query(
    `INSERT INTO bpjs_antrean (no_reg, kodebooking, endpoint, seq, payload, status, reason, sent_at)
     SELECT $1, k, 'batal', ${seqOf('batal')}, jsonb_build_object('kodebooking', k, 'keterangan', $2::text),
            CASE WHEN $3::text IS NULL THEN 'waiting' ELSE 'sent' END, $3::text, CASE WHEN $3::text IS NOT NULL THEN now() END
       FROM ${CURRENT} AS cur(k) WHERE k IS NOT NULL
     ON CONFLICT DO NOTHING`,
    [no_reg, keterangan.slice(0, 200), known],
  );
}

/** A moved appointment: its old kodebooking cancelled, and (the bridge on) added again under a new one. */
export async function queueBpjsMove(q: Queryable, a: { no_reg: string; jenis: string }, r: BpjsReporting | null): Promise<void> {
  await queueBpjsCancel(q, a.no_reg, 'Jadwal diubah oleh pasien');
  if (r && a.jenis === 'poli') await queueBpjsAdd(q, a.no_reg, r);
}

/**
 * A pharmacy status change of a patient's day: task 6 or 7 of the clinic visit it follows, the
 * patient's reported appointment of that day that was done (or called) last. Its prescription is
 * added to BPJS's pharmacy queue (antrean/farmasi/add, with jenisresep) first, once.
 */
export async function queueBpjsPharmacy(
  q: Queryable,
  no_mr: string,
  tgl_layanan: string,
  status_obat: string,
  prescription: { no_antrian: string; jenisresep: 'racikan' | 'non racikan' } | null = null,
): Promise<void> {
  const taskid = pharmacyTask(status_obat);
  if (taskid === null) return;
  const [visit] = await q.query<{ no_reg: string }>(
    `SELECT a.no_reg FROM appointments a LEFT JOIN clinic_queue cq ON cq.no_reg = a.no_reg
      WHERE a.nomr = $1 AND a.tgl_janji = $2 AND a.cancelled_at IS NULL AND a.jenis = 'poli'
        AND EXISTS (SELECT 1 FROM bpjs_antrean b WHERE b.no_reg = a.no_reg)
      ORDER BY (cq.status = 'selesai') DESC NULLS LAST, cq.called_at DESC NULLS LAST, a.id DESC LIMIT 1`,
    [no_mr, tgl_layanan],
  );
  if (!visit) return;
  if (prescription) {
    // The clinic's 5 first (the visit ended by the time the pharmacy has its prescription), two
    // seconds back so the 6 a second back still follows it; then the add between 5 and 6 (seq 5,
    // after the 5 by id).
    await queueBpjsTask(q, visit.no_reg, TASK.done, null, 2000);
    // nomorantrean is a number (ssecd/jkn src/antrean.ts, tambahFarmasi: `nomorantrean: number`; the
    // catalogue's example sends 1): the digits the pharmacy's number ends with ('F-050': 50), else
    // its place among the day's numbers.
    await q.query(
      `INSERT INTO bpjs_antrean (no_reg, kodebooking, endpoint, seq, payload)
       SELECT $1, k, 'farmasi/add', ${seqOf('farmasi/add')},
              jsonb_build_object('kodebooking', k, 'jenisresep', $2::text, 'keterangan', $4::text, 'nomorantrean',
                coalesce(right(substring($3::text from '([0-9]+)[^0-9]*$'), 9)::int,
                         (SELECT count(*) FROM pharmacy_queue p WHERE p.tgl_layanan = $5::date AND p.no_antrian <= $3::text)::int))
         FROM ${CURRENT} AS cur(k) WHERE k IS NOT NULL
       ON CONFLICT DO NOTHING`,
      [visit.no_reg, prescription.jenisresep, prescription.no_antrian, 'Resep diproses di farmasi rawat jalan.', tgl_layanan],
    );
  }
  await queueBpjsTask(q, visit.no_reg, taskid, null, 0, prescription ? taskResep(prescription.jenisresep) : null);
}

/** A row claimed for sending. */
export interface Claimed {
  id: number;
  kodebooking: string;
  endpoint: Endpoint;
  payload: Record<string, unknown>;
  /** Attempts so far, this one included. */
  attempts: number;
}

/** A row that waits for an earlier one of its kodebooking (`b` the row, `e` the earlier). */
const HELD_BY = `e.kodebooking = b.kodebooking AND (e.seq, e.id) < (b.seq, b.id) AND e.status IN ('waiting', 'unmapped', 'failed', 'held')`;

const at = (ms: number) => new Date(ms).toISOString();

/**
 * Claims up to `limit` due rows for `leaseSeconds`, at `now` (epoch ms; tests move it). SKIP
 * LOCKED lets several processes claim at once; an earlier row of the kodebooking holds the later
 * ones back whoever holds it, so no two rows of one kodebooking are ever in flight.
 */
export function claimDueBpjs(db: Db, limit: number, leaseSeconds: number, now: number): Promise<Claimed[]> {
  return db.query<Claimed>(
    `WITH due AS (
       SELECT b.id FROM bpjs_antrean b
        WHERE b.status = 'waiting' AND b.next_attempt_at <= $3::timestamptz
          AND (b.locked_until IS NULL OR b.locked_until < $3::timestamptz)
          AND NOT EXISTS (SELECT 1 FROM bpjs_antrean e WHERE ${HELD_BY})
        ORDER BY b.next_attempt_at, b.id
        LIMIT $1
        FOR UPDATE SKIP LOCKED)
     UPDATE bpjs_antrean b SET locked_until = $3::timestamptz + $2 * interval '1 second', attempts = b.attempts + 1
       FROM due WHERE b.id = due.id
     RETURNING b.id::int AS id, b.kodebooking, b.endpoint, b.payload, b.attempts`,
    [limit, leaseSeconds, at(now)],
  );
}

/** BPJS has it: 200, or 208 and 'TaskId terakhir' (there already), kept with its code and words. */
export async function markBpjsSent(db: Db, id: number, message: string, code = 200): Promise<void> {
  await db.query(`UPDATE bpjs_antrean SET status = 'sent', sent_at = now(), locked_until = NULL, bpjs_code = $3, reason = $2 WHERE id = $1`, [
    id,
    message || null,
    code,
  ]);
}

/** BPJS said no: kept with its code and words, never sent again unless staff ask. */
export async function markBpjsRefused(db: Db, id: number, code: number | null, message: string): Promise<void> {
  await db.query(`UPDATE bpjs_antrean SET status = 'refused', locked_until = NULL, bpjs_code = $2, reason = $3 WHERE id = $1`, [id, code, message]);
}

/** No answer: due again at `retryAt` (epoch ms), or failed when that is null (the last attempt). */
export async function markBpjsRetry(db: Db, id: number, message: string, retryAt: number | null): Promise<void> {
  await db.query(
    `UPDATE bpjs_antrean SET status = $2, locked_until = NULL, reason = $3, next_attempt_at = coalesce($4::timestamptz, next_attempt_at) WHERE id = $1`,
    [id, retryAt === null ? 'failed' : 'waiting', message, retryAt === null ? null : at(retryAt)],
  );
}

const ROW = `b.id::int AS id, b.kodebooking, b.no_reg, b.endpoint, b.taskid::int AS taskid, b.status,
             coalesce(b.reason, (SELECT 'Menunggu baris ' || e.id || ' terkirim lebih dulu.' FROM bpjs_antrean e WHERE ${HELD_BY}
                                  ORDER BY e.seq, e.id LIMIT 1)) AS alasan,
             b.bpjs_code AS kode_bpjs, b.attempts AS percobaan, ${wibText('b.created_at')} AS dibuat, ${wibText('b.sent_at')} AS terkirim,
             CASE WHEN b.status = 'waiting' THEN ${wibText('b.next_attempt_at')} END AS dicoba, b.payload AS isi`;

/** The outbox, newest first; one status or all. */
export function listBpjs(q: Queryable, status: BpjsStatus | undefined, limit: number): Promise<BpjsRow[]> {
  return q.query<BpjsRow>(`SELECT ${ROW} FROM bpjs_antrean b WHERE ($1::text IS NULL OR b.status = $1) ORDER BY b.id DESC LIMIT $2`, [status ?? null, limit]);
}

export type RetryResult = { found: false } | { found: true; sent: true } | { found: true; sent: false; row: BpjsRow };

/**
 * Staff send one row again: due now with its attempts counted afresh. An unmapped add is built
 * again from the mapping tables as they are now, and stays unmapped while a code is missing.
 */
export function retryBpjs(db: Db, id: number, r: BpjsReporting): Promise<RetryResult> {
  return db.tx(async (q): Promise<RetryResult> => {
    const [row] = await q.query<{ no_reg: string; kodebooking: string; endpoint: Endpoint; status: BpjsStatus }>(
      'SELECT no_reg, kodebooking, endpoint, status FROM bpjs_antrean WHERE id = $1 FOR UPDATE',
      [id],
    );
    if (!row) return { found: false };
    if (row.status === 'sent') return { found: true, sent: true };
    let status: BpjsStatus = 'waiting';
    let reason: string | null = null;
    let payload: string | null = null;
    if (row.endpoint === 'add') {
      const facts = await addFacts(q, row.no_reg, row.kodebooking, r.minutesPerPatient);
      const built = facts ? buildAdd(facts, Date.now()) : null;
      if (built?.ok) payload = JSON.stringify(built.payload);
      else if (built) [status, reason] = [built.status, built.missing];
    }
    const schedule = row.endpoint === UPDATE_JADWAL ? /^jadwal\/([^/]+)\/(.+)$/.exec(row.no_reg) : null;
    if (schedule) {
      // The schedule as it is now, with the mapping tables as they are now.
      const built = await jadwalPayload(q, schedule[1], schedule[2]);
      if (built.ok) payload = JSON.stringify(built.payload);
      else [status, reason] = [built.status, built.missing];
    }
    await q.query(
      `UPDATE bpjs_antrean SET status = $2, reason = $3, payload = coalesce($4::jsonb, payload), attempts = 0, bpjs_code = NULL,
              next_attempt_at = now(), locked_until = NULL
        WHERE id = $1`,
      [id, status, reason, payload],
    );
    await audit(q, { action: 'bpjs.retry', outcome: status, actor: 'hospital-system', detail: `${id} ${row.endpoint} ${row.kodebooking} (was ${row.status})` });
    const [after] = await q.query<BpjsRow>(`SELECT ${ROW} FROM bpjs_antrean b WHERE b.id = $1`, [id]);
    return { found: true, sent: false, row: after };
  });
}

/**
 * A doctor's weekly clinic schedule changed (its hours, its quota, a session closed): HFIS's
 * updatejadwaldokter, in the change's transaction, under the key jadwal/{kd_dep}/{kd_dr}, kd_dep
 * the first clinic of those sharing the BPJS poli (db/bpjs-jadwal.ts), so a doctor's changes at
 * that poli reach BPJS in order whichever of its clinics changed. An unmapped clinic or doctor is
 * recorded as such, not sent.
 */
export async function queueBpjsJadwal(q: Queryable, kd_dep: string, kd_dr: string): Promise<'waiting' | 'unmapped'> {
  const first = await firstClinicOfPoli(q, kd_dep);
  const key = `jadwal/${first}/${kd_dr}`;
  const built = await jadwalPayload(q, first, kd_dr);
  await q.query(
    `INSERT INTO bpjs_antrean (no_reg, kodebooking, endpoint, seq, payload, kd_dep, kd_dr, status, reason) VALUES ($1, $1, $2, 0, $3, $4, $5, $6, $7)`,
    [key, UPDATE_JADWAL, JSON.stringify(built.ok ? built.payload : {}), kd_dep, kd_dr, built.ok ? 'waiting' : built.status, built.ok ? null : built.missing],
  );
  return built.ok ? 'waiting' : built.status;
}

// A visit day compared with what BPJS holds (docs/bpjs.md, "After the day"): for each kodebooking
// of the day that BPJS took, antrean/getlisttask {kodebooking} answers the task times BPJS has
// (catalogue: "Melihat waktu task id yang telah dikirim ke BPJS", a list of {wakturs, waktu,
// taskname, taskid, kodebooking}: ssecd/jkn src/antrean.ts, listTaskId; public code reads the
// decrypted answer as that bare list, rsaisyiyahmuntilancoid/antrol app/Services/MobileJknService.php,
// getListTask, and the catalogue's example wraps it in { list }: both are read). What BPJS has
// should be what the outbox says was sent; a difference is logged (kodebooking and task ids only,
// never a card number or NIK) and kept for /api/health.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { claimDay, type Difference, dayPending, finishDay, reportedOfDay } from '../db/bpjs-days.ts';
import type { BpjsSend } from './client.ts';
import { GET_LIST_TASK } from '../domain/bpjs-antrean.ts';

/** The task ids of a getlisttask answer (decrypted): a list, or { list }; null when it is neither. */
export function taskIdsOf(response: string | null): number[] | null {
  let body: unknown;
  try {
    body = response ? JSON.parse(response) : [];
  } catch {
    return null;
  }
  const list = Array.isArray(body) ? body : (body as { list?: unknown } | null)?.list;
  if (!Array.isArray(list)) return null;
  return [...new Set(list.map((t) => Number((t as { taskid?: unknown })?.taskid)).filter(Number.isInteger))].sort((a, b) => a - b);
}

export type DayResult = { ok: true; tanggal: string; diperiksa: number; selisih: Difference[] } | { ok: false; message: string };

type Log = Pick<FastifyBaseLogger, 'warn'>;

/** Compares `tanggal` now (the claim is the caller's); a BPJS that does not answer ends it unfinished. */
export async function compareDay(db: Db, send: BpjsSend, tanggal: string, log?: Log): Promise<DayResult> {
  const reported = await reportedOfDay(db, tanggal);
  const selisih: Difference[] = [];
  for (const { kodebooking, sent } of reported) {
    const outcome = await send(GET_LIST_TASK, { kodebooking });
    let held: number[] | null;
    if (outcome.kind === 'sent') held = taskIdsOf(outcome.response);
    // BPJS holds no task of it: '… tidak ditemukan'.
    else if (outcome.kind === 'refused' && outcome.code === 201 && /tidak ditemukan|tidak ada/i.test(outcome.message)) held = [];
    else return { ok: false, message: `antrean/getlisttask ${kodebooking}: ${outcome.message}` };
    if (!held) return { ok: false, message: `antrean/getlisttask ${kodebooking}: jawaban BPJS tidak dapat dibaca.` };
    const kurang = sent.filter((t) => !held.includes(t));
    const lebih = held.filter((t) => !sent.includes(t));
    if (!kurang.length && !lebih.length) continue;
    selisih.push({ kodebooking, kurang, lebih });
    log?.warn({ tanggal, kodebooking, kurang, lebih }, 'BPJS holds other task times than the outbox sent');
  }
  await finishDay(db, tanggal, reported.length, selisih);
  return { ok: true, tanggal, diperiksa: reported.length, selisih };
}

/**
 * The day's-end comparison of `tanggal` by whichever process claims it first, once none of the
 * day's rows still waits (the 99s of the day's end go first); null when it is not this one's to do.
 */
export async function reconcileDay(db: Db, send: BpjsSend, tanggal: string, log?: Log): Promise<DayResult | null> {
  if (await dayPending(db, tanggal)) return null;
  if (!(await claimDay(db, tanggal))) return null;
  const result = await compareDay(db, send, tanggal, log);
  if (!result.ok) log?.warn({ tanggal, detail: result.message }, 'BPJS day not compared');
  return result;
}

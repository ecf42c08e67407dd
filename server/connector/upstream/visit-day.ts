// The visit day from the hospital's queue answers (SIMRS=upstream, docs/integration.md "The visit
// day's pushes"): antrian/poli read at most once per UPSTREAM_QUEUE_POLL_SECONDS per patient, one
// read of a doctor's session serving every phone waiting in it; the patient's queue entries as the
// app shows them, and 'Nomor antrian Anda dipanggil' and 'Antrian Anda tinggal N lagi' pushed once
// per visit across processes.
import { todayWib } from '../../../common/dates.ts';
import type { QueueStatus } from '../../../common/schemas/patient.ts';
import type { UpstreamConfig } from '../../config/upstream.ts';
import type { Db } from '../../db/client.ts';
import { claimQueueNotice, dropOldQueueNotices, type QueueNoticeKind } from '../../db/upstream-queue.ts';
import type { QueueRow } from '../hospital-connector.ts';
import { deliver } from '../../db/deliver.ts';
import { calledNotice, nearNotice } from '../../notify/notices.ts';
import { int, nstr, type Obj, str } from './answers.ts';
import type { PatientCalls } from './calls.ts';
import { API } from '../../../common/paths.ts';

/** A patient's own queue entry is reused for at most this many polls while others of their sessions keep them fresh. */
const SHARED_POLLS = 4;
const QUEUE_STATUS = new Set<QueueStatus>(['menunggu', 'dipanggil', 'dilewati', 'selesai', 'batal']);

interface VisitDay {
  /** The patient's entries in today's clinic queues (HospitalReads.clinicQueue). */
  clinicQueue(nomr: string, today: string): Promise<QueueRow[]>;
  /** The patient's last queue answer goes (their sessions ended). */
  forget(nomr: string): void;
}

/** `nearThreshold`: QUEUE_NEAR_THRESHOLD, for 'Antrian Anda tinggal N lagi'. */
export function upstreamVisitDay(config: UpstreamConfig, db: Db, calls: PatientCalls, nearThreshold: number): VisitDay {
  /** Each patient's last queue answer from the hospital, and when it was read. */
  const queues = new Map<string, { items: Obj[]; at: number }>();
  /** Each doctor's session of a day: when any of its patients' reads last saw it, and the number it called. */
  const sessions = new Map<string, { at: number; no: number | null }>();
  const sessionOf = (i: Obj) => `${str(i.tgl_janji).slice(0, 10)}|${str(i.dokter)}|${str(i.ds_dep)}`;
  /** The visit day's notices this process has seen claimed (by any process): no need to ask the database again. */
  const noticed = new Set<string>();
  /** The day (WIB) the maps above are of: a new day clears the sessions and notices of the last. */
  let day = '';

  /** A new day (WIB): the past days' sessions and notices go, here and, once a day, in the database. */
  async function turnDay(now: number): Promise<string> {
    const today = todayWib(now);
    if (today === day) return today;
    day = today;
    for (const k of sessions.keys()) if (!k.startsWith(`${today}|`)) sessions.delete(k);
    noticed.clear();
    await dropOldQueueNotices(db);
    return today;
  }

  /**
   * The visit day's pushes from a read of the hospital's queue (docs/integration.md "SIMRS=upstream"):
   * 'Nomor antrian Anda dipanggil' when the reader's entry is called, or the number called in a
   * session is another patient's who waits in it (their entry from their last read); 'Antrian Anda
   * tinggal N lagi' when the reader's entry carries sisa_antrian within QUEUE_NEAR_THRESHOLD. Each
   * once per visit, across processes. §7's items carry none of status, no_dipanggil and
   * sisa_antrian unless the hospital adds them: then none is sent.
   */
  async function queueNotices(reader: string, items: Obj[], at: number, today: string): Promise<void> {
    const due: Array<{ nomr: string; i: Obj; kind: QueueNoticeKind; ahead: number }> = [];
    for (const i of items) {
      if (str(i.tgl_janji).slice(0, 10) !== today) continue;
      const no = int(i.no_urut);
      const calledNo = sessions.get(sessionOf(i))?.no ?? null;
      if (i.status === 'dipanggil' || (no !== null && calledNo === no)) due.push({ nomr: reader, i, kind: 'dipanggil', ahead: 0 });
      const ahead = int(i.sisa_antrian);
      const waiting = i.status === undefined || i.status === 'menunggu';
      if (waiting && ahead !== null && ahead >= 1 && ahead <= nearThreshold) due.push({ nomr: reader, i, kind: 'hampir', ahead });
    }
    // The number this read saw called in a session reaches the other patients waiting in it.
    for (const [other, theirs] of queues) {
      if (other === reader) continue;
      for (const i of theirs.items) {
        const s = sessions.get(sessionOf(i));
        if (s?.at === at && s.no !== null && s.no === int(i.no_urut) && str(i.tgl_janji).slice(0, 10) === today && i.status !== 'selesai')
          due.push({ nomr: other, i, kind: 'dipanggil', ahead: 0 });
      }
    }
    for (const { nomr, i, kind, ahead } of due) {
      const visitKey = str(i.no_reg) || `${sessionOf(i)}|${str(i.no_urut)}`;
      const seen = `${nomr}|${visitKey}|${kind}`;
      if (noticed.has(seen)) continue;
      const entry = { no_mr: nomr, no_urut: int(i.no_urut) ?? 0, ds_dep: str(i.ds_dep) };
      const n = kind === 'dipanggil' ? calledNotice(entry) : nearNotice({ ...entry, ahead });
      await db.tx(async (q) => (await claimQueueNotice(q, visitKey, kind, n.nomr)) && deliver(q, n));
      noticed.add(seen);
    }
  }

  /**
   * The patient's queue answer, read from the hospital at most once per UPSTREAM_QUEUE_POLL_SECONDS;
   * and not even then while another patient of each of their doctors' sessions has read it within
   * the poll (what changes for all, the number called, comes from that read), for up to
   * SHARED_POLLS polls: one read per poll serves every phone waiting in a session.
   */
  function queueItems(nomr: string): Promise<Obj[]> {
    const now = Date.now();
    const poll = config.cache.queueMs;
    const mine = queues.get(nomr);
    if (mine && now - mine.at < poll) return Promise.resolve(mine.items);
    const shared = mine?.items.length && now - mine.at < SHARED_POLLS * poll && mine.items.every((i) => now - (sessions.get(sessionOf(i))?.at ?? 0) < poll);
    if (mine && shared) return Promise.resolve(mine.items);
    return calls.reuse.get(`queue|${nomr}`, 0, async () => {
      const items = await calls.ownList(API.clinicQueue, nomr);
      const at = Date.now();
      const today = await turnDay(at);
      if (queues.size > 10_000) for (const [k, v] of queues) if (at - v.at > SHARED_POLLS * poll) queues.delete(k);
      if (sessions.size > 10_000) for (const [k, v] of sessions) if (at - v.at > SHARED_POLLS * poll) sessions.delete(k);
      queues.set(nomr, { items, at });
      for (const i of items) sessions.set(sessionOf(i), { at, no: int(i.no_dipanggil) ?? sessions.get(sessionOf(i))?.no ?? null });
      await queueNotices(nomr, items, at, today);
      return items;
    });
  }

  async function clinicQueue(nomr: string, today: string): Promise<QueueRow[]> {
    const items = await queueItems(nomr);
    return items
      .filter((i) => str(i.tgl_janji).slice(0, 10) === today)
      .map((i): QueueRow => {
        const tgl_janji = str(i.tgl_janji).slice(0, 10);
        const status = QUEUE_STATUS.has(i.status as QueueStatus) ? (i.status as QueueStatus) : 'menunggu';
        // The number called in the doctor's session: from whichever of its patients' reads was last.
        const session = sessions.get(sessionOf(i));
        return {
          no_urut: int(i.no_urut) ?? 0,
          no_reg: str(i.no_reg),
          tgl_janji,
          kd_dr: str(i.kd_dr),
          kd_dep: str(i.kd_dep),
          sts_jam: nstr(i.sts_jam),
          dokter: str(i.dokter),
          ds_dep: str(i.ds_dep),
          ruang: nstr(i.ruang),
          // Only what the hospital's API gives: absent there, absent here.
          ...(i.lantai === undefined ? {} : { lantai: nstr(i.lantai) }),
          no_mr: str(i.no_mr) || nomr,
          nama_pas: str(i.nama_pas),
          status,
          no_dipanggil: session?.no ?? int(i.no_dipanggil),
          // Check-in stays at the hospital's counter: no check-in from the phone is offered.
          checkin: null,
          ahead: int(i.sisa_antrian),
          calls: [],
          // Unknown hours: no check-in window and no estimate are made up.
          jam_dtg: null,
          jam_plg: null,
          menit_per_pasien: null,
        };
      });
  }

  return {
    clinicQueue,
    forget: (nomr) => {
      queues.delete(nomr);
    },
  };
}

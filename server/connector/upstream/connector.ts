// SIMRS=upstream: the connector contract answered by the hospital's own API of docs/product.md §7
// and its login service (docs/integration.md "SIMRS=upstream"). A login is decided there; the
// hospital's token stays on the server, never on the phone: sealed in the database with the session
// it belongs to, so any process reads with it (seal.ts, docs/decisions.md "Upstream mode"); every
// read goes there on the patient's behalf with exactly
// the parameters and formats of §7. A booking and a registration are handed over as sent, and the
// hospital's answer is the patient's (contract.ts, HospitalRelay).
import { createHash } from 'node:crypto';
import { todayWib, toQuotaDate, weekdayName } from '../../../common/dates.ts';
import type { NewPatient } from '../../../common/schemas/auth.ts';
import type { BookingRequest } from '../../../common/schemas/booking.ts';
import type { Static, TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import type * as C from '../../../common/schemas/index.ts';
import * as S from '../../../common/schemas/records.ts';
import type { QueueStatus } from '../../../common/schemas/patient.ts';
import type { UpstreamConfig } from '../../config/upstream.ts';
import type { Db } from '../../db/client.ts';
import type { Queryable } from '../../db/client.ts';
import { endAllSessions, hashToken } from '../../db/sessions.ts';
import { claimQueueNotice, dropOldQueueNotices, type QueueNoticeKind } from '../../db/upstream-queue.ts';
import { dropEndedSealed, dropSealed, keepSealed, newestSealed } from '../../db/upstream-tokens.ts';
import type { QueueRow } from '../../db/visit.ts';
import type { BookingOutcome, BookingStore } from '../../domain/booking.ts';
import type { PatientIdentity } from '../../domain/fhir.ts';
import type { ManageStore, UpcomingRow } from '../../domain/manage.ts';
import { dueReminders, type ReminderPolicy } from '../../domain/reminders.ts';
import { type PlannedReminder, planUpstreamReminders } from '../../db/upstream-reminders.ts';
import { calledNotification, nearNotification } from '../../domain/queues.ts';
import { HttpError, MSG } from '../../errors.ts';
import type { HospitalConnector } from '../contract.ts';
import { type Held, seal, unseal } from './seal.ts';
import { isTrue, Reuse, UPSTREAM_MSG, type UpstreamAnswer, type UpstreamClient, UpstreamUnavailable, upstreamClient } from './client.ts';

/** A repeated booking or registration (the same body from the same patient) within this long is the same tap. */
const REPEAT_MS = 2 * 60_000;
/** The penunjang answer serves two reads of one request (lab results, poli history). */
const SUPPORTING_MS = 5_000;
/** How often a login sweeps the sealed tokens of ended sessions (relay.keep). */
const SWEEP_MS = 60 * 60_000;
/** A patient's own queue entry is reused for at most this many polls while others of their sessions keep them fresh. */
const SHARED_POLLS = 4;
/** /api/health asks the hospital at most this often. */
const HEALTH_MS = 5_000;

/** A login's token waits this long at most for its session to be made (the same request). */
const PENDING_MS = 60_000;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const nstr = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null);
const int = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?[0-9]+$/.test(v.trim()) ? Number(v) : Number.NaN;
  return Number.isInteger(n) ? n : null;
};
/** The list under data of a §7 answer; a status false, or no list, is an empty one. */
const listOf = (body: unknown): Obj[] => (isObj(body) && isTrue(body.status) && Array.isArray(body.data) ? body.data.filter(isObj) : []);
const dataOf = (body: unknown): Obj | null => (isObj(body) && isTrue(body.status) && isObj(body.data) ? body.data : null);
const QUEUE_STATUS = new Set<QueueStatus>(['menunggu', 'dipanggil', 'dilewati', 'selesai', 'batal']);
/**
 * The histories as the hospital answers them, in §7's field names, each row checked against this
 * API's schema of it: a row that does not match (a field missing, a wrong type) is left out rather
 * than handed to the app and the record export.
 */
const checkers = new Map<TSchema, { Check: (v: unknown) => boolean }>();
function rowsOf<T extends TSchema>(schema: T, rows: Obj[]): Static<T>[] {
  const check = checkers.get(schema) ?? Compile(schema);
  checkers.set(schema, check);
  return rows.filter((r) => check.Check(r)) as Static<T>[];
}
const sha = (v: unknown) => createHash('sha256').update(JSON.stringify(v)).digest('base64url');

/**
 * `reminders`: when the reminders of the hospital's appointments go out (REMINDER_EVENING_AT,
 * REMINDER_HOURS_BEFORE); `visit.nearThreshold`: QUEUE_NEAR_THRESHOLD, for 'Antrian Anda tinggal N lagi'.
 */
export function upstreamConnector(
  config: UpstreamConfig,
  db: Db,
  reminders: ReminderPolicy | null = null,
  visit: { nearThreshold: number; idleMinutes?: number } = { nearThreshold: 3 },
  client: UpstreamClient = upstreamClient(config),
): HospitalConnector {
  /** The token of a login just decided, until the login's session is made and keeps it (relay.keep). */
  const pending = new Map<string, { held: Held; at: number }>();
  /** SESSION_IDLE_MINUTES: a session unused this long has ended, and its sealed token with it. */
  const idle = visit.idleMinutes ?? 7 * 24 * 60;
  let swept = 0;
  const reuse = new Reuse();
  /** Bookings and registrations by their body's hash: a repeat within REPEAT_MS gets the first answer. */
  const taps = new Map<string, { until: number; answer: Promise<unknown> }>();
  let health: { at: number; ok: Promise<boolean> } | null = null;
  /** Doctors' names by code, from this hospital's schedules read (the photo card). */
  const doctorNames = new Map<string, string>();

  /** The hospital's token the patient's sessions hold (any process's login), or null when none is held. */
  async function heldOf(nomr: string): Promise<Held | null> {
    const sealed = await newestSealed(db, nomr, idle);
    return sealed ? unseal(config.tokenKey, nomr, sealed) : null;
  }

  /** The patient's token ended at the hospital (or none is held): our sessions of the patient end too. */
  async function ended(nomr: string, token: string | null): Promise<never> {
    // A newer login (through any process) since this call began keeps its sessions.
    if (token === null || (await heldOf(nomr))?.token === token) {
      await db.tx(async (q) => {
        await dropSealed(q, nomr, idle, true);
        await endAllSessions(q, nomr);
      });
      queues.delete(nomr);
    }
    throw new HttpError(401, MSG.unauthorized);
  }

  /** `given`: the token to read with (a login's, before its session keeps it); otherwise the patient's sessions'. */
  async function get(path: string, query: Record<string, string>, nomr: string | null, given?: Held): Promise<UpstreamAnswer> {
    const h = nomr === null ? null : (given ?? (await heldOf(nomr)));
    if (nomr !== null && !h) return ended(nomr, null);
    const url = `${config.apiUrl}${path}?${new URLSearchParams(query)}`;
    const answer = await client.call({ method: 'GET', url, token: h?.token });
    if (answer.status === 401 && nomr !== null && h) return ended(nomr, h.token);
    if (answer.status === 403) throw new HttpError(403, UPSTREAM_MSG.refused);
    if (answer.status >= 400 && answer.status !== 404) throw new UpstreamUnavailable(true);
    return answer;
  }

  /** A read of the patient's own, with the §7 query (nomr, and tgllahir where §7 sends it). */
  function own(path: string, nomr: string, withBirthDate: boolean, given?: Held): Promise<UpstreamAnswer> {
    const read = async () => {
      const h = given ?? (await heldOf(nomr));
      if (!h) return ended(nomr, null);
      return get(path, withBirthDate ? { nomr, tgllahir: h.tgllahir } : { nomr }, nomr, h);
    };
    if (given) return read();
    // Calls of the same patient and path under way at once share one (the home screen and its live stream).
    return reuse.get(`own|${nomr}|${path}`, 0, read);
  }
  const ownList = async (path: string, nomr: string, withBirthDate = true) => listOf((await own(path, nomr, withBirthDate)).body);

  /** Any signed-in patient's token reads what is everyone's (clinics, doctors, quota): the caller's. */
  const shared = (key: string, ttl: number, path: string, query: Record<string, string>, nomr: string | null) =>
    reuse.get(key, ttl, async () => (await get(path, query, nomr)).body);

  /** The profile as the hospital answers it (a login copies it into this API's patients). */
  async function profileOf(nomr: string, given?: Held): Promise<C.Profile | null> {
    const h = given ?? (await heldOf(nomr));
    if (!h) return ended(nomr, null);
    const d = dataOf((await own('/api/patient/profil/pasien', nomr, true, given)).body);
    if (!d) return null;
    return {
      nomr: str(d.nomr) || nomr,
      nama: str(d.nama),
      jenis_kelamin: str(d.jenis_kelamin),
      tgl_lahir: str(d.tgl_lahir).slice(0, 10) || h.tgllahir,
      pastipe: str(d.pastipe),
      alamat: str(d.alamat),
      no_jaminan: nstr(d.no_jaminan),
    };
  }

  async function book(nomr: string, req: BookingRequest): Promise<BookingOutcome> {
    const h = await heldOf(nomr);
    if (!h) return ended(nomr, null);
    // Exactly the body of docs/product.md §7.
    const body = {
      nomr,
      tgl_janji: req.tgl_janji,
      sts_ue: req.sts_ue ?? '',
      tgl_lahir: h.tgllahir,
      kd_dep: req.kd_dep,
      kd_dr: req.kd_dr,
      sts_jam: req.sts_jam,
      carabayar: req.carabayar,
      hp: req.hp,
    };
    return once(
      `book|${sha(body)}`,
      (outcome) => outcome.ok,
      async () => {
        let answer: UpstreamAnswer;
        try {
          answer = await client.call({ method: 'POST', url: `${config.apiUrl}/api/patient/simpan/janji`, token: h.token, body });
        } catch (err) {
          // It may have been booked without the answer arriving: say so rather than "nothing saved".
          if (err instanceof UpstreamUnavailable && err.sent) throw new UpstreamUnavailable(true, UPSTREAM_MSG.bookingUnknown);
          throw err;
        } finally {
          // Whatever the answer, that day's quota may have changed.
          reuse.drop(`quota|${req.kd_dep}|`);
        }
        if (answer.status === 401) return ended(nomr, h.token);
        // Refused outright, not unanswered: nothing was booked.
        if (answer.status === 403) throw new HttpError(403, UPSTREAM_MSG.refused);
        if (answer.status >= 400 || !isObj(answer.body)) throw new UpstreamUnavailable(true, UPSTREAM_MSG.bookingUnknown);
        const b = answer.body;
        if (!isTrue(b.status)) return { ok: false, message: str(b.message) || 'Gagal Buat Perjanjian !' };
        const d = isObj(b.data) ? b.data : {};
        const result: C.BookingResult = {
          message: str(d.message) || str(b.message) || 'Perjanjian berhasil dibuat.',
          // §7's client reads only data.message: a hospital that numbers nothing here answers 0.
          no_urut: int(d.no_urut) ?? 0,
          tgl_janji: /^\d{4}-\d{2}-\d{2}$/.test(str(d.tgl_janji)) ? str(d.tgl_janji) : req.tgl_janji,
        };
        if (nstr(d.no_reg)) result.no_reg = str(d.no_reg);
        return { ok: true, result };
      },
    );
  }

  /**
   * One call for a tap: the same key within REPEAT_MS answers the first call's answer, while it
   * runs and after. Kept are only what a second call could make twice: a success (`kept`), and a
   * call that may have reached the hospital without its answer arriving (a time-out). A refusal, or
   * a call that reached no one, is forgotten once answered: a retry asks again (a seat may have been
   * freed meanwhile).
   */
  function once<T>(key: string, kept: (answer: T) => boolean, run: () => Promise<T>): Promise<T> {
    const now = Date.now();
    for (const [k, v] of taps) if (v.until <= now) taps.delete(k);
    const seen = taps.get(key);
    if (seen) return seen.answer as Promise<T>;
    const answer = run();
    const entry = { until: now + REPEAT_MS, answer: answer as Promise<unknown> };
    taps.set(key, entry);
    answer.then(
      (value) => {
        if (!kept(value) && taps.get(key) === entry) taps.delete(key);
      },
      (err) => {
        if (!(err instanceof UpstreamUnavailable && err.sent) && taps.get(key) === entry) taps.delete(key);
      },
    );
    return answer;
  }

  async function register(p: NewPatient): Promise<{ status: boolean; message: string }> {
    const body = {
      nama: p.nama,
      no_ktp: p.no_ktp,
      tempat_lahir: p.tempat_lahir,
      tgl_lahir: p.tgl_lahir,
      telp_hp: p.telp_hp,
      email: p.email,
      pekerjaan: p.pekerjaan,
    };
    return once(
      `register|${sha(body)}`,
      (answer) => answer.status,
      async () => {
        const answer = await client.call({ method: 'POST', url: `${config.apiUrl}/api/patient/simpan/pasien/baru`, body });
        if (answer.status === 403) throw new HttpError(403, UPSTREAM_MSG.refused);
        if (answer.status >= 400 || !isObj(answer.body)) throw new UpstreamUnavailable(true);
        return { status: isTrue(answer.body.status), message: str(answer.body.message) };
      },
    );
  }

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
      if (waiting && ahead !== null && ahead >= 1 && ahead <= visit.nearThreshold) due.push({ nomr: reader, i, kind: 'hampir', ahead });
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
      const n = kind === 'dipanggil' ? calledNotification(entry) : nearNotification({ ...entry, ahead });
      await db.tx((q) => claimQueueNotice(q, visitKey, kind, n));
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
    return reuse.get(`queue|${nomr}`, 0, async () => {
      const items = await ownList('/api/patient/antrian/poli', nomr);
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

  const notOffered = async (): Promise<never> => {
    throw new HttpError(404, MSG.notFound);
  };
  const noStore: BookingStore = { session: notOffered, transaction: notOffered };
  const noManage = { ...noStore, lastBpjsAppointment: notOffered } as unknown as ManageStore;

  return {
    kind: 'upstream',
    async health() {
      const now = Date.now();
      if (!health || now - health.at > HEALTH_MS) {
        // Any answer at all (a 401 without a token included) is an API that answers.
        const probe = (base: string) =>
          client.call({ method: 'GET', url: `${base}/api/patient/kddep` }).then(
            () => true,
            () => false,
          );
        const ok = Promise.all([probe(config.apiUrl), config.loginUrl === config.apiUrl ? true : probe(config.loginUrl)]).then(([a, b]) => a && b);
        health = { at: now, ok };
      }
      return { name: 'upstream', ok: await health.ok };
    },
    close: async () => undefined,

    relay: {
      book,
      register,
      resumable: async (nomr) => (await heldOf(nomr)) !== null,
      keep: async (q: Queryable, nomr: string, session: string) => {
        // A login's own token; a passkey's session takes the one the patient's sessions hold.
        const p = pending.get(nomr);
        pending.delete(nomr);
        const sealed = p && Date.now() - p.at < PENDING_MS ? seal(config.tokenKey, nomr, p.held) : await newestSealed(q, nomr, idle);
        if (sealed) await keepSealed(q, nomr, hashToken(session), sealed);
        // Sessions end by idling or expiring too, with no call of theirs: at most hourly, a login
        // sweeps every patient's rows of ended sessions, so no sealed token outlives its session long.
        if (Date.now() - swept > SWEEP_MS) {
          swept = Date.now();
          await dropEndedSealed(q, idle);
        }
      },
      forget: async (q: Queryable, nomr: string) => {
        await dropSealed(q, nomr, idle);
        if (!(await newestSealed(q, nomr, idle))) queues.delete(nomr);
      },
      queuePollMs: config.cache.queueMs,
    },

    async patientByBirthDate(nomr, birthdate) {
      const answer = await client.call({
        method: 'POST',
        url: `${config.loginUrl}/api/auth/proxy-login`,
        // The phone's push registration is this server's: the hospital gets none.
        body: { medical_record_number: nomr, birthdate, fcmtoken: '' },
      });
      const token = isObj(answer.body) && isObj(answer.body.token) ? answer.body.token.access_token : undefined;
      if (answer.status >= 400 || typeof token !== 'string' || !token) return null;
      // Kept once the login's session is made (relay.keep); the patient's other sessions then go on
      // with it too (the hospital may have ended the older). A failed profile read keeps the older.
      const given = { token, tgllahir: birthdate };
      const p = await profileOf(nomr, given);
      if (!p) return null;
      const now = Date.now();
      for (const [k, v] of pending) if (now - v.at >= PENDING_MS) pending.delete(k);
      pending.set(nomr, { held: given, at: now });
      // This API's copy of the patient, which its sessions, passkeys, family and push refer to.
      await db.query(
        `INSERT INTO patients (nomr, nama, jenis_kelamin, tgl_lahir, pastipe, alamat, no_jaminan) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (nomr) DO UPDATE SET nama = EXCLUDED.nama, jenis_kelamin = EXCLUDED.jenis_kelamin, tgl_lahir = EXCLUDED.tgl_lahir,
           pastipe = EXCLUDED.pastipe, alamat = EXCLUDED.alamat, no_jaminan = EXCLUDED.no_jaminan`,
        [nomr, p.nama, /^p/i.test(p.jenis_kelamin) ? 'P' : 'L', birthdate, p.pastipe, p.alamat, p.no_jaminan],
      );
      return nomr;
    },
    async patientIdentity(nomr): Promise<PatientIdentity | null> {
      const p = await profileOf(nomr);
      if (!p) return null;
      return {
        nomr: p.nomr,
        nama: p.nama,
        jenis_kelamin: /^p/i.test(p.jenis_kelamin) ? 'P' : 'L',
        tgl_lahir: p.tgl_lahir,
        alamat: p.alamat || null,
        telp_hp: null,
        no_ktp: null,
      };
    },
    profile: profileOf,

    async clinics(nomr?: string) {
      const body = await shared('kddep', config.cache.listsMs, '/api/patient/kddep', { nomr: nomr ?? '' }, nomr ?? null);
      return listOf(body).map((c) => ({ kd_dep: str(c.kd_dep), ds_dep: str(c.ds_dep) }));
    },
    async doctorSchedules(spesialis, nomr?: string) {
      const body = await shared(`dokter|${spesialis}`, config.cache.listsMs, '/api/patient/jadwal/dokter', { spesialis }, nomr ?? null);
      const doctors = listOf(body);
      for (const d of doctors) if (str(d.kd_dr) && str(d.nama_dr_lengkap)) doctorNames.set(str(d.kd_dr), str(d.nama_dr_lengkap));
      return doctors.map((d) => ({
        nama_dr_lengkap: str(d.nama_dr_lengkap),
        kd_dr: str(d.kd_dr),
        // The photo through this server (/foto-dokter): the phone never fetches from the hospital's API.
        foto: `/foto-dokter/${encodeURIComponent(str(d.kd_dr))}.svg`,
        jadwal: (Array.isArray(d.jadwal) ? d.jadwal.filter(isObj) : []).map((j) => ({
          hari: str(j.hari),
          jam_dtg: str(j.jam_dtg),
          jam_plg: str(j.jam_plg),
          kd_dep: str(j.kd_dep),
          ds_dep: str(j.ds_dep),
        })),
      }));
    },
    async doctorPhoto(kd_dr) {
      // The names the doctors' schedules read lately gave: the API draws the card.
      const name = doctorNames.get(kd_dr);
      return name ? { kind: 'name', name } : null;
    },
    async quotaSlots(kdDep, kdDr, date, jenis, nomr?: string) {
      // The hospital's API of §7 has no online consultation sessions.
      if (jenis !== 'poli') return [];
      // Exactly as §7 asks: tgl_janji MM/DD/YY and hari the Indonesian weekday.
      const query = { kd_dr: kdDr, kd_dep: kdDep, tgl_janji: toQuotaDate(date), hari: weekdayName(date) };
      const body = await shared(`quota|${kdDep}|${date}|${kdDr}`, config.cache.quotaMs, '/api/patient/list/quota', query, nomr ?? null);
      return listOf(body)
        .filter((s) => int(s.kode) !== 301)
        .map((s) => ({
          kode: int(s.kode) ?? 200,
          nama_dr: str(s.nama_dr),
          kd_dr: str(s.kd_dr),
          jam_dtg: str(s.jam_dtg),
          jam_plg: str(s.jam_plg),
          batas_quota: int(s.batas_quota) ?? 0,
          quota_terisi: int(s.quota_terisi) ?? 0,
          sts_jam: str(s.sts_jam),
          sts_ue: str(s.sts_ue),
        }));
    },

    async lastBpjsAppointment(nomr) {
      const d = dataOf((await own('/api/patient/perjanjian/terakhir', nomr, false)).body);
      const t = str(d?.tgl_janji).slice(0, 10);
      return /^\d{4}-\d{2}-\d{2}$/.test(t) ? t : null;
    },
    async upcomingAppointments(nomr): Promise<UpcomingRow[]> {
      const d = dataOf((await own('/api/patient/jadwal/perjanjian/terdekat', nomr, true)).body);
      const jadwal = Array.isArray(d?.jadwal) ? d.jadwal.filter(isObj) : [];
      const rows = jadwal.map((a) => ({
        tanggal_janji: str(a.tanggal_janji).slice(0, 10),
        nama_dokter: str(a.nama_dokter),
        departemen: str(a.departemen),
        no_urut: int(a.no_urut) ?? 0,
        no_reg: str(a.no_reg),
        kd_dep: str(a.kd_dep),
        kd_dr: str(a.kd_dr),
        jam_dtg: str(a.jam_dtg),
        jam_plg: str(a.jam_plg),
        sts_jam: str(a.sts_jam),
        carabayar: a.carabayar === 'B' ? 'B' : 'P',
        jenis: 'poli',
        meeting_url: null,
        checked_in: false,
      })) satisfies UpcomingRow[];
      if (reminders) await planReminders(nomr, rows, reminders);
      return rows;
    },

    clinicQueue,
    // No check-in from the phone (HospitalRelay): the entry is never found.
    checkinEntry: async () => null,
    pharmacyQueue: async (nomr) =>
      (await ownList('/api/patient/antrian/farmasi', nomr)).map((i) => ({
        no_antrian: str(i.no_antrian),
        tgl_layanan: str(i.tgl_layanan).slice(0, 10),
        no_mr: str(i.no_mr) || nomr,
        nama_pasien: str(i.nama_pasien),
        status_obat: str(i.status_obat),
      })),

    // The histories as the hospital answers them, in §7's field names, rows checked (rowsOf).
    outpatientVisits: async (nomr) => rowsOf(S.OutpatientVisit, await ownList('/api/patient/riwayat/konsul/poli/umum', nomr)),
    onlineVisits: async (nomr) => rowsOf(S.OnlineVisit, await ownList('/api/patient/riwayat/konsul/poli/online', nomr)),
    currentInpatient: async (nomr) => rowsOf(S.CurrentInpatient, await ownList('/api/patient/riwayat/rawat/inap/jalan', nomr)),
    pastInpatient: async (nomr) => rowsOf(S.PastInpatient, await ownList('/api/patient/riwayat/rawat/inap/lalu', nomr)),
    cathSchedule: async (nomr) => rowsOf(S.CathSchedule, await ownList('/api/patient/jadwal/kath/terdekat', nomr)),
    cathHistory: async (nomr) => rowsOf(S.CathHistory, await ownList('/api/patient/riwayat/tindakan/kath', nomr)),
    surgerySchedule: async (nomr) => rowsOf(S.SurgerySchedule, await ownList('/api/patient/jadwal/bedah/terdekat', nomr)),
    surgeryHistory: async (nomr) => rowsOf(S.SurgeryHistory, await ownList('/api/patient/riwayat/tindakan/bedah', nomr)),
    async labOrders(nomr) {
      const body = await supporting(nomr);
      return rowsOf(S.LabOrder, isObj(body) && isTrue(body.status) && Array.isArray(body.hasillab) ? body.hasillab.filter(isObj) : []);
    },
    async poliHistory(nomr) {
      return rowsOf(S.PoliHistoryItem, listOf(await supporting(nomr)));
    },
    vascularReports: async (nomr) => rowsOf(S.VascularReport, await ownList('/api/patient/laporan/pemeriksaan/vaskular', nomr, false)),

    booking: noStore,
    manage: noManage,
    checkIn: notOffered,
    selfRegistration: notOffered,
  };

  /**
   * The reminders of the appointments the hospital listed, kept in this API's database for the
   * push worker: the evening before always, the practice-day one where the hours are known.
   */
  async function planReminders(nomr: string, rows: UpcomingRow[], policy: ReminderPolicy): Promise<void> {
    const now = Date.now();
    const plans: PlannedReminder[] = rows.flatMap((r) => {
      const hours = /^\d{1,2}:\d{2}/.test(r.jam_dtg);
      const subject = {
        nomr,
        jenis: 'poli' as const,
        ds_dep: r.departemen,
        nama_dr: r.nama_dokter,
        tgl_janji: r.tanggal_janji,
        jam_dtg: hours ? r.jam_dtg : '',
        jam_plg: hours ? r.jam_plg : '',
        no_urut: r.no_urut,
      };
      const appointment = r.no_reg || `${r.tanggal_janji}|${r.departemen}|${r.nama_dokter}|${r.no_urut}`;
      return dueReminders({ tgl_janji: r.tanggal_janji, jam_dtg: subject.jam_dtg, jenis: 'poli' }, policy, now)
        .filter((d) => hours || d.kind === 'malam_sebelum')
        .map((d) => ({ ...d, appointment, subject }));
    });
    await db.tx((q) => planUpstreamReminders(q, nomr, plans));
  }

  /** The penunjang call answers both lab results and the poli history: one call serves both reads. */
  function supporting(nomr: string): Promise<unknown> {
    return reuse.get(`penunjang|${nomr}`, SUPPORTING_MS, async () => (await own('/api/patient/riwayat/penunjang', nomr, false)).body);
  }
}

// The BPJS Antrean outbox for the hospital's staff (docs/bpjs.md): what waits, was sent, was
// refused or cannot go yet, and why; and one row sent again. Registered with the internal calls,
// behind their service token, whose guard writes every call to the audit log.
import {
  BpjsDashboardQuery,
  BpjsDashboardRow,
  BpjsHfisFinding,
  BpjsHfisQuery,
  BpjsQuery,
  BpjsReconcileBody,
  BpjsReconciliation,
  BpjsRow,
  BpjsRowId,
} from '../../common/schemas/bpjs.ts';
import { todayWib } from '../../common/dates.ts';
import { bpjsClient, bpjsGet } from '../bpjs/client.ts';
import { compareDay } from '../bpjs/reconcile.ts';
import { audit } from '../db/audit.ts';
import { checkCodes, checkSchedule, type RefDokter, type RefJadwal, type RefPoli } from '../bpjs/hfis.ts';
import { Refusal, Success } from '../../common/schemas/envelope.ts';
import { Type } from 'typebox';
import type { Config } from '../config.ts';
import { type BpjsReporting, listBpjs, retryBpjs } from '../db/bpjs.ts';
import type { Db } from '../db/client.ts';
import { NOT_FOUND, SERVICE, SERVICE_GET, SERVICE_POST, type Api } from './route-schema.ts';
import { INTERNAL, SERVER } from '../../common/server-paths.ts';

const UNREADABLE = 'jawaban BPJS tidak dapat dibaca (bukan JSON).';
/** A reference's or the dashboard's rows: BPJS answers a list, or { list }; null when the answer is not JSON. */
function listOf<T>(response: string | null): T[] | null {
  try {
    const body: unknown = response ? JSON.parse(response) : [];
    if (Array.isArray(body)) return body as T[];
    return ((body as { list?: T[] } | null)?.list ?? []) as T[];
  } catch {
    return null;
  }
}

/**
 * What a booking needs to report itself to BPJS; null when the bridge is not configured, or the
 * hospital's system reports the visits (BPJS_REPORTER=simrs).
 */
export const bpjsReporting = (config: Config): BpjsReporting | null =>
  config.bpjs?.reporter === 'app' ? { minutesPerPatient: config.visit.minutesPerPatient } : null;

export async function bpjsRoutes(app: Api, db: Db, config: Config): Promise<void> {
  const reporting = { minutesPerPatient: config.visit.minutesPerPatient };

  app.get(
    INTERNAL.bpjsQueue,
    {
      schema: {
        summary: 'The BPJS Antrean outbox, newest first: each request with its status and why',
        description:
          'waiting rows go out by themselves (in order per kodebooking); refused, unmapped and failed rows wait for staff: fix the cause (a mapping table, the settings), then POST …/{id}/ulang.',
        security: SERVICE,
        querystring: BpjsQuery,
        response: { 200: Success(Type.Array(BpjsRow)), ...SERVICE_GET },
      },
    },
    async (req) => ({ status: true as const, data: await listBpjs(db, req.query.status, Number(req.query.limit ?? 100)) }),
  );

  app.get(
    INTERNAL.bpjsHfis,
    {
      schema: {
        summary: "The mapping tables and a date's practice hours checked against BPJS's references (HFIS: ref/poli, ref/dokter, jadwaldokter)",
        description:
          'Every mapped poli and doctor code, and every mapped session of the date, with what BPJS says of it. Read-only: fix bpjs_poli, bpjs_dokter or the schedule (or HFIS) where they differ.',
        security: SERVICE,
        querystring: BpjsHfisQuery,
        response: {
          200: Success(Type.Array(BpjsHfisFinding)),
          409: Refusal("The BPJS bridge is not configured (BPJS_ANTREAN_URL …), or the mapping tables are the hospital's own API's (SIMRS=upstream)"),
          502: Refusal('BPJS did not answer, or refused: its words'),
          ...SERVICE_GET,
        },
      },
    },
    async (req, reply) => {
      const bpjs = config.bpjs;
      if (!bpjs) return reply.code(409).send({ status: false, message: 'Bridging BPJS belum dikonfigurasi.' });
      const tanggal = req.query.tanggal ?? todayWib();
      /** A reference's rows: BPJS answers a list, or { list }. */
      const read = async <T>(path: string): Promise<T[] | string> => {
        const outcome = await bpjsGet(bpjs, path);
        // A date or poli without a schedule is answered as a refusal ('… tidak ditemukan'): an empty list.
        if (outcome.kind === 'refused' && outcome.code === 201 && /tidak ditemukan|tidak ada/i.test(outcome.message)) return [];
        if (outcome.kind !== 'sent') return `${path}: ${outcome.message}`;
        return listOf<T>(outcome.response) ?? `${path}: ${UNREADABLE}`;
      };
      // The hospital's system's mapping tables and schedule: ours with SIMRS=local, Khanza's with SIMRS=khanza.
      const desk = app.simrs.mobileJkn;
      if (!desk) return reply.code(409).send({ status: false, message: 'Tabel pemetaan BPJS ada di sistem rumah sakit sendiri (SIMRS=upstream).' });
      const ours = await desk.mappings();
      const sessions = await desk.mappedSessions(tanggal);
      const refPoli = await read<RefPoli>('ref/poli');
      const refDokter = await read<RefDokter>('ref/dokter');
      const jadwal: RefJadwal[] = [];
      for (const kodepoli of [...new Set(sessions.map((s) => s.kodepoli))]) {
        const rows = await read<RefJadwal>(`jadwaldokter/kodepoli/${encodeURIComponent(kodepoli)}/tanggal/${tanggal}`);
        if (typeof rows === 'string') return reply.code(502).send({ status: false, message: rows });
        jadwal.push(...rows);
      }
      if (typeof refPoli === 'string') return reply.code(502).send({ status: false, message: refPoli });
      if (typeof refDokter === 'string') return reply.code(502).send({ status: false, message: refDokter });
      return { status: true as const, data: [...checkCodes(ours.poli, ours.dokter, refPoli, refDokter), ...checkSchedule(sessions, jadwal)] };
    },
  );

  app.get(
    INTERNAL.bpjsDashboard,
    {
      schema: {
        summary: "BPJS's dashboard of waiting times (dashboard/waktutunggu) for a day or a month, as BPJS reckons them from what was reported",
        security: SERVICE,
        querystring: BpjsDashboardQuery,
        response: {
          200: Success(Type.Array(BpjsDashboardRow)),
          409: Refusal('The BPJS bridge is not configured (BPJS_ANTREAN_URL …)'),
          502: Refusal('BPJS did not answer, or refused: its words'),
          ...SERVICE_GET,
          400: Refusal('The query does not fit its schema, or it gives neither tanggal nor bulan with tahun (or both)'),
        },
      },
    },
    async (req, reply) => {
      const bpjs = config.bpjs;
      if (!bpjs) return reply.code(409).send({ status: false, message: 'Bridging BPJS belum dikonfigurasi.' });
      const { tanggal, bulan, tahun, waktu = 'rs' } = req.query;
      const month = bulan && tahun;
      if (!!tanggal === !!month || (!month && (bulan || tahun))) {
        return reply.code(400).send({ status: false, message: 'Isi kolom tanggal, atau kolom bulan dan tahun.' });
      }
      const path = tanggal ? `dashboard/waktutunggu/tanggal/${tanggal}/waktu/${waktu}` : `dashboard/waktutunggu/bulan/${bulan}/tahun/${tahun}/waktu/${waktu}`;
      const outcome = await bpjsGet(bpjs, path);
      if (outcome.kind === 'refused' && outcome.code === 201 && /tidak ditemukan|tidak ada/i.test(outcome.message)) return { status: true as const, data: [] };
      if (outcome.kind !== 'sent') return reply.code(502).send({ status: false, message: `${path}: ${outcome.message}` });
      const list = listOf<Record<string, unknown>>(outcome.response);
      if (!list) return reply.code(502).send({ status: false, message: `${path}: ${UNREADABLE}` });
      return { status: true as const, data: list };
    },
  );

  app.post(
    INTERNAL.bpjsResend,
    {
      schema: {
        summary: 'Sends one outbox row again (an unmapped add is built again from the mapping tables first)',
        security: SERVICE,
        params: BpjsRowId,
        response: {
          200: Success(BpjsRow),
          ...NOT_FOUND('No such row'),
          409: Refusal('Already sent'),
          ...SERVICE_POST,
        },
      },
    },
    async (req, reply) => {
      const result = await retryBpjs(db, Number(req.params.id), reporting);
      if (!result.found) return reply.code(404).send({ status: false, message: 'Tidak ada baris itu.' });
      if (result.sent) return reply.code(409).send({ status: false, message: 'Baris itu sudah terkirim ke BPJS.' });
      return { status: true as const, data: result.row };
    },
  );

  app.post(
    INTERNAL.bpjsReconcile,
    {
      schema: {
        summary: "Compares a visit day's task times with what BPJS holds (antrean/getlisttask per kodebooking), now",
        description: `The server compares each day by itself once it is over and its rows are through (docs/bpjs.md, "After the day"); this runs it for any date, again if it ran. A difference is logged and shown on ${SERVER.health}'s bpjs.`,
        security: SERVICE,
        body: BpjsReconcileBody,
        response: {
          200: Success(BpjsReconciliation),
          409: Refusal('The BPJS bridge is not configured (BPJS_ANTREAN_URL …)'),
          502: Refusal('BPJS did not answer, or refused: its words'),
          ...SERVICE_POST,
        },
      },
    },
    async (req, reply) => {
      const bpjs = config.bpjs;
      if (!bpjs) return reply.code(409).send({ status: false, message: 'Bridging BPJS belum dikonfigurasi.' });
      const { tanggal } = req.body;
      const result = await compareDay(db, bpjsClient(bpjs), tanggal, req.log);
      await audit(db, {
        action: 'bpjs.reconcile',
        outcome: result.ok ? (result.selisih.length ? 'differs' : 'same') : 'failed',
        actor: 'hospital-system',
        detail: result.ok ? `${tanggal}: ${result.diperiksa} kodebooking, ${result.selisih.length} berbeda` : `${tanggal}: ${result.message}`,
      });
      if (!result.ok) return reply.code(502).send({ status: false, message: result.message });
      return { status: true as const, data: { tanggal, diperiksa: result.diperiksa, selisih: result.selisih } };
    },
  );
}

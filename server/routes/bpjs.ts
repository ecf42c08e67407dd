// The BPJS Antrean outbox for the hospital's staff (docs/bpjs.md): what waits, was sent, was
// refused or cannot go yet, and why; and one row sent again. Registered with the internal calls,
// behind their service token, whose guard writes every call to the audit log.
import { BpjsQuery, BpjsRow, BpjsRowId } from '../../common/schemas/bpjs.ts';
import { Refusal, Success } from '../../common/schemas/envelope.ts';
import { Type } from 'typebox';
import type { Config } from '../config.ts';
import { type BpjsReporting, listBpjs, retryBpjs } from '../db/bpjs.ts';
import type { Db } from '../db/client.ts';
import { NOT_FOUND, SERVICE, SERVICE_GET, SERVICE_POST, type Api } from './contract.ts';

/**
 * What a booking needs to report itself to BPJS; null when the bridge is not configured, or the
 * hospital's system reports the visits (BPJS_REPORTER=simrs).
 */
export const bpjsReporting = (config: Config): BpjsReporting | null =>
  config.bpjs?.reporter === 'app' ? { minutesPerPatient: config.visit.minutesPerPatient } : null;

export async function bpjsRoutes(app: Api, db: Db, config: Config): Promise<void> {
  const reporting = { minutesPerPatient: config.visit.minutesPerPatient };

  app.get(
    '/api/internal/bpjs/antrean',
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

  app.post(
    '/api/internal/bpjs/antrean/:id/ulang',
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
}

// The registration counter's walk-in (SIMRS=local): a patient who came without a booking joins
// today's clinic queue, taking a seat of the same quota the app's bookings take. Registered inside
// the internal calls' scope, behind their service token.
import { todayWib } from '../../common/dates.ts';
import { Refusal, Success } from '../../common/schemas/envelope.ts';
import { ClinicQueueEntry, ClinicWalkIn } from '../../common/schemas/internal.ts';
import { audit } from '../db/audit.ts';
import type { Db } from '../db/client.ts';
import { walkIn } from '../connector/local/queues.ts';
import { NOT_FOUND, SERVICE, SERVICE_POST, type Api } from './route-schema.ts';
import { INTERNAL } from '../../common/server-paths.ts';

/** `clock`: the instant whose WIB date is today (tests fix it). */
export async function walkInRoutes(app: Api, db: Db, clock: () => number = Date.now): Promise<void> {
  app.post(
    INTERNAL.walkIn,
    {
      schema: {
        summary: "The registration counter adds a patient without a booking to today's session: a seat of its quota and the next queue number",
        description: `The same quota as the app's bookings, so together they never take more than it. A patient already in that session today keeps their entry (a repeat takes no second seat). The answer is the entry as GET ${INTERNAL.clinicQueue} lists it.`,
        security: SERVICE,
        body: ClinicWalkIn,
        response: {
          200: Success(ClinicQueueEntry),
          ...NOT_FOUND('Unknown medical record number, or no session of that doctor in that clinic today'),
          409: Refusal("The session's quota of today is full"),
          ...SERVICE_POST,
        },
      },
    },
    async (req, reply) => {
      const today = todayWib(clock());
      const outcome = await db.tx(async (q) => {
        const made = await walkIn(q, req.body, today);
        if (made.ok && made.created) {
          await audit(q, { action: 'queue.walkin', outcome: 'ok', actor: 'hospital-system', subject: req.body.no_mr, detail: made.entry.no_reg }, req);
        }
        return made;
      });
      if (!outcome.ok) return reply.code(outcome.status).send({ status: false, message: outcome.message });
      return { status: true as const, data: outcome.entry };
    },
  );
}

// The counter releases the seat of a booked patient who did not come to today's session (after
// the clinic's skip, or at a cut-off the hospital chooses): the hospital systems' call, behind their
// service token (routes/internal.ts), docs/leave.md. SIMRS=local only: under Khanza or the
// hospital's own API the seats are that system's, and the call answers 409 naming where it is done.
import { todayWib } from '../../common/dates.ts';
import { Refusal, Success } from '../../common/schemas/envelope.ts';
import { NoShowRelease, NoShowReleased } from '../../common/schemas/leave.ts';
import { INTERNAL } from '../../common/server-paths.ts';
import type { Config } from '../config.ts';
import { retriedTx } from '../connector/local/booking.ts';
import { releaseNoShow } from '../connector/local/noshow.ts';
import { audit } from '../db/audit.ts';
import type { Db } from '../db/client.ts';
import { NOT_FOUND, SERVICE, SERVICE_POST, type Api } from './route-schema.ts';

const ELSEWHERE = {
  // Khanza's own count of a session's seats leaves out registrations marked 'Batal' (connector/khanza/seats.ts, noshow.ts).
  khanza:
    "Di SIMRS Khanza kuota pasien yang tidak datang dilepas di Khanza sendiri: petugas memberi status 'Batal' pada registrasinya (reg_periksa.stts), dan kuota sesi hanya menghitung registrasi yang tidak batal (docs/leave.md).",
  upstream: 'Jadwal dan perjanjian dikelola oleh sistem rumah sakit sendiri (SIMRS=upstream); kuota pasien yang tidak datang dilepas di sana.',
} as const;

/** `onNotification` wakes this process's push worker when the first in line was offered the seat; `clock` tells today. */
export async function noShowRoutes(app: Api, db: Db, config: Config, onNotification: () => void, clock: () => number = Date.now): Promise<void> {
  app.post(
    INTERNAL.noShowRelease,
    {
      schema: {
        summary:
          "A booked patient did not come to today's clinic session: the counter releases the seat, offered with a hold to the first in the session's waiting list (else free), BPJS told batal",
        description:
          "One transaction: the booking is kept as cancelled by the hospital (the patient's home shows it with the doctor's next sessions to move to), its queue entry cancelled, a batal queued in the BPJS Antrean outbox, and the seat given through the waiting list as a cancel's is. 409: checked in, called (skip it first), served, cancelled, already released, not today's session, an online consultation; SIMRS=khanza or upstream, naming where that system does it.",
        security: SERVICE,
        body: NoShowRelease,
        response: {
          200: Success(NoShowReleased),
          ...NOT_FOUND('No booking with that no_reg'),
          409: Refusal("The seat cannot be released (see the description), or SIMRS=khanza or SIMRS=upstream: the seats are the hospital system's"),
          ...SERVICE_POST,
        },
      },
    },
    async (req, reply) => {
      if (config.simrs.kind !== 'local') return reply.code(409).send({ status: false, message: ELSEWHERE[config.simrs.kind] });
      const now = clock();
      const outcome = await retriedTx(db, async (q) => {
        const done = await releaseNoShow(q, req.body.no_reg, todayWib(now), now);
        if (done.ok) {
          const detail = `${done.released.no_reg} ${done.released.ditawarkan ? 'ditawarkan ke daftar tunggu' : 'kuota kembali'}`;
          await audit(q, { action: 'appointment.noshow', outcome: 'ok', actor: 'hospital-system', subject: done.nomr, detail }, req);
        }
        return done;
      });
      if (!outcome.ok) return reply.code(outcome.status).send({ status: false, message: outcome.message });
      if (outcome.released.ditawarkan) onNotification();
      return { status: true as const, data: outcome.released };
    },
  );
}

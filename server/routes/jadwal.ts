// The hospital's system changes a doctor's weekly clinic session (SIMRS=local): hours, quota, or
// closed (quota 0, a leave). BPJS's HFIS is told with jadwaldokter/updatejadwaldokter through the
// outbox (docs/bpjs.md, HFIS). Registered inside the internal calls' scope, behind their service token.
import { todayWib } from '../../common/dates.ts';
import { Refusal, Success } from '../../common/schemas/envelope.ts';
import { WeeklySession, WeeklySessionChange } from '../../common/schemas/internal.ts';
import type { Config } from '../config.ts';
import { audit } from '../db/audit.ts';
import { queueBpjsJadwal } from '../db/bpjs.ts';
import type { Db } from '../db/client.ts';
import { changeWeeklySession } from '../connector/local/jadwal.ts';
import { bpjsReporting } from './bpjs.ts';
import { NOT_FOUND, SERVICE, SERVICE_POST, type Api } from './route-schema.ts';
import { INTERNAL } from '../../common/server-paths.ts';

const JADWAL_MSG = {
  order: 'Kolom jam_plg: jam selesai harus sesudah jam mulai (jam_dtg).',
  unknown: 'Tidak ada jadwal dokter itu di poli tersebut pada hari dan sesi itu.',
  khanza: 'Jadwal dokter dikelola di SIMRS Khanza (tabel jadwal); ubah di sana.',
  upstream: 'Jadwal dokter dikelola di sistem rumah sakit sendiri (SIMRS=upstream); ubah di sana.',
} as const;

export async function jadwalRoutes(app: Api, db: Db, config: Config, clock: () => number = Date.now): Promise<void> {
  // The bridge on and this server the reporter: HFIS hears of the change from here.
  const hfis = bpjsReporting(config) !== null;
  app.post(
    INTERNAL.doctorSchedule,
    {
      schema: {
        summary:
          "Change a doctor's weekly clinic session: its hours and quota (0 closes it: a leave); BPJS's HFIS is sent the doctor's schedule (updatejadwaldokter)",
        description:
          "Dated sessions from today on take the new quota (seats already taken stay taken); a dated session whose hours were set on their own keeps them. With SIMRS=khanza the schedule is Khanza's jadwal, with SIMRS=upstream the hospital's own system's: 409.",
        security: SERVICE,
        body: WeeklySessionChange,
        response: {
          200: Success(WeeklySession),
          ...NOT_FOUND('No such session of that doctor in that clinic'),
          409: Refusal("SIMRS=khanza or SIMRS=upstream: the schedule is the hospital system's"),
          ...SERVICE_POST,
        },
      },
    },
    async (req, reply) => {
      const c = req.body;
      if (config.simrs.kind !== 'local') return reply.code(409).send({ status: false, message: JADWAL_MSG[config.simrs.kind] });
      if (c.jam_plg <= c.jam_dtg) return reply.code(400).send({ status: false, message: JADWAL_MSG.order });
      const outcome = await db.tx(async (q) => {
        if (!(await changeWeeklySession(q, c, todayWib(clock())))) return null;
        const bpjs = hfis ? await queueBpjsJadwal(q, c.kd_dep, c.kd_dr) : null;
        await audit(
          q,
          {
            action: 'schedule.change',
            outcome: 'ok',
            actor: 'hospital-system',
            detail: `${c.kd_dep} ${c.kd_dr} hari ${c.hari} sesi ${c.sts_jam} ${c.jam_dtg}-${c.jam_plg} kuota ${c.batas_quota}`,
          },
          req,
        );
        return { bpjs };
      });
      if (!outcome) return reply.code(404).send({ status: false, message: JADWAL_MSG.unknown });
      return { status: true as const, data: { ...c, bpjs: outcome.bpjs } };
    },
  );
}

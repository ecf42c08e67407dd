// Opens the connector the SIMRS setting names (docs/integration.md).
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { BpjsReporting } from '../db/bpjs.ts';
import type { Db } from '../db/client.ts';
import type { HospitalConnector } from './hospital-connector.ts';
import { openKhanza } from './khanza/client.ts';
import { khanzaConnector } from './khanza/connector.ts';
import { requireGuard } from './khanza/guard.ts';
import { requireSchema } from './khanza/schema.ts';
import { localConnector } from './local/connector.ts';
import { upstreamConnector } from './upstream/connector.ts';

/** `log`: where the connector says what an operator must mend (the server's log). */
export async function openConnector(config: Config, db: Db, bpjs: BpjsReporting | null, log?: FastifyBaseLogger): Promise<HospitalConnector> {
  const simrs = config.simrs;
  if (simrs.kind === 'local') return localConnector(db, bpjs);
  if (simrs.kind === 'upstream') {
    const b = config.booking;
    return upstreamConnector(
      simrs,
      db,
      {
        eveningReminderMinutes: b.eveningReminderMinutes,
        hoursBefore: b.hoursBefore,
        onlineRoomMinutes: b.onlineRoomMinutes,
      },
      { ...config.visit, idleMinutes: config.sessionIdleMinutes },
    );
  }
  const sik = openKhanza(simrs.url, simrs.timeoutMs);
  try {
    await requireGuard(sik, simrs.quotaGuard);
    await requireSchema(sik, simrs.payers);
  } catch (err) {
    await sik.close();
    throw err;
  }
  return khanzaConnector(
    sik,
    db,
    {
      payers: simrs.payers,
      cathRooms: simrs.cathRooms,
      minutesPerPatient: config.visit.minutesPerPatient,
      numbering: simrs.numbering,
      quotaGuard: simrs.quotaGuard,
    },
    log,
  );
}

// The health check a load balancer or an orchestrator polls.
import { Type, type Static } from 'typebox';

const Database = Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]);

/** The hospital's information system behind the API (the SIMRS setting, docs/integration.md). */
const Simrs = Type.Union([Type.Literal('local'), Type.Literal('khanza'), Type.Literal('upstream')]);
/** A part that does not answer: this API's own database, or the hospital's system. */
const Part = Type.Union([Type.Literal('database'), Type.Literal('simrs')]);

/** With the BPJS bridge on: the latest visit day compared with what BPJS holds (docs/bpjs.md, "After the day"). */
const Bpjs = Type.Object(
  {
    rekonsiliasi: Type.String({ description: 'The visit date last compared (YYYY-MM-DD)' }),
    selisih: Type.Integer({ description: "Its kodebookings whose task times at BPJS differ from the outbox's (the internal outbox names them)" }),
  },
  { description: 'Present once a day has been compared' },
);

export const Healthy = Type.Object({ status: Type.Literal('ok'), database: Database, simrs: Simrs, bpjs: Type.Optional(Bpjs) }, { description: 'Serving' });
export const Unhealthy = Type.Object(
  {
    status: Type.Literal('unavailable'),
    database: Database,
    simrs: Simrs,
    down: Type.Array(Part, { minItems: 1, description: 'The parts that do not answer' }),
    bpjs: Type.Optional(Bpjs),
  },
  { description: "The database or the hospital's system does not answer" },
);
export type Health = Static<typeof Healthy> | Static<typeof Unhealthy>;

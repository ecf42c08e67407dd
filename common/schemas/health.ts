// The health check a load balancer or an orchestrator polls.
import { Type, type Static } from 'typebox';

const Database = Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]);

export const Healthy = Type.Object({ status: Type.Literal('ok'), database: Database }, { description: 'Serving' });
export const Unhealthy = Type.Object({ status: Type.Literal('unavailable'), database: Database }, { description: 'The database does not answer' });
export type Health = Static<typeof Healthy> | Static<typeof Unhealthy>;

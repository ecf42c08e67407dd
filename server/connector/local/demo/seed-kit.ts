// What the seeders share: a deterministic PRNG and a multi-row INSERT in chunks.
import type { Queryable } from '../../../db/client.ts';

/** Small deterministic PRNG (mulberry32): the same demo data on every machine. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function insertRows(q: Queryable, table: string, columns: string[], rows: unknown[][]): Promise<void> {
  const perChunk = Math.max(1, Math.floor(30000 / columns.length));
  for (let i = 0; i < rows.length; i += perChunk) {
    const chunk = rows.slice(i, i + perChunk);
    const params: unknown[] = [];
    const values = chunk.map((row) => `(${row.map((v) => (params.push(v), `$${params.length}`)).join(',')})`);
    await q.query(`INSERT INTO ${table} (${columns.join(',')}) VALUES ${values.join(',')}`, params);
  }
}

/** A practice schedule as the seeders place appointments and sessions on it. */
export interface Schedule {
  id: number;
  kd_dr: string;
  kd_dep: string;
  hari: number;
  batas_quota: number;
}

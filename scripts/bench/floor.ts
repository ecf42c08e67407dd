// The floor of this stack: a bare Fastify route doing one primary-key SELECT through pg (a pool
// as large as the server's, the statement prepared once per connection as the server's are), on
// the same PostgreSQL. No session, no audit, no schema, no compression, no logging: what Node,
// Fastify, pg and PostgreSQL cost on this machine before any of the application's work.
// Started as a process of its own, as the server is: `startFloor(databaseUrl)`.
import { spawn } from 'node:child_process';
import { get } from 'node:http';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../test/support/server.ts';

export interface Floor {
  url: string;
  pid: number;
  stop: () => Promise<void>;
}

const ready = (url: string) =>
  new Promise<boolean>((resolve) => {
    get(`${url}/floor/0`, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    }).on('error', () => resolve(false));
  });

export async function startFloor(databaseUrl: string, poolSize = 20): Promise<Floor> {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    env: { ...process.env, FLOOR_DATABASE_URL: databaseUrl, FLOOR_PORT: String(port), FLOOR_POOL: String(poolSize) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => proc.on('exit', () => resolve()));
  const deadline = Date.now() + 30_000;
  while (!(await ready(url))) {
    if (proc.exitCode !== null || Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error('the floor server did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: proc.pid as number,
    stop: async () => {
      if (proc.exitCode === null) proc.kill('SIGTERM');
      await exited;
    },
  };
}

if (process.env.FLOOR_DATABASE_URL && resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) {
  const { default: Fastify } = await import('fastify');
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: process.env.FLOOR_DATABASE_URL, max: Number(process.env.FLOOR_POOL) });
  const app = Fastify({ logger: false });
  app.get<{ Params: { nomr: string } }>('/floor/:nomr', async (req) => {
    const { rows } = await pool.query({ name: 'floor', text: 'SELECT nomr, nama FROM patients WHERE nomr = $1', values: [req.params.nomr] });
    return { status: true, data: rows[0] ?? null };
  });
  await app.listen({ port: Number(process.env.FLOOR_PORT), host: '127.0.0.1' });
  process.on('SIGTERM', () => void app.close().then(() => pool.end()));
}

// The real app on a fresh database, for inject() tests.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import type { Db } from '../../server/db/client.ts';
import { COHORT, DEMO_A, DEMO_B } from '../../server/connector/local/demo/seed.ts';
import { freshDb } from './db.ts';

export const INTERNAL_TOKEN = 'test-internal-token-0123456789';

export function testConfig(over: Partial<Config> = {}): Config {
  return { ...loadConfig({}), distDir: '/nonexistent', internalApiToken: INTERNAL_TOKEN, logLevel: 'silent', ...over };
}

/** The app under SIMRS=khanza with its MariaDB out of reach (port 9): what it answers before asking Khanza. */
export const unreachableKhanza = (db: Db): Promise<FastifyInstance> =>
  buildApp({
    config: testConfig({
      simrs: { kind: 'khanza', url: 'mysql://app:pw@127.0.0.1:9/sik', timeoutMs: 1000, payers: { bpjs: 'BPJ', umum: 'UMU' }, cathRooms: [] },
    }),
    db,
    logger: false,
    internal: 'here',
  });

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  close: () => Promise<void>;
}

export async function testApp(over: Partial<Config> = {}): Promise<TestApp> {
  const db = await freshDb();
  // One app for the public and the internal calls, so tests inject() both into it.
  const app = await buildApp({ config: testConfig(over), db, logger: false, internal: 'here' });
  await app.ready();
  return { app, db, close: async () => (await app.close(), await db.close()) };
}

export async function loginAs(app: FastifyInstance, who: { nomr: string; tgl_lahir: string } = DEMO_A): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/proxy-login',
    payload: { medical_record_number: who.nomr, birthdate: who.tgl_lahir, fcmtoken: '' },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().token.access_token;
}

/** A complete, valid self-registration (docs/product.md §7), with the NIK and anything else given. */
export const newPatient = (no_ktp: string, over: Record<string, unknown> = {}) => ({
  nama: 'Rahmat Hidayat',
  no_ktp,
  tempat_lahir: 'Jakarta',
  tgl_lahir: '1968-08-17',
  telp_hp: '081234567890',
  email: 'rahmat@example.co.id',
  pekerjaan: '07',
  ...over,
});

export { COHORT, DEMO_A, DEMO_B };

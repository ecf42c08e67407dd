// The WhatsApp queue's durability: two workers (two server processes, each with its own pool on
// PostgreSQL) racing over one notice send it once, and a notice queued before a restart, or
// claimed by a process that died mid-send, is sent by the next one.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../server/config.ts';
import { openPostgres, type Db } from '../../server/db/client.ts';
import { saveChoice, setWhatsappOn } from '../../server/db/whatsapp.ts';
import { deliver } from '../../server/db/deliver.ts';
import { createWhatsappWorker } from '../../server/whatsapp/worker.ts';
import { DEMO_A } from '../support/app.ts';
import { freshDb } from '../support/db.ts';
import { whatsappStandin, type WhatsappStandin } from '../support/whatsapp-standin.ts';

let db: Db & { url?: string };
let wa: WhatsappStandin;

test.before(async () => {
  wa = await whatsappStandin();
  db = await freshDb();
  await setWhatsappOn(db, true);
  await db.tx((q) => saveChoice(q, DEMO_A.nomr, { channel: 'whatsapp', muted: [], consent: { phone: '6281298765432', source: 'app' } }));
});
test.after(async () => {
  await db.close();
  await wa.close();
});
test.before.each(async () => {
  wa.sent.length = 0;
  await db.query('DELETE FROM whatsapp_deliveries');
});

const config = () =>
  loadConfig({
    WHATSAPP_TOKEN: wa.token,
    WHATSAPP_PHONE_NUMBER_ID: wa.phoneNumberId,
    WHATSAPP_APP_SECRET: wa.appSecret,
    WHATSAPP_VERIFY_TOKEN: 'verify-me-please',
    WHATSAPP_API_BASE: wa.base,
    WHATSAPP_RATE_PER_SECOND: '1000',
  }).whatsapp!;
const queue = (n: number) =>
  db.tx(async (q) => {
    for (let i = 1; i <= n; i++)
      await deliver(q, { nomr: DEMO_A.nomr, event: 'obat-siap', params: { nomor: `F-${i}` }, push: { nomr: DEMO_A.nomr, title: 'Obat', body: 'Siap' } });
  });

test('two processes draining at once send each notice once', async () => {
  await queue(30);
  // A second process: its own pool on PostgreSQL; PGlite has one connection, its claims then take turns.
  const other = db.url ? await openPostgres(db.url) : db;
  try {
    const a = createWhatsappWorker({ db, config: config() });
    const b = createWhatsappWorker({ db: other, config: config() });
    const [x, y] = await Promise.all([a.drain(), b.drain()]);
    assert.is(x + y, 30);
  } finally {
    if (other !== db) await other.close();
  }
  assert.is(wa.sent.length, 30);
  assert.is(new Set(wa.sent.map((s) => s.body[1])).size, 30, 'no notice twice');
});

test('a notice queued before a restart, or claimed by a process that died, is sent by the next', async () => {
  await queue(2);
  // The first process claimed one and died before sending: its lease runs out.
  await db.query(
    `UPDATE whatsapp_deliveries SET locked_until = now() - interval '1 second', attempts = 1 WHERE id = (SELECT min(id) FROM whatsapp_deliveries)`,
  );
  const restarted = createWhatsappWorker({ db, config: config() });
  assert.is(await restarted.drain(), 2);
  assert.is(wa.sent.length, 2);
  assert.is(await restarted.drain(), 0, 'sent once');
});

test('a lease still held is left to its process', async () => {
  await queue(1);
  await db.query(`UPDATE whatsapp_deliveries SET locked_until = now() + interval '1 minute'`);
  assert.is(await createWhatsappWorker({ db, config: config() }).drain(), 0);
  assert.is(wa.sent.length, 0);
});

test('the retention sweep deletes finished rows past WHATSAPP_RETENTION_DAYS and keeps what waits', async () => {
  await queue(2);
  await db.query(`UPDATE whatsapp_deliveries SET created_at = now() - interval '100 days'`);
  await db.query(`UPDATE whatsapp_deliveries SET status = 'read' WHERE id = (SELECT min(id) FROM whatsapp_deliveries)`);
  await db.query(`UPDATE whatsapp_deliveries SET locked_until = now() + interval '1 minute'`);
  await createWhatsappWorker({ db, config: config() }).drain();
  assert.equal(await db.query(`SELECT status FROM whatsapp_deliveries`), [{ status: 'pending' }]);
});

test.run();

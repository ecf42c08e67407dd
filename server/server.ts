// Starts the server: configuration, database (migrated, demo data in an empty one), HTTP on two
// listeners: the public one (the app and the patient API) and the hospital systems' calls, on an
// address the public network does not reach (INTERNAL_HOST, INTERNAL_PORT).
import { buildApp, buildInternalApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/client.ts';
import { openDatabase } from './open-database.ts';
import { bpjsWorker } from './bpjs/worker.ts';
import { pushService } from './push/service.ts';
import type { PushWorker } from './push/worker.ts';
import { createWhatsappWorker, type WhatsappWorker } from './whatsapp/worker.ts';

const LISTEN_BACKLOG = 4096;

async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openDatabase(config);
  const push = pushService(db, config.push);
  let worker: PushWorker | null = null;
  let whatsapp: WhatsappWorker | null = null;
  const wake = () => (worker?.wake(), whatsapp?.wake());
  const options = { config, db, push: { vapid: push.vapid, wake } };
  const app = await buildApp(options);
  const internal = await buildInternalApp(options);
  if (config.push.worker) {
    worker = push.worker(app.log, app.simrs);
    worker.start();
  }
  // WhatsApp's queue (docs/whatsapp.md), when it is configured.
  if (config.whatsapp?.worker) {
    whatsapp = createWhatsappWorker({ db, config: config.whatsapp, log: app.log, wakePush: () => worker?.wake() });
    whatsapp.start();
  }
  // BPJS Antrean's outbox, when the bridge is configured (docs/bpjs.md).
  const bpjs = config.bpjs?.worker ? bpjsWorker(db, config.bpjs, app.log) : null;
  bpjs?.start();
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing requests in flight, then closing the database`);
    await Promise.all([app.close(), internal.close()]);
    await worker?.stop();
    await whatsapp?.stop();
    await bpjs?.stop();
    await db.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await internal.listen({ port: config.internalPort, host: config.internalHost });
  // The kernel's queue of connections not yet accepted, as long as Linux allows by default
  // (net.core.somaxconn, 4096 since 5.4; a longer one is cut to it). Node (libuv 1.45 on) takes
  // one connection from it per turn of the event loop: a busy process that gets many new ones at
  // once, nginx opening them in a slow moment, takes them over some seconds, and with Node's
  // default of 511 the rest are dropped; nginx's connect then times out and it takes the process
  // out for fail_timeout (deploy/nginx.conf). Queued, each one waits for its turn instead.
  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(`Cannot start: ${err.message}`);
  } else {
    console.error('Cannot start:', err);
  }
  process.exit(1);
});

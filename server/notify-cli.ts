// npm run notify -- --nomr 00012345 --title "…" --body "…" [--url /home]
// Queues a notification for a patient, as the hospital's systems do through
// POST /api/internal/notify, straight into the configured database; the server processes' push
// workers send it.
import { parseArgs } from 'node:util';
import { loadConfig } from './config.ts';
import { openDatabase } from './open-database.ts';
import { enqueueNotification } from './db/push.ts';

const { values } = parseArgs({
  options: { nomr: { type: 'string' }, title: { type: 'string' }, body: { type: 'string' }, url: { type: 'string' } },
});
if (!values.nomr || !values.title || !values.body) {
  console.error('usage: npm run notify -- --nomr NOMR --title TITLE --body BODY [--url /path]');
  process.exit(2);
}
const db = await openDatabase({ ...loadConfig(), seedDemo: false });
try {
  const result = await enqueueNotification(db, { nomr: values.nomr, title: values.title, body: values.body, url: values.url });
  if (!result) {
    console.error(`unknown medical record number ${values.nomr}`);
    process.exitCode = 1;
  } else {
    console.log(`notification ${result.id} recorded for ${values.nomr}: queued for ${result.registrations} push registration(s), sent by a running server`);
  }
} finally {
  await db.close();
}

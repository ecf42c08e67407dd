// npm run seed [-- --patients 100000]: the demo data into an empty database, and optionally a
// large generated cohort for benchmarks (ten history rows per patient, a year of appointments).
import { parseArgs } from 'node:util';
import { loadConfig } from '../../../config.ts';
import { openDatabase } from '../../../open-database.ts';
import { seedScale } from './seed-scale.ts';

const { values } = parseArgs({ options: { patients: { type: 'string', default: '0' } } });
const patients = Number(values.patients);
if (!Number.isInteger(patients) || patients < 0) {
  console.error('--patients must be a whole number');
  process.exit(2);
}
// Asked for by name, so seeded even with DATABASE_URL; still never into a database that holds data.
// No statement limit: seeding 100,000 patients runs statements of minutes on a busy machine.
const db = await openDatabase({ ...loadConfig(), seedDemo: true }, 0);
try {
  if (patients > 0) {
    const started = Date.now();
    const made = await seedScale(db, patients);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`generated ${patients} patients and ${made.history} history rows, ${made.appointments} appointments in ${seconds} s`);
  } else {
    console.log('demo data present');
  }
} finally {
  await db.close();
}

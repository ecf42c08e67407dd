// Deterministic demo data, seeded into an empty database. Dates are placed around the day of
// seeding (WIB), so a fresh start always has upcoming appointments and today's queues. The
// hospital (clinics, doctors, their practices and sessions) and the cohort come from here; the
// demo patients' records are data in demo-records.ts, put in by seed-patient-a.ts and seed-today.ts.
import { addDays, isoWeekday, nextOnWeekday, todayWib } from '../../../../common/dates.ts';
import type { Db, Queryable } from '../../../db/client.ts';
import { seedBpjsCodes } from './seed-bpjs.ts';
import { CITIES, CLINICS, clinicFloor, clinicRoom, DOCTORS_BY_SPECIALTY, FIRST_NAMES, LAST_NAMES, STREETS } from './demo-data.ts';
import { C_STAY, COHORT, DEMO_C, DEMO_PATIENT_ROWS } from './demo-records.ts';
import { insertRows, prng, type Schedule } from './seed-kit.ts';
import { insertStays, seedPatientA } from './seed-patient-a.ts';
import { seedTodaysQueue } from './seed-today.ts';
import { doctorPhotoOf } from '../../../../common/server-paths.ts';

export { COHORT, DEMO_A, DEMO_B, DEMO_C, DEMO_QUEUE, DEMO_REGS, regNo } from './demo-records.ts';
export { demoSession } from './seed-today.ts';

/**
 * No patients, clinics or doctors: only then may demo data go in. A hospital's database that
 * holds its own must never get the demo patients beside its real ones, whatever SEED_DEMO says.
 */
export async function isEmpty(q: Queryable): Promise<boolean> {
  const [{ held }] = await q.query<{ held: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM patients) OR EXISTS (SELECT 1 FROM clinics) OR EXISTS (SELECT 1 FROM doctors) AS held',
  );
  return !held;
}

/** `now` places today's demo session around the hour of seeding (demoSession). */
export async function seedDemo(db: Db, today = todayWib(), now = Date.now()): Promise<void> {
  const rand = prng(20260817);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];

  await db.tx(async (q) => {
    // Several processes may start at once on one empty PostgreSQL: one seeds, the others wait
    // and then find the data there.
    if (db.kind === 'postgres') await q.query('SELECT pg_advisory_xact_lock(7411002)');
    if (!(await isEmpty(q))) return;
    await insertRows(
      q,
      'clinics',
      ['kd_dep', 'ds_dep', 'ruang', 'lantai'],
      CLINICS.map((c, i) => [...c, clinicRoom(i), clinicFloor(i)]),
    );

    const doctors: unknown[][] = [];
    const scheduleRows: unknown[][] = [];
    let n = 0;
    for (const group of DOCTORS_BY_SPECIALTY) {
      group.names.forEach((name, i) => {
        n++;
        const kd_dr = `D${String(n).padStart(3, '0')}`;
        const short = group.title === 'drg.' ? `drg. ${name}` : `dr. ${name}`;
        const full = group.title === 'drg.' ? short : `${short}, ${group.title}`;
        doctors.push([kd_dr, short, full, doctorPhotoOf(kd_dr), group.spesialis]);
        // Two or three weekly practices, Monday to Saturday, morning or afternoon.
        const days = new Set<number>();
        const count = 2 + (n % 2);
        while (days.size < count) days.add(1 + Math.floor(rand() * 6));
        for (const hari of days) {
          const kd_dep = group.clinics[(hari + i) % group.clinics.length];
          const morning = rand() < 0.6;
          scheduleRows.push([
            kd_dr,
            kd_dep,
            hari,
            morning ? '08:00' : '13:00',
            morning ? '12:00' : '16:00',
            morning ? '1' : '2',
            kd_dep === '20012' ? 'E' : 'U',
            10 + 5 * Math.floor(rand() * 5),
          ]);
        }
      });
    }
    // The anaesthesiologist has no outpatient practice of the 13 specialties.
    doctors.push(['D900', 'dr. Andi Wijaya', 'dr. Andi Wijaya, Sp.An-TI', doctorPhotoOf('D900'), 'Anestesi']);
    await insertRows(q, 'doctors', ['kd_dr', 'nama_dr', 'nama_dr_lengkap', 'foto', 'spesialis'], doctors);
    await insertRows(q, 'practice_schedules', ['kd_dr', 'kd_dep', 'hari', 'jam_dtg', 'jam_plg', 'sts_jam', 'sts_ue', 'batas_quota'], scheduleRows);
    // Demo patient A's cardiologist practises in clinic 20001 on every weekday, and on the day of
    // seeding whatever it is, so the demo always has a session to book and to queue in.
    for (const hari of new Set([1, 2, 3, 4, 5, 6, isoWeekday(today)])) {
      await q.query(
        `INSERT INTO practice_schedules (kd_dr, kd_dep, hari, jam_dtg, jam_plg, sts_jam, sts_ue, batas_quota)
         VALUES ('D001', '20001', $1, '08:00', '12:00', '1', 'U', 30) ON CONFLICT DO NOTHING`,
        [hari],
      );
    }
    const schedules = await q.query<Schedule>('SELECT id, kd_dr, kd_dep, hari, batas_quota FROM practice_schedules ORDER BY id');
    await seedOnlineSessions(q);

    // Four weeks of sessions around today, some nearly full and some full.
    const sessions: unknown[][] = [];
    for (let offset = -14; offset < 14; offset++) {
      const date = addDays(today, offset);
      for (const s of schedules) {
        if (s.hari !== isoWeekday(date)) continue;
        const r = rand();
        const filled = offset < 0 ? s.batas_quota : r < 0.15 ? s.batas_quota : r < 0.35 ? s.batas_quota - 1 : Math.floor(r * s.batas_quota * 0.8);
        sessions.push([s.id, date, s.batas_quota, filled]);
      }
    }
    // Whatever the day, clinic 20001 has a full session in the coming week, besides D001's.
    const fullOne = schedules.find((s) => s.kd_dep === '20001' && s.kd_dr !== 'D001');
    if (fullOne) {
      const date = nextOnWeekday(addDays(today, 1), fullOne.hari);
      const row = sessions.find(([id, tgl]) => id === fullOne.id && tgl === date);
      if (row) row[3] = fullOne.batas_quota;
    }
    await insertRows(q, 'practice_sessions', ['schedule_id', 'tgl', 'batas_quota', 'quota_terisi'], sessions);

    const patients: unknown[][] = DEMO_PATIENT_ROWS.map((row) => [...row]);
    for (let i = 0; i < COHORT.size; i++) {
      const nama = `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`.toUpperCase();
      patients.push([
        String(COHORT.first + i),
        nama,
        rand() < 0.5 ? 'L' : 'P',
        COHORT.tgl_lahir,
        rand() < 0.7 ? 'BPJS' : 'UMUM',
        `${pick(STREETS)} No. ${1 + Math.floor(rand() * 200)}, ${pick(CITIES)}`,
        null,
        null,
      ]);
    }
    await insertRows(q, 'patients', ['nomr', 'nama', 'jenis_kelamin', 'tgl_lahir', 'pastipe', 'alamat', 'no_jaminan', 'telp_hp'], patients);

    await seedPatientA(q, schedules, today);
    await seedTodaysQueue(q, today, now);
    await seedBpjsCodes(q);
    await insertStays(q, DEMO_C.nomr, [C_STAY], today);
  });
}

/**
 * Online consultation sessions (jenis 'online'), each with its own quota, all seats free: A's
 * cardiologist on weekday evenings, and POLI GIZI's first doctor on Tuesday and Thursday afternoons.
 */
async function seedOnlineSessions(q: Queryable): Promise<void> {
  const rows: unknown[][] = [];
  for (let hari = 1; hari <= 5; hari++) rows.push(['D001', '20001', hari, '19:00', '21:00', '2', 'U', 8, 'online']);
  const [gizi] = await q.query<{ kd_dr: string }>(`SELECT kd_dr FROM practice_schedules WHERE kd_dep = '20007' ORDER BY id LIMIT 1`);
  if (gizi) for (const hari of [2, 4]) rows.push([gizi.kd_dr, '20007', hari, '16:00', '18:00', '2', 'U', 6, 'online']);
  await insertRows(q, 'practice_schedules', ['kd_dr', 'kd_dep', 'hari', 'jam_dtg', 'jam_plg', 'sts_jam', 'sts_ue', 'batas_quota', 'jenis'], rows);
}

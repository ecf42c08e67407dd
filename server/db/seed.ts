// Deterministic demo data, seeded into an empty database. Dates are placed around the day of
// seeding (WIB), so a fresh start always has upcoming appointments and today's queues.
import { addDays, isoWeekday, nextOnWeekday, todayWib } from '../../common/dates.ts';
import type { Db, Queryable } from './client.ts';
import { seedBpjsCodes } from './seed-bpjs.ts';
import { CITIES, CLINICS, clinicRoom, DOCTORS_BY_SPECIALTY, FIRST_NAMES, LAB_FOLLOW_UP, LAB_TESTS, LAST_NAMES, STREETS } from './demo-data.ts';

export const DEMO_A = { nomr: '00012345', tgl_lahir: '1968-08-17', nama: 'BUDI SANTOSO' };
export const DEMO_B = { nomr: '00012346', tgl_lahir: '1990-12-25', nama: 'SITI AMINAH' };
/** In the ICVCU now, and so in no clinic queue: the current inpatient stay of the demo. */
export const DEMO_C = { nomr: '00012347', tgl_lahir: '1955-03-09', nama: 'SUPARMAN' };
export const COHORT = { first: 90000001, size: 200, tgl_lahir: '2000-01-01' };

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

interface Schedule {
  id: number;
  kd_dr: string;
  kd_dep: string;
  hari: number;
  batas_quota: number;
}

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
      ['kd_dep', 'ds_dep', 'ruang'],
      CLINICS.map((c, i) => [...c, clinicRoom(i)]),
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
        doctors.push([kd_dr, short, full, `/foto-dokter/${kd_dr}.svg`, group.spesialis]);
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
    doctors.push(['D900', 'dr. Andi Wijaya', 'dr. Andi Wijaya, Sp.An-TI', '/foto-dokter/D900.svg', 'Anestesi']);
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

    const patients: unknown[][] = [
      [DEMO_A.nomr, DEMO_A.nama, 'L', DEMO_A.tgl_lahir, 'BPJS', 'Jl. Letjen S. Parman Kav. 87, Slipi, Jakarta Barat', '0001234567890', '081234567890'],
      [DEMO_B.nomr, DEMO_B.nama, 'P', DEMO_B.tgl_lahir, 'UMUM', 'Jl. Kebon Jeruk Raya No. 12, Jakarta Barat', null, '081298765432'],
      [DEMO_C.nomr, DEMO_C.nama, 'L', DEMO_C.tgl_lahir, 'BPJS', 'Jl. Palmerah Barat No. 5, Jakarta Barat', '0009876543210', '081311112222'],
    ];
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
    await q.query(
      `INSERT INTO inpatient_stays (no_reg, no_mr, tgl_reg, tgl_masuk, ds_kmr, kd_bed_from, ds_bed_from, status, diagnosis_primer)
       VALUES ($1, $2, $3, $3, 'ICVCU', 'C3-02', 'IGD', 'Dirawat', 'I20.0 Angina pektoris tidak stabil')`,
      [regNo('RI', addDays(today, -1), 3), DEMO_C.nomr, addDays(today, -1)],
    );
  });
}

async function seedPatientA(q: Queryable, schedules: Schedule[], today: string): Promise<void> {
  const mr = DEMO_A.nomr;
  // Upcoming appointments: BPJS in Kardiologi Dewasa, Non BPJS in the executive clinic.
  const upcoming = [
    { s: schedules.find((s) => s.kd_dep === '20001' && s.kd_dr === 'D001')!, from: 3, carabayar: 'B' },
    { s: schedules.find((s) => s.kd_dep === '20012')!, from: 5, carabayar: 'P' },
  ];
  for (const { s, from, carabayar } of upcoming) {
    // Whatever the day's random filling, the session keeps a place for this appointment.
    const tgl = nextOnWeekday(addDays(today, from), s.hari);
    await q.query(
      `INSERT INTO practice_sessions (schedule_id, tgl, batas_quota, quota_terisi) VALUES ($1, $2, $3, 0)
       ON CONFLICT (schedule_id, tgl) DO UPDATE
         SET quota_terisi = least(practice_sessions.quota_terisi, practice_sessions.batas_quota - 1)`,
      [s.id, tgl, s.batas_quota],
    );
    const [{ no_urut }] = await q.query<{ no_urut: number }>(
      `UPDATE practice_sessions SET quota_terisi = quota_terisi + 1 WHERE schedule_id = $1 AND tgl = $2
       AND quota_terisi < batas_quota RETURNING quota_terisi AS no_urut`,
      [s.id, tgl],
    );
    // As a booking does, each joins its day's clinic queue under its number.
    await q.query(
      `WITH a AS (
         INSERT INTO appointments (nomr, schedule_id, tgl_janji, kd_dep, kd_dr, sts_jam, sts_ue, carabayar, hp, no_urut)
         SELECT $1, id, $2, kd_dep, kd_dr, sts_jam, sts_ue, $3, '081234567890', $4 FROM practice_schedules WHERE id = $5
         RETURNING no_reg, nomr, tgl_janji, kd_dep, kd_dr, sts_jam, no_urut)
       INSERT INTO clinic_queue (no_reg, no_mr, tgl_janji, kd_dep, kd_dr, sts_jam, no_urut) SELECT * FROM a`,
      [mr, tgl, carabayar, no_urut, s.id],
    );
  }

  const visits: unknown[][] = [
    [
      regNo('RJ', addDays(today, -190), 23),
      mr,
      'poli',
      addDays(today, -190),
      '20001',
      'D001',
      12,
      'N',
      'BPJS',
      'Kontrol PJK pasca PCI. Keluhan nyeri dada berkurang. Lanjutkan aspirin, clopidogrel, atorvastatin.',
      'N',
    ],
    [
      regNo('RJ', addDays(today, -100), 117),
      mr,
      'poli',
      addDays(today, -100),
      '20009',
      'D021',
      5,
      'N',
      'BPJS',
      'Hipertensi terkontrol, gula darah puasa sedikit tinggi. Diet rendah gula, kontrol 3 bulan.',
      'N',
    ],
    [
      DEMO_REGS.poliVisit(today),
      mr,
      'poli',
      addDays(today, -35),
      '20001',
      'D002',
      8,
      'N',
      'BPJS',
      'Sesak saat aktivitas berat. Rencana kateterisasi jantung.',
      'Y',
    ],
    [regNo('RO', addDays(today, -70), 4), mr, 'online', addDays(today, -70), '20001', 'D001', 4, 'N', 'UMUM', null, 'N'],
    [regNo('RO', addDays(today, -14), 9), mr, 'online', addDays(today, -14), '20007', 'D016', 2, 'Y', 'UMUM', null, 'N'],
  ];
  await insertRows(q, 'visits', ['no_reg', 'no_mr', 'jenis', 'tgl_reg', 'kd_dep', 'kd_dr', 'no_urut', 'pas_baru', 'ds_pastipe', 'resume', 'inap'], visits);

  await insertRows(
    q,
    'inpatient_stays',
    [
      'no_reg',
      'no_mr',
      'tgl_reg',
      'tgl_masuk',
      'tgl_pulang',
      'tgl_keluar',
      'ds_kmr',
      'kd_bed_from',
      'ds_bed_from',
      'status',
      'diagnosis_primer',
      'diagnosis_sekunder',
    ],
    [
      [
        regNo('RI', addDays(today, -32), 8),
        mr,
        addDays(today, -32),
        addDays(today, -32),
        addDays(today, -27),
        addDays(today, -27),
        'Ruang Rawat Kelas 1',
        'B1-04',
        'IGD',
        'Pulang',
        'I21.4 Infark miokard akut non-ST elevasi',
        'I10 Hipertensi esensial',
      ],
      [
        regNo('RI', addDays(today, -380), 31),
        mr,
        addDays(today, -380),
        addDays(today, -380),
        addDays(today, -374),
        addDays(today, -374),
        'Ruang Rawat Kelas 1',
        'B2-11',
        'Poliklinik',
        'Pulang',
        'I25.1 Penyakit jantung aterosklerotik',
        null,
      ],
      // Discharged from the ICVCU a few days ago: today's clinic visit is the control after it
      // (a patient in a ward is not in the outpatient queue).
      [
        regNo('RI', addDays(today, -9), 2),
        mr,
        addDays(today, -9),
        addDays(today, -9),
        addDays(today, -5),
        addDays(today, -5),
        'ICVCU',
        'C3-02',
        'Poliklinik',
        'Pulang',
        'I20.0 Angina pektoris tidak stabil',
        null,
      ],
    ],
  );

  await insertRows(
    q,
    'procedures',
    ['no_reg', 'no_mr', 'jenis', 'tanggal', 'tindakan', 'kd_dr', 'kd_dr_anestesi', 'selesai'],
    [
      [DEMO_REGS.cathDone(today), mr, 'kath', addDays(today, -31), 'Kateterisasi jantung diagnostik (angiografi koroner)', 'D003', null, true],
      [regNo('OP', addDays(today, -378), 12), mr, 'bedah', addDays(today, -378), 'Bedah pintas arteri koroner (CABG)', 'D012', 'D900', true],
      [regNo('KT', addDays(today, 4), 6), mr, 'kath', addDays(today, 4), 'Intervensi koroner perkutan (PCI) pada LAD', 'D003', null, false],
      [regNo('OP', addDays(today, 12), 2), mr, 'bedah', addDays(today, 12), 'Penggantian katup mitral', 'D013', 'D900', false],
    ],
  );

  const labRand = prng(17081968);
  // A heart patient's picture: raised cholesterol, a low haemoglobin, the rest within range; the
  // tests followed over the years take A's own series (LAB_FOLLOW_UP), one value per order. The
  // yearly follow-ups hold only those tests; the two recent orders the whole panel.
  const OUT_OF_RANGE: Record<string, number> = { 'Kolesterol Total': 1.18, Hemoglobin: -0.2 };
  const labOrderRows: Array<readonly [no_lab: string, offset: number, panel: boolean]> = [
    ...([-1100, -735, -370] as const).map((offset, i) => [regNo('LAB', addDays(today, offset), 31 + i * 7), offset, false] as const),
    [regNo('LAB', addDays(today, -32), 151), -32, true],
    [DEMO_REGS.lab(today), -6, true],
  ];
  for (const [k, [no_lab, offset, panel]] of labOrderRows.entries()) {
    await q.query('INSERT INTO lab_orders (no_lab, no_mr, tgl_prksa) VALUES ($1, $2, $3)', [no_lab, mr, `${addDays(today, offset)} 07:45:00`]);
    await insertRows(
      q,
      'lab_results',
      ['no_lab', 'seq', 'test_nm', 'hasil', 'unit', 'flag', 'ref_range', 'status', 'test_comment'],
      LAB_TESTS.filter(([name]) => panel || name in LAB_FOLLOW_UP).map(([name, unit, low, high], seq) => {
        let shown = LAB_FOLLOW_UP[name]?.[k];
        if (shown === undefined) {
          const position = OUT_OF_RANGE[name] ?? 0.1 + labRand() * 0.8;
          const value = low + (high - low) * position;
          shown = high < 1 ? value.toFixed(3) : high < 10 ? value.toFixed(2) : value.toFixed(0);
        }
        const flag = Number(shown) > high ? 'H' : Number(shown) < low ? 'L' : null;
        return [
          no_lab,
          seq,
          name,
          shown,
          unit || null,
          flag,
          low === 0 ? `< ${high}` : `${low} - ${high}`,
          'Final',
          flag === 'H' ? 'Di atas nilai rujukan, konsultasikan dengan dokter' : flag === 'L' ? 'Di bawah nilai rujukan, konsultasikan dengan dokter' : null,
        ];
      }),
    );
  }

  const reports: Array<[string | null, number, string]> = [
    [regNo('VS', addDays(today, -80), 11), -80, 'Insufisiensi vena superfisial tungkai kanan'],
    [DEMO_REGS.vascular(today), -20, 'Stenosis ringan arteri femoralis kiri'],
    [null, -2, 'Pemeriksaan belum diverifikasi'],
  ];
  for (const [no_reg, offset, diagnosa] of reports) {
    const [{ id }] = await q.query<{ id: number }>(
      `INSERT INTO vascular_reports (no_reg, no_mr, tgl_periksa, diagnosa, asal_rujukan, pengirim, teknisi)
       VALUES ($1, $2, $3, $4, 'Poli Kardiologi Dewasa', 'dr. Ahmad Fauzi, Sp.JP(K)', 'Rudi Hartono, A.Md.Kes') RETURNING id`,
      [no_reg, mr, addDays(today, offset), diagnosa],
    );
    await insertRows(
      q,
      'vascular_findings',
      ['report_id', 'seq', 'access', 'kanan', 'kiri'],
      [
        [id, 0, 'Arteri femoralis komunis', 'Trifasik, PSV 98 cm/s', 'Bifasik, PSV 76 cm/s'],
        [id, 1, 'Arteri poplitea', 'Trifasik', 'Trifasik'],
        [id, 2, 'Vena saphena magna', 'Refluks 1,8 detik', 'Tidak ada refluks'],
      ],
    );
  }

  // Today's pharmacy queue: A's medicine is being prepared (the clinic queue: seedTodaysQueue).
  await insertRows(
    q,
    'pharmacy_queue',
    ['no_antrian', 'tgl_layanan', 'no_mr', 'status_obat'],
    [
      ['F-011', today, '90000003', 'Siap diambil'],
      ['F-012', today, mr, 'Sedang disiapkan'],
    ],
  );
}

/** A registration number as the hospital writes it: its kind, the date it was made (YYMMDD), a sequence. */
export const regNo = (prefix: string, date: string, seq: number): string =>
  `${prefix}${date.slice(2, 4)}${date.slice(5, 7)}${date.slice(8, 10)}${String(seq).padStart(4, '0')}`;

/** The registration numbers of A's records that tests and samples open, for the day of seeding. */
export const DEMO_REGS = {
  poliVisit: (today = todayWib()) => regNo('RJ', addDays(today, -35), 45),
  cathDone: (today = todayWib()) => regNo('KT', addDays(today, -31), 3),
  vascular: (today = todayWib()) => regNo('VS', addDays(today, -20), 4),
  /** A's latest lab order, with the whole panel. */
  lab: (today = todayWib()) => regNo('LAB', addDays(today, -6), 77),
  /** A's number in today's clinic queue. */
  queue: (today = todayWib()) => regNo('RJ', today, DEMO_QUEUE.a),
};

/** Today's session of D001 in clinic 20001: 1–5 served, 6 being called, A waiting at 9, 14 in all. */
export const DEMO_QUEUE = { size: 14, served: 5, called: 6, a: 9 } as const;

const MINUTE = 60_000;
/** Minutes after the start the numbers 1–6 were called: a doctor a few minutes late, then 9 to 14 minutes a patient. */
const CALLED_AFTER = [4, 16, 30, 39, 52, 63];
/** The demo is seeded this long after the session started. */
const RUNNING_MINUTES = 70;

/**
 * Today's session placed around the moment of seeding, whatever the hour: started about 70
 * minutes before (so 1–6 have been called, 6 a few minutes ago), ending four hours later (or at
 * 23:59), so A's check-in window (an hour before the start until the end) is open now. Near
 * midnight the calls are squeezed into the minutes since 00:00.
 */
export function demoSession(today: string, now: number): { jam_dtg: string; jam_plg: string; calls: number[] } {
  const midnight = Date.parse(`${today}T00:00:00+07:00`);
  const minute = Math.min(Math.max(0, Math.floor((now - midnight) / MINUTE)), 24 * 60 - 1);
  const start = Math.max(0, Math.floor((minute - RUNNING_MINUTES) / 5) * 5);
  const end = Math.min(start + 240, 24 * 60 - 1);
  const squeeze = Math.min(1, Math.max(0, minute - start - 1) / CALLED_AFTER[CALLED_AFTER.length - 1]);
  const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  return {
    jam_dtg: hhmm(start),
    jam_plg: hhmm(end),
    calls: CALLED_AFTER.map((m) => midnight + Math.round((start + m * squeeze) * MINUTE)),
  };
}

async function seedTodaysQueue(q: Queryable, today: string, now: number): Promise<void> {
  const [s] = await q.query<{ id: number; batas_quota: number }>(
    `SELECT id, batas_quota FROM practice_schedules WHERE kd_dr = 'D001' AND kd_dep = '20001' AND hari = $1 AND sts_jam = '1' AND jenis = 'poli'`,
    [isoWeekday(today)],
  );
  const { jam_dtg, jam_plg, calls } = demoSession(today, now);
  await q.query(
    `INSERT INTO practice_sessions (schedule_id, tgl, batas_quota, quota_terisi, jam_dtg, jam_plg) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (schedule_id, tgl) DO UPDATE
       SET batas_quota = greatest(practice_sessions.batas_quota, EXCLUDED.quota_terisi),
           quota_terisi = greatest(practice_sessions.quota_terisi, EXCLUDED.quota_terisi),
           jam_dtg = EXCLUDED.jam_dtg, jam_plg = EXCLUDED.jam_plg`,
    [s.id, today, Math.max(s.batas_quota, DEMO_QUEUE.size), DEMO_QUEUE.size, jam_dtg, jam_plg],
  );
  const start = Date.parse(`${today}T${jam_dtg}:00+07:00`);
  const midnight = Date.parse(`${today}T00:00:00+07:00`);
  const iso = (ms: number) => new Date(ms).toISOString();
  const rows: unknown[][] = [];
  for (let no = 1; no <= DEMO_QUEUE.size; no++) {
    const status = no <= DEMO_QUEUE.served ? 'selesai' : no === DEMO_QUEUE.called ? 'dipanggil' : 'menunggu';
    const nomr = no === DEMO_QUEUE.a ? DEMO_A.nomr : String(COHORT.first + no);
    // Most came in before their call and checked in from the phone or at the machine; A has not yet.
    const checkin = no === DEMO_QUEUE.a || no % 4 === 3 ? null : iso(Math.min(now, Math.max(midnight, start + (no * 4 - 50) * MINUTE)));
    rows.push([regNo('RJ', today, no), nomr, today, '20001', 'D001', '1', no, status, no <= DEMO_QUEUE.called ? iso(calls[no - 1]) : null, checkin]);
  }
  await insertRows(q, 'clinic_queue', ['no_reg', 'no_mr', 'tgl_janji', 'kd_dep', 'kd_dr', 'sts_jam', 'no_urut', 'status', 'called_at', 'checkin_at'], rows);
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

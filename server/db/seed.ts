// Deterministic demo data, seeded into an empty database. Dates are placed around the day of
// seeding (WIB), so a fresh start always has upcoming appointments and today's queues.
import { addDays, isoWeekday, nextOnWeekday, todayWib } from '../../common/dates.ts';
import type { Db, Queryable } from './client.ts';
import { CITIES, CLINICS, DOCTORS_BY_SPECIALTY, FIRST_NAMES, LAB_TESTS, LAST_NAMES, STREETS } from './demo-data.ts';

export const DEMO_A = { nomr: '00012345', tgl_lahir: '1968-08-17', nama: 'BUDI SANTOSO' };
export const DEMO_B = { nomr: '00012346', tgl_lahir: '1990-12-25', nama: 'SITI AMINAH' };
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

export async function seedDemo(db: Db, today = todayWib()): Promise<void> {
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
      ['kd_dep', 'ds_dep'],
      CLINICS.map((c) => [...c]),
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
    // Demo patient A's cardiologist practises in clinic 20001 on every weekday, so the demo
    // always has a session to book and to queue in.
    for (let hari = 1; hari <= 6; hari++) {
      await q.query(
        `INSERT INTO practice_schedules (kd_dr, kd_dep, hari, jam_dtg, jam_plg, sts_jam, sts_ue, batas_quota)
         VALUES ('D001', '20001', $1, '08:00', '12:00', '1', 'U', 30) ON CONFLICT DO NOTHING`,
        [hari],
      );
    }
    const schedules = await q.query<Schedule>('SELECT id, kd_dr, kd_dep, hari, batas_quota FROM practice_schedules ORDER BY id');

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
    const tgl = nextOnWeekday(addDays(today, from), s.hari);
    await q.query(
      `INSERT INTO practice_sessions (schedule_id, tgl, batas_quota, quota_terisi) VALUES ($1, $2, $3, 0)
       ON CONFLICT DO NOTHING`,
      [s.id, tgl, s.batas_quota],
    );
    const [{ no_urut }] = await q.query<{ no_urut: number }>(
      `UPDATE practice_sessions SET quota_terisi = quota_terisi + 1 WHERE schedule_id = $1 AND tgl = $2
       AND quota_terisi < batas_quota RETURNING quota_terisi AS no_urut`,
      [s.id, tgl],
    );
    await q.query(
      `INSERT INTO appointments (nomr, schedule_id, tgl_janji, kd_dep, kd_dr, sts_jam, sts_ue, carabayar, hp, no_urut)
       SELECT $1, id, $2, kd_dep, kd_dr, sts_jam, sts_ue, $3, '081234567890', $4 FROM practice_schedules WHERE id = $5`,
      [mr, tgl, carabayar, no_urut, s.id],
    );
  }

  const visits: unknown[][] = [
    [
      'RJ2405110023',
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
      'RJ2408020117',
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
    ['RJ2410150045', mr, 'poli', addDays(today, -35), '20001', 'D002', 8, 'N', 'BPJS', 'Sesak saat aktivitas berat. Rencana kateterisasi jantung.', 'Y'],
    ['RO2409100004', mr, 'online', addDays(today, -70), '20001', 'D001', 4, 'N', 'UMUM', null, 'N'],
    ['RO2411020009', mr, 'online', addDays(today, -14), '20007', 'D016', 2, 'Y', 'UMUM', null, 'N'],
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
        'RI2410200008',
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
        'RI2311050031',
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
      [
        'RI2411200002',
        mr,
        addDays(today, -1),
        addDays(today, -1),
        null,
        null,
        'ICVCU',
        'C3-02',
        'Poliklinik',
        'Dirawat',
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
      ['KT2410210003', mr, 'kath', addDays(today, -31), 'Kateterisasi jantung diagnostik (angiografi koroner)', 'D003', null, true],
      ['OP2311070012', mr, 'bedah', addDays(today, -378), 'Bedah pintas arteri koroner (CABG)', 'D012', 'D900', true],
      ['KT2411280006', mr, 'kath', addDays(today, 4), 'Intervensi koroner perkutan (PCI) pada LAD', 'D003', null, false],
      ['OP2412040002', mr, 'bedah', addDays(today, 12), 'Penggantian katup mitral', 'D013', 'D900', false],
    ],
  );

  const labRand = prng(17081968);
  const OUT_OF_RANGE: Record<string, number> = { 'Kolesterol Total': 1.18, 'LDL Kolesterol': 1.3, Hemoglobin: -0.2 };
  for (const [no_lab, offset] of [
    ['LAB2410200151', -32],
    ['LAB2411150077', -6],
  ] as const) {
    await q.query('INSERT INTO lab_orders (no_lab, no_mr, tgl_prksa) VALUES ($1, $2, $3)', [no_lab, mr, `${addDays(today, offset)} 07:45:00`]);
    await insertRows(
      q,
      'lab_results',
      ['no_lab', 'seq', 'test_nm', 'hasil', 'unit', 'flag', 'ref_range', 'status', 'test_comment'],
      LAB_TESTS.map(([name, unit, low, high], seq) => {
        // A heart patient's picture: raised cholesterol, a low haemoglobin, the rest within range.
        const position = OUT_OF_RANGE[name] ?? 0.1 + labRand() * 0.8;
        const value = low + (high - low) * position;
        const shown = high < 1 ? value.toFixed(3) : high < 10 ? value.toFixed(2) : value.toFixed(0);
        const flag = Number(shown) > high ? 'H' : Number(shown) < low ? 'L' : null;
        return [
          no_lab,
          seq,
          name,
          shown,
          unit,
          flag,
          low === 0 ? `< ${high}` : `${low} - ${high}`,
          'Final',
          flag === 'H' ? 'Di atas nilai rujukan, konsultasikan dengan dokter' : null,
        ];
      }),
    );
  }

  const reports: Array<[string | null, number, string]> = [
    ['VS2409030011', -80, 'Insufisiensi vena superfisial tungkai kanan'],
    ['VS2411010004', -20, 'Stenosis ringan arteri femoralis kiri'],
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

  // Today's queues: A waits in Kardiologi Dewasa and at the pharmacy, behind other patients.
  await insertRows(
    q,
    'clinic_queue',
    ['no_reg', 'no_mr', 'tgl_janji', 'kd_dep', 'kd_dr', 'no_urut', 'status'],
    [
      ['RJ-Q-0001', '90000001', today, '20001', 'D001', 6, 'dipanggil'],
      ['RJ-Q-0002', mr, today, '20001', 'D001', 7, 'menunggu'],
      ['RJ-Q-0003', '90000002', today, '20001', 'D001', 8, 'menunggu'],
    ],
  );
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

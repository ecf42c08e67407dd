// Every route of the table as a path a browser can open, with sample parameters from the demo
// data: for screenshots, and for the tests that walk the whole app.
import { ROUTES, href, type Access } from '../../common/routes.ts';
import { todayWib } from '../../common/dates.ts';
import { DEMO_REGS, regNo } from '../../server/connector/local/demo/seed.ts';

/**
 * A's first upcoming appointment (BPJS, Kardiologi Dewasa), on a fresh demo database: the seed
 * inserts it first, so it takes the first number of appointments_no_reg_seq (100001,
 * server/db/migrations/007-manage-appointments.sql) with the day of seeding.
 */
export const demoAppointment = (today = todayWib()): string => regNo('RJ', today, 100001);

const SAMPLE: Record<string, string> = {
  dokterr: 'dr. Ahmad Fauzi, Sp.JP(K)',
  kd_dokter: 'D001',
  jam: '08:00-12:00',
  tgljanji: '2026-12-01',
  sts_jam: '1',
  sts_ue: 'U',
  bayar: 'BPJS',
  spesialis: 'Kardiologi',
  nama_dr_lengkap: 'dr. Ahmad Fauzi, Sp.JP(K)',
  kd_dr: 'D001',
  kd_dep: '20001',
  ds_dep: 'POLI KARDIOLOGI DEWASA',
  hari_jadwal: 'Senin',
  jam_dtg: '08:00',
  jam_plg: '12:00',
  nolab: DEMO_REGS.lab(),
  noreg: DEMO_REGS.vascular(),
  poli: 'poli kardiologi dewasa',
  // Ubah Jadwal: a real appointment of A's, so its picker and form are walked, not 'not found'.
  no_reg: demoAppointment(),
};

export interface SamplePath {
  pattern: string;
  path: string;
}

export function samplePaths(access: Access): SamplePath[] {
  return ROUTES.filter((r) => r.access === access).map((r) => ({
    pattern: r.path,
    // The confirmations carry their clinic in the query string.
    path: href(r.path, SAMPLE) + (r.path.startsWith('/buatjanji') ? '?poli=20001&nama_poli=POLI%20KARDIOLOGI%20DEWASA' : ''),
  }));
}

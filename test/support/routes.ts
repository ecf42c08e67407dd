// Every route of the table as a path a browser can open, with sample parameters from the demo
// data: for screenshots, and for the tests that walk the whole app.
import { ROUTES, href, type Access } from '../../common/routes.ts';
import { DEMO_REGS } from '../../server/db/seed.ts';

export const SAMPLE: Record<string, string> = {
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
  // Ubah Jadwal: a number of no appointment of the demo, so the page says it is not in the list.
  no_reg: 'RJ20261201000001',
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

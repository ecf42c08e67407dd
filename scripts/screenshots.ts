// Every route at 360×740 into artifacts/, signed out and signed in as demo patient A.
import { mkdirSync } from 'node:fs';
import { DEMO_A } from '../server/db/seed.ts';
import { ROUTES, href } from '../src/routes.ts';
import { PHONE, launch, signedInPage } from '../test/support/browser.ts';
import { startServer } from '../test/support/server.ts';

const SAMPLE: Record<string, string> = {
  dokterr: 'dr. Ahmad Fauzi, Sp.JP(K)', kd_dokter: 'D001', jam: '08:00-12:00', tgljanji: '2026-12-01', sts_jam: '1', sts_ue: 'U', bayar: 'BPJS',
  spesialis: 'Kardiologi', nama_dr_lengkap: 'dr. Ahmad Fauzi, Sp.JP(K)', kd_dr: 'D001', kd_dep: '20001', ds_dep: 'POLI KARDIOLOGI DEWASA',
  hari_jadwal: 'Senin', jam_dtg: '08:00', jam_plg: '12:00', nolab: 'LAB2411150077', noreg: 'VS2411010004', poli: 'poli kardiologi dewasa',
};

const server = await startServer();
const browser = await launch();
mkdirSync('artifacts', { recursive: true });
try {
  let page = await (await browser.newContext(PHONE)).newPage();
  const shot = async (path: string, name: string) => {
    await page.goto(server.url + path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `artifacts/${name}.png`, fullPage: true });
    console.log(`artifacts/${name}.png  ${path}`);
  };
  for (const r of ROUTES.filter((r) => r.access === 'public')) await shot(r.path, `public${r.path.replace(/\//g, '_') || '_'}`);
  page = await signedInPage(browser, server.url, DEMO_A);
  for (const r of ROUTES.filter((r) => r.access === 'patient')) {
    const path = href(r.path, SAMPLE) + (r.path.startsWith('/buatjanji') ? '?poli=20001&nama_poli=POLI%20KARDIOLOGI%20DEWASA' : '');
    await shot(path, r.path.split('/:')[0].replace(/\//g, '_'));
  }
} finally {
  await browser.close();
  await server.stop();
}

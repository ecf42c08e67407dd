import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PRERENDERED, ROUTES, href, matchRoute, redirectFor, to } from '../../common/routes.ts';

test('every route of spec section 2 is in the table', () => {
  const paths = ROUTES.map((r) => r.path.split('/:')[0]);
  for (const p of [
    '/',
    '/registrasi',
    '/home',
    '/profil',
    '/perjanjianpoli',
    '/buatjanji',
    '/perjanjianonline',
    '/buatjanjionline',
    '/cekjadwaltindakan',
    '/cekjadwaltindakan/operasi',
    '/cekjadwaltindakan/katerisasi',
    '/cekjadwaldokter',
    '/cekjadwaldokter/listdokter',
    '/cekjadwaldokter/cekkuota',
    '/riwayatkonsultasi',
    '/riwayatkonsultasi/poliklinik',
    '/riwayatkonsultasi/polionline',
    '/riwayatrawatinap',
    '/riwayatrawatinap/berjalan',
    '/riwayatrawatinap/lalu',
    '/riwayattindakan',
    '/riwayattindakan/katerisasi',
    '/riwayattindakan/operasi',
    '/riwayatpemeriksaan',
    '/riwayatpemeriksaan/vaskular',
    '/riwayatpemeriksaan/patologiklinik',
    '/riwayatpemeriksaan/patologiklinikdetail',
    '/riwayatpemeriksaan/vaskulardetail',
    '/riwayatpemeriksaan/listriwayat',
  ]) {
    assert.ok(paths.includes(p), p);
  }
  assert.equal(PRERENDERED, ['/', '/registrasi']);
});

test('signed out, only login and registration exist', () => {
  assert.is(redirectFor('/', false), null);
  assert.is(redirectFor('/registrasi', false), null);
  assert.is(redirectFor('/home', false), '/');
  assert.is(redirectFor('/tidak/ada', false), '/');
});

test('signed in, login, registration and unknown paths lead home', () => {
  assert.is(redirectFor('/', true), '/home');
  assert.is(redirectFor('/registrasi', true), '/home');
  assert.is(redirectFor('/tidak/ada', true), '/home');
  assert.is(redirectFor('/home', true), null);
});

test('paths match case-insensitively and go to the route table spelling', () => {
  assert.is(redirectFor('/PerjanjianPoli', true), '/perjanjianpoli');
  assert.is(redirectFor('/CekJadwalTindakan', true), '/cekjadwaltindakan');
  assert.is(redirectFor('/CekJadwalDokter', true), '/cekjadwaldokter');
  assert.is(redirectFor('/perjanjianpoli', true), null);
});

test('parameters keep their case and are decoded', () => {
  const m = matchRoute('/CekJadwalDokter/ListDokter/Cardiologi%20Pediatrik%20(Purnabakti)');
  assert.is(m?.params.spesialis, 'Cardiologi Pediatrik (Purnabakti)');
  assert.is(m?.canonical, '/cekjadwaldokter/listdokter/Cardiologi%20Pediatrik%20(Purnabakti)');
});

test('links encode names with spaces, commas, dots and slashes', () => {
  const link = to.checkQuota({
    nama_dr_lengkap: 'dr. Ahmad Fauzi, Sp.JP(K)',
    kd_dr: 'D001',
    kd_dep: '20012',
    ds_dep: 'POLI EKSEKUTIF / UMUM',
    hari_jadwal: 'Senin',
    jam_dtg: '08:00',
    jam_plg: '12:00',
  });
  assert.is(link.split('/').length, 10);
  const m = matchRoute(link);
  assert.is(m?.params.ds_dep, 'POLI EKSEKUTIF / UMUM');
  assert.is(m?.params.nama_dr_lengkap, 'dr. Ahmad Fauzi, Sp.JP(K)');
  assert.is(redirectFor(link, true), null);
});

test('a missing parameter is a programming error, not a broken link', () => {
  assert.throws(() => href('/riwayatpemeriksaan/vaskulardetail/:noreg', {}), /noreg/);
});

test('a broken %-escape matches no route', () => {
  assert.is(matchRoute('/riwayatpemeriksaan/vaskulardetail/%E0%A4%A'), null);
});

test.run();

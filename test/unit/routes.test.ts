import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { HOME, LOGIN, PRERENDERED, ROUTES, href, matchRoute, parentOf, redirectFor, to } from '../../common/routes.ts';

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
  // The registration's status page (issue #43) is public and prerendered too: a new patient has no login.
  assert.equal(PRERENDERED, ['/', '/registrasi', '/cekpendaftaran']);
});

test('signed out, only login, registration and its status page exist', () => {
  assert.is(redirectFor('/', false), null);
  assert.is(redirectFor('/registrasi', false), null);
  assert.is(redirectFor('/cekpendaftaran', false), null);
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
  const link = to('checkQuota', {
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

test("a link names its route, that route's parameters by its path, and a query of non-empty values", () => {
  assert.is(to('labDetail', { nolab: 'LAB/1' }), '/riwayatpemeriksaan/patologiklinikdetail/LAB%2F1');
  // @ts-expect-error: the lab detail's parameter is nolab, so the compiler refuses the link
  assert.throws(() => to('labDetail', { noreg: 'R-1' }), /nolab/);
  // @ts-expect-error: a route without parameters takes none
  to('home', { x: '1' });
  assert.is(
    to(
      'confirmOnline',
      { dokterr: 'dr. A', kd_dokter: 'D1', jam: '08:00-12:00', tgljanji: '2026-12-01' },
      { poli: '20001', nama_poli: 'POLI A & B', sts_jam: undefined },
    ),
    '/buatjanjionline/dr.%20A/D1/08%3A00-12%3A00/2026-12-01?poli=20001&nama_poli=POLI%20A%20%26%20B',
  );
});

test('a missing parameter is a programming error, not a broken link', () => {
  assert.throws(() => href('/riwayatpemeriksaan/vaskulardetail/:noreg', {}), /noreg/);
});

test('a broken %-escape matches no route', () => {
  assert.is(matchRoute('/riwayatpemeriksaan/vaskulardetail/%E0%A4%A'), null);
});

test('the back arrow goes up: registration to login, a detail to its list, a list to its menu, a menu home', () => {
  assert.is(parentOf('/registrasi'), LOGIN);
  assert.is(parentOf(to('labDetail', { nolab: 'LAB/2026/001' })), to('lab'));
  assert.is(parentOf(to('vascularDetail', { noreg: 'R-1' })), to('vascular'));
  assert.is(parentOf(to('lab')), to('examinations'));
  assert.is(parentOf(to('inpatientPast')), to('inpatient'));
  assert.is(parentOf(to('surgerySchedule')), to('procedures'));
  assert.is(parentOf(to('examinations')), HOME);
  assert.is(parentOf(to('profile')), HOME);
  assert.is(parentOf(to('doctorList', { spesialis: 'Jantung Anak' })), to('doctors'));
  assert.is(parentOf('/RiwayatPemeriksaan/PatologiKlinik'), to('examinations'), 'matched as the router matches');
  assert.is(parentOf('/'), null);
  assert.is(parentOf(HOME), null);
  assert.is(parentOf('/tidak/ada'), HOME);
});

test('every screen with a back arrow has a parent, on the same side of the login, that leads to login or home', () => {
  for (const route of ROUTES.filter((r) => r.bar === 'back')) {
    const chain = [route.path];
    let at = route;
    while (at.parent) {
      const parent = ROUTES.find((r) => r.path === at.parent);
      assert.ok(parent, `${at.path}: its parent ${at.parent} is a route`);
      assert.not.ok(parent.path.includes(':'), `${at.path}: its parent needs no parameters`);
      assert.not.ok(chain.includes(parent.path), `${route.path}: no circle`);
      chain.push(parent.path);
      at = parent;
    }
    assert.ok(chain.length > 1, `${route.path} has a parent`);
    assert.is(at.path, route.access === 'public' ? LOGIN : HOME, `${route.path} ends at ${at.path}`);
  }
});

test.run();

// Home: each card's three states, the welcome, and the logout dialog, in happy-dom against the
// real API server.
import '../support/dom.ts';
import { render } from 'preact';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { session } from '../../src/session/session.ts';
import { AppointmentsCard, ClinicQueueCard, PharmacyQueueCard } from '../../src/screens/home/cards.tsx';
import { DEMO_A, DEMO_B } from '../../server/db/seed.ts';
import { byRole, root, text, waitFor } from '../support/dom.ts';
import { renderSignedIn } from '../support/signed-in.tsx';

let container: HTMLElement;
test.after.each(() => render(null, container));

const appointment = { tanggal_janji: '2026-12-01', nama_dokter: 'dr. Ahmad Fauzi, Sp.JP(K)', departemen: 'POLI KARDIOLOGI DEWASA', no_urut: 7 };

test('a card shows a spinner while loading', () => {
  container = root();
  render(<AppointmentsCard resource={{ state: 'loading' }} />, container);
  assert.ok(byRole('status'));
  assert.not.match(text(), /Tidak ada data !/);
});

test('a card shows the red Tidak ada data ! on a failed call, and on an empty list', () => {
  container = root();
  render(<AppointmentsCard resource={{ state: 'error', error: { kind: 'network' } }} />, container);
  assert.is(byRole('alert')?.textContent, 'Tidak ada data !');
  render(<AppointmentsCard resource={{ state: 'ok', data: [] }} />, container);
  assert.is(byRole('alert')?.textContent, 'Tidak ada data !');
});

test('a card lists expandable items, numbered only when there is more than one', () => {
  container = root();
  render(<AppointmentsCard resource={{ state: 'ok', data: [appointment] }} />, container);
  assert.equal([...document.querySelectorAll('summary')].map((s) => s.textContent), ['Tampilkan Jadwal']);
  assert.match(text(), /01 Desember 2026/);
  assert.match(text(), /dr\. Ahmad Fauzi/);
  render(<AppointmentsCard resource={{ state: 'ok', data: [appointment, { ...appointment, no_urut: 8 }] }} />, container);
  assert.equal([...document.querySelectorAll('summary')].map((s) => s.textContent), ['1. Tampilkan Jadwal', '2. Tampilkan Jadwal']);
});

test('the medicine status is bold and red', () => {
  container = root();
  render(<PharmacyQueueCard resource={{ state: 'ok', data: [{ no_antrian: 'F-012', tgl_layanan: '2026-11-22', no_mr: '00012345', nama_pasien: 'BUDI', status_obat: 'Siap diambil' }] }} />, container);
  const status = [...document.querySelectorAll('strong')].find((s) => s.textContent === 'Siap diambil');
  assert.ok(status, 'status in <strong>');
});

test('a called clinic number says so in bold, with the number reached; without a status no row is added', () => {
  container = root();
  const item = { no_urut: 7, no_reg: 'RJ-Q-0002', tgl_janji: '2026-11-22', hari: 'Minggu', dokter: 'dr. Ahmad Fauzi, Sp.JP(K)', ds_dep: 'POLI KARDIOLOGI DEWASA', no_mr: '00012345', nama_pas: 'BUDI SANTOSO' };
  render(<ClinicQueueCard resource={{ state: 'ok', data: [{ ...item, status: 'dipanggil', no_dipanggil: 7 }] }} />, container);
  const called = [...document.querySelectorAll('strong')].find((s) => s.textContent === 'Dipanggil, silakan menuju ruang periksa');
  assert.ok(called, text());
  assert.match(text(), /Nomor Dipanggil Saat Ini\s*7/);
  render(<ClinicQueueCard resource={{ state: 'ok', data: [item] }} />, container);
  assert.not.match(text(), /Status|Nomor Dipanggil/);
});

async function signedIn(who: { nomr: string; tgl_lahir: string }) {
  container = await renderSignedIn(who, '/home');
}

test('A: the welcome names the patient and all three cards fill', async () => {
  await signedIn(DEMO_A);
  await waitFor(() => text().includes(`Selamat Datang ${DEMO_A.nama}`), 'the welcome');
  await waitFor(() => document.querySelectorAll('summary').length >= 4, 'the three cards');
  assert.not.match(text(), /Tidak ada data !/);
  for (const t of ['Perjanjian Poliklinik', 'Jadwal Tindakan', 'Jadwal Dokter', 'Jadwal Perjanjian Aktif', 'Antrian Poli', 'Antrian Obat Farmasi']) assert.ok(text().includes(t), t);
});

test('B: each of the three cards says Tidak ada data !', async () => {
  await signedIn(DEMO_B);
  await waitFor(() => document.querySelectorAll('[role="alert"]').length === 3, 'three banners');
  assert.equal([...document.querySelectorAll('[role="alert"]')].map((a) => a.textContent), ['Tidak ada data !', 'Tidak ada data !', 'Tidak ada data !']);
});

test('Logout asks Confirm Logout; No keeps the session, Yes clears everything', async () => {
  await signedIn(DEMO_B);
  await waitFor(() => byRole('button', 'Akun'), 'the account menu');
  byRole('button', 'Akun')!.click();
  (await waitFor(() => byRole('menuitem', 'Logout'), 'Logout')).click();
  await waitFor(() => text().includes('Confirm Logout'), 'the dialog');
  assert.match(text(), /Are you sure you want to log out\?/);
  byRole('button', 'No')!.click();
  await waitFor(() => !byRole('dialog'), 'the dialog to close');
  assert.is(localStorage.getItem('nomormr'), DEMO_B.nomr);
  byRole('button', 'Akun')!.click();
  (await waitFor(() => byRole('menuitem', 'Logout'), 'Logout')).click();
  (await waitFor(() => byRole('button', 'Yes'), 'Yes')).click();
  await waitFor(() => location.pathname === '/', 'the login page');
  assert.is(localStorage.length, 0);
  assert.is(session.current.value, null);
});

test.run();

// Home: each card's three states, the welcome, and the logout dialog, in happy-dom against the
// real API server.
import '../support/dom.ts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { session } from '../../src/session/session.ts';
import { AppointmentsCard, ClinicQueueCard, PharmacyQueueCard } from '../../src/screens/home/cards.tsx';
import { DEMO_A, DEMO_B } from '../../server/connector/local/demo/seed.ts';
import { todayWib } from '../../common/dates.ts';
import { fieldsIn } from '../support/dom.ts';
import { renderSignedIn } from '../support/signed-in.tsx';

test.after.each(cleanup);
// All test files run in one process: the next one starts signed out.
test.after(() => session.signOut());

const appointment = { tanggal_janji: '2026-12-01', nama_dokter: 'dr. Ahmad Fauzi, Sp.JP(K)', departemen: 'POLI KARDIOLOGI DEWASA', no_urut: 7 };
const CARDS = ['Jadwal Perjanjian Aktif', 'Antrian Poli', 'Antrian Obat Farmasi'];

test('a card shows a spinner while loading', () => {
  render(<AppointmentsCard resource={{ state: 'loading' }} />);
  assert.ok(screen.getByRole('status', { name: 'Memuat…' }));
  assert.is(screen.queryByText(/Tidak ada data !/), null);
});

test('a card shows the red Tidak ada data ! on a failed call; an empty list says it calmly, with a sentence under it', () => {
  const { rerender } = render(<AppointmentsCard resource={{ state: 'error', error: { kind: 'network' } }} />);
  assert.is(screen.getByRole('alert').textContent, 'Tidak ada data !');
  rerender(<AppointmentsCard resource={{ state: 'ok', data: [] }} />);
  assert.is(screen.queryByRole('alert'), null, 'an empty list is no alarm');
  assert.ok(screen.getByText('Tidak ada data !'));
  assert.ok(screen.getByText('Anda belum punya jadwal perjanjian. Buat janji lewat Perjanjian Poliklinik.'));
});

test("each appointment names its date and doctor on a line of its own beside 'Tampilkan Jadwal'", () => {
  render(<AppointmentsCard resource={{ state: 'ok', data: [appointment, { ...appointment, tanggal_janji: '2026-12-05', nama_dokter: 'dr. Budi' }] }} />);
  const summaries = screen.getAllByRole('group').map((item) => item.querySelector('summary')?.textContent);
  assert.equal(summaries, ['1. Tampilkan JadwalSelasa, 1 Desember 2026 · dr. Ahmad Fauzi, Sp.JP(K)', '2. Tampilkan JadwalSabtu, 5 Desember 2026 · dr. Budi']);
});

test('a card lists expandable items, numbered only when there is more than one', () => {
  const { rerender } = render(<AppointmentsCard resource={{ state: 'ok', data: [appointment] }} />);
  const card = screen.getByRole('region', { name: 'Jadwal Perjanjian Aktif' });
  // Each item a group (a <details>) opened by its visible summary.
  const summaries = () =>
    within(card)
      .getAllByRole('group')
      .map((item) => within(item).getByText(/Tampilkan Jadwal$/).textContent);
  assert.equal(summaries(), ['Tampilkan Jadwal']);
  assert.is(fieldsIn().Tanggal, 'Selasa, 1 Desember 2026');
  assert.is(fieldsIn().Dokter, 'dr. Ahmad Fauzi, Sp.JP(K)');
  rerender(<AppointmentsCard resource={{ state: 'ok', data: [appointment, { ...appointment, no_urut: 8 }] }} />);
  assert.equal(summaries(), ['1. Tampilkan Jadwal', '2. Tampilkan Jadwal']);
});

test('the medicine status: ready and in preparation each in its own colour and words; another status bold red as the spec shows', () => {
  const today = todayWib();
  const entry = { no_antrian: 'F-012', tgl_layanan: today, no_mr: '00012345', nama_pasien: 'BUDI' };
  const { rerender } = render(<PharmacyQueueCard resource={{ state: 'ok', data: [{ ...entry, status_obat: 'Siap diambil' }] }} />);
  const ready = screen.getByText('Siap diambil').className;
  assert.ok(screen.getByText('Silakan ambil obat Anda di loket farmasi.'));
  rerender(<PharmacyQueueCard resource={{ state: 'ok', data: [{ ...entry, status_obat: 'Sedang disiapkan' }] }} />);
  const preparing = screen.getByText('Sedang disiapkan').className;
  assert.ok(screen.getByText('Obat Anda sedang disiapkan. Anda akan diberi tahu saat obat siap.'));
  assert.ok(ready && preparing && ready !== preparing, `${ready} / ${preparing}`);
  rerender(<PharmacyQueueCard resource={{ state: 'ok', data: [{ ...entry, status_obat: 'Diserahkan' }] }} />);
  assert.is(screen.getByText('Diserahkan').tagName, 'STRONG');
});

test("an earlier day's medicine status is shown without the hint", () => {
  render(
    <PharmacyQueueCard
      resource={{
        state: 'ok',
        data: [{ no_antrian: 'F-012', tgl_layanan: '2026-11-22', no_mr: '00012345', nama_pasien: 'BUDI', status_obat: 'Siap diambil' }],
      }}
    />,
  );
  assert.is(fieldsIn()['Status Obat'], 'Siap diambil');
  assert.is(screen.getByText('Siap diambil').tagName, 'STRONG', 'status in <strong>');
});

test('a called clinic number says so in bold, with the number reached; without a status no row is added', () => {
  const item = {
    no_urut: 7,
    no_reg: 'RJ-Q-0002',
    tgl_janji: '2026-11-22',
    hari: 'Minggu',
    dokter: 'dr. Ahmad Fauzi, Sp.JP(K)',
    ds_dep: 'POLI KARDIOLOGI DEWASA',
    no_mr: '00012345',
    nama_pas: 'BUDI SANTOSO',
  };
  const { rerender } = render(<ClinicQueueCard resource={{ state: 'ok', data: [{ ...item, status: 'dipanggil', no_dipanggil: 7 }] }} />);
  assert.is(fieldsIn().Status, 'Dipanggil, silakan menuju ruang periksa');
  assert.is(screen.getByText('Dipanggil, silakan menuju ruang periksa').tagName, 'STRONG');
  // The room, where the API names it.
  rerender(<ClinicQueueCard resource={{ state: 'ok', data: [{ ...item, status: 'dipanggil', no_dipanggil: 7, ruang: 'Ruang Periksa 3' }] }} />);
  assert.is(fieldsIn().Status, 'Dipanggil, silakan menuju ruang periksaRuang Periksa 3');
  assert.is(fieldsIn()['Nomor Dipanggil Saat Ini'], '7');
  rerender(<ClinicQueueCard resource={{ state: 'ok', data: [item] }} />);
  assert.is(screen.queryByText(/Status|Nomor Dipanggil/), null);
});

test('A: the welcome names the patient and all three cards fill', async () => {
  await renderSignedIn(DEMO_A, '/home');
  await screen.findByText(`Selamat Datang ${DEMO_A.nama}`);
  for (const name of CARDS) {
    const card = await screen.findByRole('region', { name });
    await waitFor(() => assert.ok(within(card).queryAllByRole('group').length > 0, name));
  }
  assert.ok(screen.getAllByRole('group').length >= 4, 'the two appointments of A and one number in each queue');
  assert.is(screen.queryByText(/Tidak ada data !/), null);
  const shortcuts = screen.getByRole('navigation', { name: 'Pintasan' });
  for (const name of ['Perjanjian Poliklinik', 'Jadwal Tindakan', 'Jadwal Dokter']) assert.ok(within(shortcuts).getByRole('link', { name }), name);
  for (const name of CARDS) assert.ok(screen.getByRole('heading', { name }), name);
});

test('B: each of the three cards says Tidak ada data !, calmly, with what it means; no Hari ini card', async () => {
  await renderSignedIn(DEMO_B, '/home');
  for (const name of CARDS) {
    const card = await screen.findByRole('region', { name });
    await within(card).findByText('Tidak ada data !');
    assert.is(within(card).queryByRole('alert'), null, name);
  }
  await screen.findByText('Anda tidak sedang dalam antrian poli hari ini.');
  await screen.findByText('Tidak ada antrian obat untuk Anda hari ini.');
  assert.is(screen.queryByRole('heading', { name: 'Hari ini' }), null);
});

test('Logout asks Confirm Logout; No keeps the session, Yes clears everything', async () => {
  await renderSignedIn(DEMO_B, '/home');
  const logout = async () => {
    fireEvent.click(await screen.findByRole('button', { name: 'Akun' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    return screen.findByRole('dialog', { name: 'Confirm Logout', description: 'Are you sure you want to log out?' });
  };
  fireEvent.click(within(await logout()).getByRole('button', { name: 'No' }));
  await waitFor(() => assert.is(screen.queryByRole('dialog'), null));
  assert.is(localStorage.getItem('nomormr'), DEMO_B.nomr);
  fireEvent.click(within(await logout()).getByRole('button', { name: 'Yes' }));
  await waitFor(() => assert.is(location.pathname, '/'));
  assert.is(localStorage.length, 0);
  assert.is(session.current.value, null);
});

test.run();

// What the login and registration forms say when something is wrong, and where the focus goes,
// in happy-dom; nothing here reaches a server (each case is refused before any call).
import '../support/dom.ts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { useState } from 'react';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import Login from '../../src/screens/login/login.tsx';
import Register from '../../src/screens/register/register.tsx';
import { Dialog } from '../../src/ui/Dialog.tsx';
import { choose, enter } from '../support/dom.ts';

test.after.each(cleanup);

/** Every request the page makes while the test runs (none is expected). */
const requests: string[] = [];
const realFetch = globalThis.fetch;
test.before(() => {
  globalThis.fetch = ((input: RequestInfo | URL) => {
    requests.push(String(input));
    return Promise.reject(new TypeError('no network in this test'));
  }) as typeof fetch;
});
test.after(() => {
  globalThis.fetch = realFetch;
});
test.before.each(() => {
  requests.length = 0;
});

async function openLogin() {
  render(<Login navigate={() => undefined} />);
  const notice = await screen.findByRole('dialog', { name: 'Pastikan Anda Mengaktifkan Notifikasi' });
  fireEvent.click(within(notice).getByRole('button', { name: 'Tutup' }));
}

function fillDate(day: string, month: string, year: string) {
  choose(screen.getByRole('combobox', { name: 'Tanggal' }), day);
  choose(screen.getByRole('combobox', { name: 'Bulan' }), month);
  enter(screen.getByRole('textbox', { name: 'Tahun' }), year);
}

test('login: 31 Februari 1968 is invalid beside the date, the day takes the focus, nothing is sent', async () => {
  await openLogin();
  enter(screen.getByRole('textbox', { name: 'Nomor MR' }), '00012345');
  fillDate('31', 'Februari', '1968');
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
  const day = await screen.findByRole('combobox', { name: 'Tanggal', description: 'Tanggal lahir tidak valid' });
  assert.ok(screen.getByRole('group', { name: 'Tanggal Lahir', description: 'Tanggal lahir tidak valid' }));
  await waitFor(() => assert.is(document.activeElement, day));
  assert.is(screen.queryByText('Wajib diisi'), null);
  assert.is(screen.getByRole('textbox', { name: 'Tahun' }).getAttribute('aria-invalid'), null, 'the year is right');
  assert.equal(requests, []);
});

test('login: a two-digit year asks for four digits at the year', async () => {
  await openLogin();
  enter(screen.getByRole('textbox', { name: 'Nomor MR' }), '00012345');
  fillDate('17', 'Agustus', '68');
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
  const year = await screen.findByRole('textbox', { name: 'Tahun', description: 'Tulis tahun dengan 4 angka, misalnya 1968' });
  await waitFor(() => assert.is(document.activeElement, year));
  assert.equal(requests, []);
});

test('login: the message follows the correction and goes once the date is right', async () => {
  await openLogin();
  fillDate('31', 'Februari', '68');
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
  await screen.findByText('Tulis tahun dengan 4 angka, misalnya 1968');
  await waitFor(() => assert.is(document.activeElement, screen.getByRole('textbox', { name: 'Nomor MR' }), 'the first wrong field'));
  enter(screen.getByRole('textbox', { name: 'Tahun' }), '1968');
  await screen.findByText('Tanggal lahir tidak valid');
  choose(screen.getByRole('combobox', { name: 'Tanggal' }), '28');
  await waitFor(() => assert.is(screen.queryByText('Tanggal lahir tidak valid'), null));
  assert.is(screen.getByRole('group', { name: 'Tanggal Lahir' }).getAttribute('aria-describedby'), null);
});

test('a whole date pasted into the year fills the three parts', async () => {
  await openLogin();
  const year = screen.getByRole<HTMLInputElement>('textbox', { name: 'Tahun' });
  fireEvent.paste(year, { clipboardData: { getData: () => '17 Agustus 1968' } });
  await waitFor(() => assert.is(year.value, '1968'));
  assert.is(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Tanggal' }).value, '17');
  assert.is(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Bulan' }).value, '08');
});

test('registration: each wrong field says so, Pesan still opens, and closing it focuses the first', async () => {
  render(<Register />);
  enter(screen.getByRole('textbox', { name: 'No KTP' }), '3174000011112222');
  enter(screen.getByRole('textbox', { name: 'Telpon' }), '081377788899');
  fillDate('31', 'Februari', '1968');
  fireEvent.click(screen.getByRole('checkbox'));
  fireEvent.click(screen.getByRole('button', { name: 'Daftar' }));
  const dialog = await screen.findByRole('dialog', { name: 'Pesan' });
  assert.ok(within(dialog).getByText('Mohon isi semua data dengan benar!'));
  for (const name of ['Nama', 'Tempat Lahir', 'Email']) assert.ok(screen.getByRole('textbox', { name, description: 'Wajib diisi' }), name);
  assert.ok(screen.getByRole('combobox', { name: 'Pekerjaan', description: 'Wajib diisi' }));
  assert.ok(screen.getByRole('group', { name: 'Tanggal Lahir', description: 'Tanggal lahir tidak valid' }));
  for (const name of ['No KTP', 'Telpon']) assert.is(screen.getByRole('textbox', { name }).getAttribute('aria-invalid'), null, name);
  assert.equal(requests, []);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
  await waitFor(() => assert.is(document.activeElement, screen.getByRole('textbox', { name: 'Nama' })));
});

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <h1>Judul</h1>
      <button type="button" onClick={() => setOpen(true)}>
        Buka
      </button>
      {open && <Dialog title="Pesan" onClose={() => setOpen(false)} actions={[{ label: 'Close', onClick: () => setOpen(false) }]} />}
    </main>
  );
}

test('a dialog gives the focus back to the button that opened it', async () => {
  render(<Opener />);
  const opener = screen.getByRole('button', { name: 'Buka' });
  opener.focus();
  fireEvent.click(opener);
  const close = await screen.findByRole('button', { name: 'Close' });
  await waitFor(() => assert.is(document.activeElement, close));
  fireEvent.click(close);
  await waitFor(() => assert.is(screen.queryByRole('dialog'), null));
  assert.is(document.activeElement, opener);
});

test('a dialog with nothing to go back to gives the focus to the page title, not to the body', async () => {
  render(<Opener />);
  (document.activeElement as HTMLElement | null)?.blur();
  const opener = screen.getByRole('button', { name: 'Buka' });
  fireEvent.click(opener); // a tap that leaves the focus where it was, as Safari does
  await screen.findByRole('dialog', { name: 'Pesan' });
  fireEvent.keyDown(document, { key: 'Escape' });
  await waitFor(() => assert.is(screen.queryByRole('dialog'), null));
  assert.is(document.activeElement, screen.getByRole('heading', { name: 'Judul' }));
});

test.run();

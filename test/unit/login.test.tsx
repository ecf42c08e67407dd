// The login screen in happy-dom against the real API server.
import '../support/dom.ts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { login } from '../../src/api/auth.ts';
import { App } from '../../src/app.tsx';
import { session } from '../../src/session/session.ts';
import { DEMO_A } from '../../server/connector/local/demo/seed.ts';
import { apiServer } from '../support/api-server.ts';
import { appearedDuring, fillLogin, setUrl, sleep, watchAttribute } from '../support/dom.ts';

test.before.each(async () => {
  const server = await apiServer();
  session.signOut();
  if (location.origin !== server.url) setUrl(`${server.url}/`);
  else history.replaceState(null, '', '/');
  render(<App />);
  await screen.findByRole('button', { name: 'Login' });
  // The notification dialog opens on load: close it.
  const notice = await screen.findByRole('dialog', { name: 'Pastikan Anda Mengaktifkan Notifikasi' });
  fireEvent.click(within(notice).getByRole('button', { name: 'Tutup' }));
});

test.after.each(cleanup);
// All test files run in one process: the next one starts signed out.
test.after(() => session.signOut());

const loginButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Login' });

test('shows the labelled fields, Login and Registrasi Pasien Baru, and a copyright footer', () => {
  assert.ok(screen.getByRole('textbox', { name: 'Nomor MR' }));
  assert.ok(screen.getByRole('group', { name: 'Tanggal Lahir' }));
  assert.ok(loginButton());
  assert.is(screen.getByRole('link', { name: 'Registrasi Pasien Baru' }).getAttribute('href'), '/registrasi');
  assert.match(screen.getByRole('contentinfo').textContent ?? '', /©/);
});

test('both fields are required: nothing is sent without them', async () => {
  fireEvent.click(loginButton());
  const nomr = await screen.findByRole('textbox', { name: 'Nomor MR', description: /kartu berobat Wajib diisi$/ });
  assert.ok(screen.getByRole('group', { name: 'Tanggal Lahir', description: 'Wajib diisi' }));
  const invalid = [nomr, ...['Tanggal', 'Bulan'].map((name) => screen.getByRole('combobox', { name })), screen.getByRole('textbox', { name: 'Tahun' })];
  assert.equal(
    invalid.map((field) => field.getAttribute('aria-invalid')),
    ['true', 'true', 'true', 'true'],
  );
  assert.is(screen.queryByText(/Login Gagal|Login Berhasil/), null);
});

test('a wrong birth date shows Login Gagal with the spec text', async () => {
  fillLogin(DEMO_A.nomr, '1968-08-18');
  fireEvent.click(loginButton());
  const dialog = await screen.findByRole('alertdialog', { name: 'Login Gagal' });
  assert.ok(within(dialog).getByText('Periksa kembali Nomor MR dan Tanggal Lahir Anda'));
  assert.is(localStorage.getItem('token'), null);
});

test('while submitting, Login is disabled and shows a spinner', async () => {
  fillLogin(DEMO_A.nomr, DEMO_A.tgl_lahir);
  const button = loginButton();
  let states: Array<string | null> = [];
  const spinnerShown = await appearedDuring(
    () => within(button).queryByRole('status', { name: 'Memuat…' }),
    async () => {
      states = await watchAttribute(button, 'disabled', async () => {
        fireEvent.click(button);
        await screen.findByRole('dialog', { name: 'Login Berhasil' });
      });
    },
  );
  assert.equal(states, ['', null], 'disabled while the call runs, enabled after');
  assert.ok(spinnerShown, 'a spinner in the button');
});

test('success stores the four keys, says Login Berhasil and goes home after 2 s', async () => {
  fillLogin(DEMO_A.nomr, DEMO_A.tgl_lahir);
  fireEvent.click(loginButton());
  await screen.findByRole('dialog', { name: 'Login Berhasil' });
  assert.is(localStorage.getItem('statuslogin'), '1');
  assert.is(localStorage.getItem('nomormr'), DEMO_A.nomr);
  assert.is(localStorage.getItem('tgllahir'), DEMO_A.tgl_lahir);
  assert.match(localStorage.getItem('token') ?? '', /^[A-Za-z0-9_-]{22}$/);
  await sleep(1500);
  assert.is(location.pathname, '/');
  await waitFor(() => assert.is(location.pathname, '/home'), { timeout: 3000 });
});

test('after five wrong dates the number is locked: Login Gagal also says when to try again', async () => {
  const nomr = '90000190';
  for (let i = 0; i < 5; i++) await login({ medical_record_number: nomr, birthdate: '1999-09-09', fcmtoken: '' });
  fillLogin(nomr, '2000-01-01'); // the right date, too late
  fireEvent.click(loginButton());
  const dialog = await screen.findByRole('alertdialog', { name: 'Login Gagal' });
  assert.ok(within(dialog).getByText('Periksa kembali Nomor MR dan Tanggal Lahir Anda'));
  assert.ok(
    within(dialog).getByText(/^Terlalu banyak percobaan login yang gagal\..*silakan coba lagi setelah \d{2} [A-Z][a-z]+ \d{4} pukul \d{2}\.\d{2} WIB\.$/),
  );
  assert.is(localStorage.getItem('token'), null);
});

test.run();

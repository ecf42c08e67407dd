// The login screen in happy-dom against the real API server.
import '../support/dom.ts';
import { render } from 'preact';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { login } from '../../src/api/auth.ts';
import { App } from '../../src/app.tsx';
import { session } from '../../src/session/session.ts';
import { DEMO_A } from '../../server/db/seed.ts';
import { apiServer } from '../support/api-server.ts';
import { appearedDuring, byRole, labelled, root, setUrl, sleep, text, type, waitFor, watchAttribute } from '../support/dom.ts';

let container: HTMLElement;

test.before.each(async () => {
  const server = await apiServer();
  session.signOut();
  if (location.origin !== server.url) setUrl(`${server.url}/`);
  else history.replaceState(null, '', '/');
  container = root();
  render(<App />, container);
  await waitFor(() => byRole('button', 'Login'), 'the login form');
  // The notification dialog opens on load: close it.
  const close = await waitFor(() => byRole('button', 'Tutup'), 'the notification dialog');
  close.click();
});

test.after.each(() => render(null, container));

async function fill(nomr: string, iso: string) {
  const [y, m, d] = iso.split('-');
  type(labelled('Nomor MR'), nomr);
  type(labelled('Tanggal'), d);
  type(labelled('Bulan'), m);
  type(labelled('Tahun'), y);
  await sleep(0); // the screen re-renders between a person's typing and tapping
}

test('shows the labelled fields, Login and Registrasi Pasien Baru, and a copyright footer', () => {
  assert.ok(labelled('Nomor MR'));
  assert.ok([...document.querySelectorAll('legend')].some((l) => l.textContent === 'Tanggal Lahir'));
  assert.ok(byRole('button', 'Login'));
  assert.is(byRole('link', 'Registrasi Pasien Baru')?.getAttribute('href'), '/registrasi');
  assert.match(text(), /©/);
});

test('both fields are required: nothing is sent without them', async () => {
  byRole('button', 'Login')!.click();
  await waitFor(() => text().includes('Wajib diisi'), 'required messages');
  assert.is(document.querySelectorAll('[aria-invalid="true"]').length >= 2, true);
  assert.not.match(text(), /Login Gagal|Login Berhasil/);
});

test('a wrong birth date shows Login Gagal with the spec text', async () => {
  await fill(DEMO_A.nomr, '1968-08-18');
  byRole('button', 'Login')!.click();
  await waitFor(() => byRole('alertdialog'), 'the failure dialog');
  assert.match(text(), /Login Gagal/);
  assert.match(text(), /Periksa kembali Nomor MR dan Tanggal Lahir Anda/);
  assert.is(localStorage.getItem('token'), null);
});

test('while submitting, Login is disabled and shows a spinner', async () => {
  await fill(DEMO_A.nomr, DEMO_A.tgl_lahir);
  const button = byRole('button', 'Login') as HTMLButtonElement;
  let states: Array<string | null> = [];
  const spinnerShown = await appearedDuring(button, '[role="status"]', async () => {
    states = await watchAttribute(button, 'disabled', async () => {
      button.click();
      await waitFor(() => text().includes('Login Berhasil'), 'the success dialog');
    });
  });
  assert.equal(states, ['', null], 'disabled while the call runs, enabled after');
  assert.ok(spinnerShown, 'a spinner in the button');
});

test('success stores the four keys, says Login Berhasil and goes home after 2 s', async () => {
  await fill(DEMO_A.nomr, DEMO_A.tgl_lahir);
  byRole('button', 'Login')!.click();
  await waitFor(() => text().includes('Login Berhasil'), 'the success dialog');
  assert.is(localStorage.getItem('statuslogin'), '1');
  assert.is(localStorage.getItem('nomormr'), DEMO_A.nomr);
  assert.is(localStorage.getItem('tgllahir'), DEMO_A.tgl_lahir);
  assert.match(localStorage.getItem('token') ?? '', /^[A-Za-z0-9_-]{22}$/);
  await new Promise((r) => setTimeout(r, 1500));
  assert.is(location.pathname, '/');
  await waitFor(() => location.pathname === '/home', 'the move to /home', 3000);
});

test('after five wrong dates the number is locked: Login Gagal also says when to try again', async () => {
  const nomr = '90000190';
  for (let i = 0; i < 5; i++) await login({ medical_record_number: nomr, birthdate: '1999-09-09', fcmtoken: '' });
  await fill(nomr, '2000-01-01'); // the right date, too late
  byRole('button', 'Login')!.click();
  await waitFor(() => byRole('alertdialog'), 'the failure dialog');
  assert.match(text(), /Login Gagal/);
  assert.match(text(), /Periksa kembali Nomor MR dan Tanggal Lahir Anda/);
  assert.match(text(), /Terlalu banyak percobaan login yang gagal\..*silakan coba lagi setelah pukul \d{2}\.\d{2} WIB\./);
  assert.is(localStorage.getItem('token'), null);
});

test.run();

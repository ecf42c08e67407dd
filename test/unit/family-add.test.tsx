// 'Tambah Anggota Keluarga' (/tambahprofil) in happy-dom against the real API server: a wrong
// birth date says that this number and date do not match (not the login page's 'Login Gagal'); a
// number locked by the login throttle says so with the login page's time to try again; neither
// adds a profile. A patient who must sign in with a passkey needs a
// server with PASSKEY_REQUIRED: test/e2e/family.test.ts.
import { setUrl } from '../support/dom.ts'; // first: Testing Library needs the DOM when it loads
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { COHORT, DEMO_A, DEMO_B } from '../../server/connector/local/demo/seed.ts';
import { login } from '../../src/api/auth.ts';
import { App } from '../../src/app.tsx';
import { allProfiles, OTHERS_KEY } from '../../src/session/profiles.ts';
import { session } from '../../src/session/session.ts';
import { apiServer } from '../support/api-server.ts';
import { fillLogin } from '../support/dom.ts';

test.before.each(async () => {
  const server = await apiServer();
  session.signOut();
  if (location.origin !== server.url) setUrl(`${server.url}/`);
});
test.after.each(cleanup);
// All test files run in one process: the next one starts signed out.
test.after(() => session.signOut());

const FAILED = 'Periksa kembali Nomor MR dan Tanggal Lahir Anda';

async function tokenOf(who: { nomr: string; tgl_lahir: string }): Promise<string> {
  const res = await login({ medical_record_number: who.nomr, birthdate: who.tgl_lahir, fcmtoken: '' });
  assert.ok(res.ok && res.data?.access_token, `${who.nomr} signs in`);
  return (res as { data: { access_token: string } }).data.access_token;
}

/** What the login page's failure dialog says for this number and date, signed out. */
async function loginPageSays(nomr: string, iso: string): Promise<string> {
  cleanup();
  session.signOut();
  history.replaceState(null, '', '/');
  render(<App />);
  const notice = await screen.findByRole('dialog', { name: 'Pastikan Anda Mengaktifkan Notifikasi' });
  fireEvent.click(within(notice).getByRole('button', { name: 'Tutup' }));
  fillLogin(nomr, iso);
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
  return (await screen.findByRole('alertdialog', { name: 'Login Gagal' })).textContent ?? '';
}

/** What 'Tambah Anggota Keluarga' says for this number and date, with A signed in, in the dialog titled `title`. */
async function addFormSays(nomr: string, iso: string, title: string): Promise<string> {
  cleanup();
  session.signIn({ nomr: DEMO_A.nomr, birthDate: DEMO_A.tgl_lahir, token: await tokenOf(DEMO_A) });
  history.replaceState(null, '', '/tambahprofil');
  render(<App />);
  await screen.findByRole('heading', { name: 'Tambah Anggota Keluarga' });
  await screen.findByRole('button', { name: 'Tambah Profil' });
  fillLogin(nomr, iso);
  fireEvent.click(screen.getByRole('button', { name: 'Tambah Profil' }));
  const text = (await screen.findByRole('alertdialog', { name: title })).textContent ?? '';
  assert.is(screen.queryByRole('alertdialog', { name: 'Login Gagal' }), null);
  // Nothing joined the phone: A alone, under the spec's keys.
  assert.equal(
    allProfiles().map((p) => p.nomr),
    [DEMO_A.nomr],
  );
  assert.is(localStorage.getItem('nomormr'), DEMO_A.nomr);
  assert.is(localStorage.getItem(OTHERS_KEY), null);
  return text;
}

test("a wrong birth date: 'Data Tidak Cocok', naming the number and the date typed", async () => {
  const add = await addFormSays(DEMO_B.nomr, '1990-12-26', 'Data Tidak Cocok');
  assert.is(
    add,
    `Data Tidak CocokNomor MR ${DEMO_B.nomr} dengan tanggal lahir 26 Desember 1990 tidak cocok dengan data pasien rumah sakit. Periksa kembali keduanya, misalnya di kartu berobat anggota keluarga Anda.Tutup`,
  );
  // The login page keeps the spec's dialog for the same number and date.
  assert.is(await loginPageSays(DEMO_B.nomr, '1990-12-26'), `Login Gagal${FAILED}Tutup`);
});

test("a number locked after five wrong dates: 'Terlalu Banyak Percobaan', with the login page's time to try again", async () => {
  // Not a number another file's tests use (login.test.tsx locks 90000190).
  const who = { nomr: '90000191', tgl_lahir: COHORT.tgl_lahir };
  for (let i = 0; i < 5; i++) await login({ medical_record_number: who.nomr, birthdate: '1999-09-09', fcmtoken: '' });
  const add = await addFormSays(who.nomr, who.tgl_lahir, 'Terlalu Banyak Percobaan'); // the right date, too late
  const lock = /Terlalu banyak percobaan login yang gagal\..*silakan coba lagi setelah \d{2} [A-Z][a-z]+ \d{4} pukul \d{2}\.\d{2} WIB\./;
  assert.match(add, new RegExp(`^Terlalu Banyak PercobaanProfil dengan Nomor MR ${who.nomr} belum dapat ditambahkan\\.${lock.source}Tutup$`));
  const onLoginPage = await loginPageSays(who.nomr, who.tgl_lahir);
  assert.is(lock.exec(onLoginPage)?.[0], lock.exec(add)?.[0], 'the same time to try again as on the login page');
});

test.run();

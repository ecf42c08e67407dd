// Passkeys in Chromium, with the DevTools virtual authenticator standing in for the phone's
// fingerprint sensor (a platform authenticator with user verification, resident keys): enrolment
// offered after a login and from Profil, sign-in with one tap, the passkey and session as
// 'Perangkat & Kunci Masuk' lists them, what a sign-in must refuse, ending a session from another
// phone, and PASSKEY_REQUIRED. At http://localhost (browsers refuse WebAuthn on an IP).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CDPSession, Locator, Page } from 'playwright-core';
import { API } from '../../common/paths.ts';
import { COHORT } from '../../server/connector/local/demo/seed.ts';
import { deviceLabel } from '../../server/domain/passkeys.ts';
import { fillLogin, fingerprintSensor, PHONE, storeSession } from '../support/browser.ts';
import { realApp } from '../support/e2e.ts';
import { apiToken, startServer, type RunningServer } from '../support/server.ts';

const app = realApp(test);
/** The page's address: localhost, where browsers allow WebAuthn over http. */
const site = (server: RunningServer = app.server) => `http://localhost:${server.port}`;
/** Patients of the demo cohort, one or two per test, so no test sees another's passkeys or sessions. */
const patient = (i: number) => ({ nomr: String(COHORT.first + i), tgl_lahir: COHORT.tgl_lahir });

interface Phone {
  p: Page;
  cdp: CDPSession;
  authenticatorId: string;
}

/** A phone-sized page with a fingerprint sensor: Chromium's virtual platform authenticator. */
async function phone(): Promise<Phone> {
  const ctx = await app.browser.newContext(PHONE);
  const p = await ctx.newPage();
  const cdp = await ctx.newCDPSession(p);
  const authenticatorId = await fingerprintSensor(cdp);
  return { p, cdp, authenticatorId };
}

async function closeNotificationDialog(p: Page) {
  await p.getByRole('dialog', { name: 'Pastikan Anda Mengaktifkan Notifikasi' }).getByRole('button', { name: 'Tutup' }).click();
}

/** MR number and birth date on the login page, then home. */
async function formLogin(p: Page, who: { nomr: string; tgl_lahir: string }, server = app.server) {
  await p.goto(`${site(server)}/`);
  await closeNotificationDialog(p);
  await fillLogin(p, who.nomr, who.tgl_lahir);
  await p.getByRole('button', { name: 'Login', exact: true }).click();
  await p.waitForURL('**/home');
}

/** Home's offer after the login, accepted: the phone's prompt, and the passkey is kept. */
async function acceptOffer(p: Page) {
  await p.getByRole('dialog', { name: 'Masuk Lebih Mudah' }).getByRole('button', { name: 'Aktifkan masuk dengan sidik jari' }).click();
  await p.getByText('Masuk dengan sidik jari sudah aktif.').waitFor();
}

async function logout(p: Page) {
  await p.getByRole('button', { name: 'Akun' }).click();
  await p.getByRole('menuitem', { name: 'Logout' }).click();
  await p.getByRole('button', { name: 'Yes' }).click();
  await p.waitForURL(/\/$/);
  await closeNotificationDialog(p);
}

/** One tap on 'Masuk dengan sidik jari'; answers the body the app sent and the server's status. */
async function tapPasskey(p: Page): Promise<{ body: string; status: number }> {
  const sent = p.waitForResponse((r) => r.url().endsWith(API.passkeyLogin));
  await p.getByRole('button', { name: 'Masuk dengan sidik jari' }).click();
  const res = await sent;
  return { body: res.request().postData() ?? '', status: res.status() };
}

const post = (url: string, body: string) => fetch(`${app.server.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

test('after a login the app offers a passkey once; signed out, one tap on the fingerprint button leads home', async () => {
  const who = patient(1);
  const { p, cdp, authenticatorId } = await phone();
  await formLogin(p, who);
  await acceptOffer(p);
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  assert.is(credentials.length, 1);
  assert.ok(credentials[0].isResidentCredential, 'a discoverable credential');
  assert.is(credentials[0].rpId, 'localhost');

  // Offered once: home opened again asks, and the server says no more.
  const asked = p.waitForResponse((r) => r.url().endsWith(API.passkeyOffer));
  await p.reload();
  assert.is((await (await asked).json()).data.offer, false);

  await logout(p);
  const { status } = await tapPasskey(p);
  assert.is(status, 200);
  await p.waitForURL('**/home');
  await p.getByRole('button', { name: 'Akun' }).waitFor();
  assert.is(await p.evaluate(() => localStorage.getItem('nomormr')), who.nomr);
  assert.is(await p.evaluate(() => localStorage.getItem('tgllahir')), who.tgl_lahir);
  await p.context().close();
});

/** A card's label and value pairs, as the screen shows them. */
async function fieldsOf(card: Locator): Promise<string[][]> {
  const [terms, values] = [await card.locator('dt').allInnerTexts(), await card.locator('dd').allInnerTexts()];
  return terms.map((t, i) => [t, values[i]]);
}
/** formatMoment's words: '23 November 2026 pukul 21.05'. */
const MOMENT = /^\d{1,2} [A-Z][a-z]+ \d{4} pukul \d{2}\.\d{2}$/;

test("Profil's 'Aktifkan masuk dengan sidik jari' enrols the phone; 'Perangkat & Kunci Masuk' lists it with its device, when made and last used", async () => {
  const who = patient(6);
  const { p, cdp, authenticatorId } = await phone();
  await p.goto(`${site()}/registrasi`);
  await storeSession(p, who, await apiToken(app.server.url, who));
  await p.goto(`${site()}/profil`);
  await p.getByRole('button', { name: 'Aktifkan masuk dengan sidik jari' }).click();
  await p.getByText('Masuk dengan sidik jari sudah aktif.').waitFor();
  assert.is((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials.length, 1);

  const device = deviceLabel(await p.evaluate(() => navigator.userAgent));
  assert.ok(device, 'the browser has a device label');
  await p.getByRole('link', { name: 'Perangkat & Kunci Masuk' }).click();
  await p.waitForURL('**/perangkat');
  const passkey = p.getByRole('region', { name: 'Kunci Masuk (Sidik Jari)' }).getByRole('listitem');
  await passkey.waitFor();
  assert.is(await passkey.count(), 1);
  assert.is(await passkey.getByRole('heading').innerText(), device);
  const made = await fieldsOf(passkey);
  assert.equal(
    made.map(([term]) => term),
    ['Dibuat', 'Terakhir dipakai'],
  );
  assert.match(made[0][1], MOMENT);
  assert.is(made[1][1], 'Belum pernah dipakai');

  // Signed in with it: the passkey's last use, and this session's way in.
  await p.goto(`${site()}/home`);
  await logout(p);
  assert.is((await tapPasskey(p)).status, 200);
  await p.waitForURL('**/home');
  await p.goto(`${site()}/perangkat`);
  await passkey.waitFor();
  const used = await fieldsOf(passkey);
  assert.is(used[0][1], made[0][1], 'created stays');
  assert.match(used[1][1], MOMENT);
  const here = p.getByRole('region', { name: 'Sesi Aktif' }).getByRole('listitem').filter({ hasText: '(Perangkat ini)' });
  assert.is(await here.getByRole('heading').innerText(), `${device} (Perangkat ini)`);
  const session = Object.fromEntries(await fieldsOf(here));
  assert.is(session['Cara masuk'], 'Sidik jari');
  assert.match(session['Masuk sejak'], MOMENT);
  assert.match(session['Terakhir aktif'], MOMENT);
  await p.context().close();
});

test("a replayed assertion, a stale challenge, another patient's credential and a removed passkey are refused", async () => {
  const [a, b] = [patient(2), patient(3)];
  const { p } = await phone();
  await formLogin(p, a);
  await acceptOffer(p);
  await logout(p);

  // Replayed: the answer the phone sent once is refused the second time.
  const options = p.waitForResponse((r) => r.url().endsWith(API.passkeyLoginOptions));
  const first = await tapPasskey(p);
  const used = (await (await options).json()).data.challenge as string;
  assert.is(first.status, 200);
  await p.waitForURL('**/home');
  assert.is((await post(API.passkeyLogin, first.body)).status, 401);

  // Stale: the phone signs a challenge the server already took.
  await logout(p);
  await p.route(`**${API.passkeyLoginOptions}`, async (route) => {
    const res = await route.fetch();
    const json = await res.json();
    await route.fulfill({ response: res, json: { ...json, data: { ...json.data, challenge: used } } });
  });
  assert.is((await tapPasskey(p)).status, 401);
  const failed = p.getByRole('alertdialog', { name: 'Masuk Gagal' });
  await failed.getByText('Masuk dengan sidik jari gagal', { exact: false }).waitFor();
  assert.match(p.url(), /\/$/, 'still on the login page');
  await failed.getByRole('button', { name: 'Tutup' }).click();
  await p.unroute(`**${API.passkeyLoginOptions}`);

  // Another patient's: B's own passkey on another phone, its answer claiming A's account.
  const other = await phone();
  await formLogin(other.p, b);
  await acceptOffer(other.p);
  await logout(other.p);
  const signedByB = await tapPasskey(other.p);
  assert.is(signedByB.status, 200);
  const handleOfA = JSON.parse(first.body).response.userHandle as string;
  await other.p.waitForURL('**/home');
  await logout(other.p);
  // A fresh assertion by B's key, sent with A's user handle in place of B's.
  await other.p.route(`**${API.passkeyLogin}`, (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}');
    return route.continue({ postData: JSON.stringify({ ...body, response: { ...body.response, userHandle: handleOfA } }) });
  });
  assert.is((await tapPasskey(other.p)).status, 401);
  await other.p.context().close();

  // Removed: A removes the passkey in 'Perangkat & Kunci Masuk'; the phone still holds it.
  const login = await tapPasskey(p);
  assert.is(login.status, 200);
  await p.waitForURL('**/home');
  await p.goto(`${site()}/profil`);
  await p.getByRole('link', { name: 'Perangkat & Kunci Masuk' }).click();
  await p.waitForURL('**/perangkat');
  await p.getByRole('button', { name: /^Hapus / }).click();
  await p.getByRole('alertdialog', { name: 'Hapus Kunci Masuk?' }).getByRole('button', { name: 'Ya' }).click();
  await p.getByText('Kunci masuk sudah dihapus.').waitFor();
  await p.getByText('Belum ada kunci masuk.').waitFor();
  await p.goto(`${site()}/home`);
  await logout(p);
  assert.is((await tapPasskey(p)).status, 401);
  await p.getByRole('alertdialog', { name: 'Masuk Gagal' }).waitFor();
  await p.context().close();
});

test('a session ended from another phone answers 401, and that phone returns to login', async () => {
  const who = patient(4);
  const [x, y] = [await phone(), await phone()];
  for (const { p } of [x, y]) {
    await p.goto(`${site()}/registrasi`);
    await storeSession(p, who, await apiToken(app.server.url, who));
  }
  await y.p.goto(`${site()}/home`);
  await y.p.getByRole('button', { name: 'Akun' }).waitFor();

  const violations: string[] = [];
  x.p.on('console', (m) => /Content Security Policy/i.test(m.text()) && violations.push(m.text()));
  await x.p.goto(`${site()}/perangkat`);
  const sessions = x.p.getByRole('region', { name: 'Sesi Aktif' });
  await sessions.getByText('(Perangkat ini)').waitFor();
  assert.is(await sessions.getByRole('button', { name: /^Akhiri sesi/ }).count(), 2);
  await sessions.getByRole('button', { name: /^Akhiri sesi (?!Perangkat ini)/ }).click();
  await x.p.getByRole('alertdialog', { name: 'Akhiri Sesi?' }).getByRole('button', { name: 'Ya' }).click();
  await x.p.getByText('Sesi sudah diakhiri.').waitFor();

  const refused = y.p.waitForResponse((r) => r.url().includes('/api/patient/') && r.status() === 401);
  await y.p.goto(`${site()}/riwayatkonsultasi/poliklinik`);
  await refused;
  await y.p.waitForURL(/\/$/);
  await y.p.getByRole('button', { name: 'Login', exact: true }).waitFor();
  await x.p.goto(`${site()}/home`);
  await x.p.getByRole('button', { name: 'Akun' }).waitFor();
  assert.match(x.p.url(), /\/home$/, 'the phone that ended it stays signed in');
  assert.equal(violations, [], 'the screen works under the Content-Security-Policy');
  await x.p.context().close();
  await y.p.context().close();
});

test('PASSKEY_REQUIRED: an enrolled patient’s MR number and birth date are refused with how to recover', async () => {
  const server = await startServer({ PASSKEY_REQUIRED: 'true' });
  try {
    const who = patient(5);
    const { p } = await phone();
    await formLogin(p, who, server);
    await acceptOffer(p);
    await logout(p);
    await fillLogin(p, who.nomr, who.tgl_lahir);
    await p.getByRole('button', { name: 'Login', exact: true }).click();
    const failed = p.getByRole('alertdialog', { name: 'Login Gagal' });
    await failed.getByText('loket pendaftaran', { exact: false }).waitFor();
    await failed.getByRole('button', { name: 'Tutup' }).click();
    assert.is((await tapPasskey(p)).status, 200);
    await p.waitForURL('**/home');
    await p.context().close();
  } finally {
    await server.stop();
  }
});

test("PASSKEY_REQUIRED: a family member whose passkey is on this phone is added from 'Tambah Anggota Keluarga' with the fingerprint; twice, refused and the new session ended", async () => {
  const server = await startServer({ PASSKEY_REQUIRED: 'true' });
  try {
    const [mother, carer] = [patient(6), patient(7)];
    const { p } = await phone();
    await formLogin(p, mother, server);
    await acceptOffer(p);
    await logout(p);
    await formLogin(p, carer, server);
    await p.getByRole('dialog', { name: 'Masuk Lebih Mudah' }).getByRole('button', { name: 'Nanti saja' }).click();

    const openAdd = async () => {
      await p.getByRole('button', { name: 'Akun' }).click();
      await p.getByRole('menuitem', { name: 'Tambah Anggota Keluarga' }).click();
      await p.getByRole('heading', { name: 'Tambah Anggota Keluarga' }).waitFor();
    };
    await openAdd();
    // Her number and birth date alone are refused, with how she signs in.
    await fillLogin(p, mother.nomr, mother.tgl_lahir);
    await p.getByRole('button', { name: 'Tambah Profil' }).click();
    const failed = p.getByRole('alertdialog', { name: 'Gunakan Sidik Jari' });
    await failed.getByText(`Pasien dengan Nomor MR ${mother.nomr} masuk dengan sidik jari.`).waitFor();
    await failed.getByText('Tekan "Masuk dengan sidik jari"', { exact: false }).waitFor();
    await failed.getByRole('button', { name: 'Tutup' }).click();

    assert.is((await tapPasskey(p)).status, 200);
    await p.getByRole('dialog', { name: 'Profil Ditambahkan' }).getByText(`Nomor MR ${mother.nomr}`, { exact: false }).waitFor();
    await p.waitForURL('**/home', { timeout: 10_000 });
    assert.is(await p.evaluate(() => localStorage.getItem('nomormr')), mother.nomr, 'she is the active profile');
    assert.is(await p.evaluate(() => localStorage.getItem('tgllahir')), mother.tgl_lahir);
    const others = await p.evaluate(() => JSON.parse(localStorage.getItem('profillain') ?? '[]') as { nomr: string }[]);
    assert.equal(
      others.map((o) => o.nomr),
      [carer.nomr],
      'the carer stays on the phone',
    );
    await p.getByRole('button', { name: `Buka profil`, exact: false }).waitFor();

    // Her passkey again: she is on the phone already; the session the sign-in made is ended.
    await openAdd();
    const answer = p.waitForResponse((r) => r.url().endsWith(API.passkeyLogin));
    await p.getByRole('button', { name: 'Masuk dengan sidik jari' }).click();
    const token = ((await (await answer).json()) as { token: { access_token: string } }).token.access_token;
    await p.getByRole('alertdialog', { name: 'Profil Sudah Ada' }).waitFor();
    const read = () => fetch(`${server.url}${API.profile}?nomr=${mother.nomr}`, { headers: { authorization: `Bearer ${token}` } });
    for (let i = 0; i < 50 && (await read()).status !== 401; i++) await p.waitForTimeout(100);
    assert.is((await read()).status, 401, 'the unused session is revoked');
    assert.is(await p.evaluate(() => localStorage.getItem('nomormr')), mother.nomr, 'nothing changed on the phone');
    await p.context().close();
  } finally {
    await server.stop();
  }
});

test.run();

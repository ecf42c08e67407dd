// The registration screen in happy-dom against the real API server.
import '../support/dom.ts';
import { render } from 'preact';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { App } from '../../src/app.tsx';
import { session } from '../../src/session/session.ts';
import { registerPatient } from '../../src/api/auth.ts';
import { REGISTER_LIMIT, apiServer } from '../support/api-server.ts';
import { byRole, labelled, root, setUrl, sleep, text, type, waitFor, watchAttribute } from '../support/dom.ts';

let container: HTMLElement;

async function open(origin?: string) {
  const server = await apiServer();
  session.signOut();
  setUrl(`${origin ?? server.url}/registrasi`);
  container = root();
  render(<App />, container);
  await waitFor(() => byRole('button', 'Daftar'), 'the registration form');
}

test.after.each(() => render(null, container));

const nik = () => `3173${String(Date.now()).slice(-12)}`;

async function fill(over: Record<string, string> = {}) {
  const v = { Nama: 'Dewi Lestari', 'No KTP': nik(), 'Tempat Lahir': 'Bandung', Telpon: '081298765432', Email: 'dewi@example.co.id', ...over };
  for (const [label, value] of Object.entries(v)) type(labelled(label), value);
  type(labelled('Tanggal'), '05');
  type(labelled('Bulan'), '03');
  type(labelled('Tahun'), '1975');
  type(labelled('Pekerjaan'), '06');
  await sleep(0);
}

test('the form has the title, a back button, the seven labelled fields and Daftar', async () => {
  await open();
  assert.ok(byRole('heading', 'Registrasi Pasien Baru'));
  assert.ok(byRole('button', 'Kembali'));
  for (const l of ['Nama', 'No KTP', 'Tempat Lahir', 'Telpon', 'Email', 'Pekerjaan']) assert.ok(labelled(l), l);
  assert.ok([...document.querySelectorAll('legend')].some((l) => l.textContent === 'Tanggal Lahir'));
  const options = [...(labelled('Pekerjaan') as HTMLSelectElement).options].map((o) => `${o.value} ${o.textContent}`);
  assert.ok(options.includes('00 ASN Kemenkes'));
  assert.ok(options.includes('12 Buruh'));
  assert.is(options.length, 14);
});

test('an empty field opens Pesan with the spec text and sends nothing', async () => {
  await open();
  await fill({ Email: '' });
  const button = byRole('button', 'Daftar')!;
  const states = await watchAttribute(button, 'disabled', async () => {
    button.click();
    await waitFor(() => byRole('dialog'), 'the Pesan dialog');
  });
  assert.equal(states, [], 'never sending');
  assert.match(text(), /Pesan/);
  assert.match(text(), /Mohon isi semua data dengan benar!/);
});

test('a complete form is saved and the saved message shown; the form keeps its values', async () => {
  await open();
  await fill();
  byRole('button', 'Daftar')!.click();
  await waitFor(() => text().includes('Data Anda Telah disimpan'), 'the saved message');
  assert.match(text(), /Silahkan lanjutkan proses verifikasi di loket pendaftaran. Terimakasih/);
  byRole('button', 'Close')!.click();
  await waitFor(() => !byRole('dialog'), 'the dialog to close');
  assert.is((labelled('Nama') as HTMLInputElement).value, 'Dewi Lestari');
});

test('a refused registration shows the failed message and what the server says is wrong', async () => {
  await open();
  await fill({ 'No KTP': '12345' });
  byRole('button', 'Daftar')!.click();
  await waitFor(() => text().includes('Data Anda Gagal disimpan'), 'the failed message');
  assert.match(text(), /Data Anda Gagal disimpan. Mohon diperiksa kembali/);
  assert.match(text(), /16 angka/);
});

test('a click outside the dialog closes it', async () => {
  await open();
  byRole('button', 'Daftar')!.click();
  const dialog = await waitFor(() => byRole('dialog'), 'the dialog');
  (dialog.parentElement as HTMLElement).click();
  await waitFor(() => !byRole('dialog'), 'the dialog to close');
});

test('a network error shows the browser alert', async () => {
  const alerts: string[] = [];
  window.alert = (m?: unknown) => void alerts.push(String(m));
  await open('http://127.0.0.1:9'); // nothing listens there
  await fill();
  byRole('button', 'Daftar')!.click();
  await waitFor(() => alerts.length > 0, 'the alert', 15000);
  assert.equal(alerts, ['There was an error sending the data!']);
});

// Last of the file: it uses up this address's registrations on the shared server.
test('too many registrations from one network: the failed message and when to try again', async () => {
  const form = { nama: 'Uji', no_ktp: '1', tempat_lahir: 'Bogor', tgl_lahir: '1980-01-01', telp_hp: '081234567890', email: 'uji@example.id', pekerjaan: '02' };
  await open(); // the page, and so the API calls, at the test server
  for (let i = 0; i < REGISTER_LIMIT; i++) await registerPatient(form);
  await fill();
  byRole('button', 'Daftar')!.click();
  await waitFor(() => text().includes('Data Anda Gagal disimpan'), 'the failed message');
  assert.match(text(), /Terlalu banyak pendaftaran dari jaringan ini\. Silakan coba lagi setelah pukul \d{2}\.\d{2} WIB\./);
});

test.run();

// The registration screen in happy-dom against the real API server.
import '../support/dom.ts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { App } from '../../src/app.tsx';
import { session } from '../../src/session/session.ts';
import { registerPatient } from '../../src/api/auth.ts';
import { REGISTER_LIMIT, apiServer } from '../support/api-server.ts';
import { choose, enter, setUrl, watchAttribute } from '../support/dom.ts';

async function open(origin?: string) {
  const server = await apiServer();
  session.signOut();
  setUrl(`${origin ?? server.url}/registrasi`);
  render(<App />);
  await screen.findByRole('button', { name: 'Daftar' });
}

test.after.each(cleanup);
// All test files run in one process: the next one starts signed out.
test.after(() => session.signOut());

const nik = () => `3173${String(Date.now()).slice(-12)}`;
const daftar = () => screen.getByRole('button', { name: 'Daftar' });
const consent = () => screen.getByRole<HTMLInputElement>('checkbox', { name: /^Saya setuju data saya diproses/ });
const noDialog = () => waitFor(() => assert.is(screen.queryByRole('dialog'), null));

/** The bodies of the registration requests sent while fn runs, on their way to the real server. */
async function registrationsSent(fn: () => Promise<unknown>): Promise<Array<Record<string, unknown>>> {
  const realFetch = globalThis.fetch;
  const bodies: Array<Record<string, unknown>> = [];
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input instanceof Request ? input.url : input).includes('/simpan/pasien/baru')) bodies.push(JSON.parse(String(init?.body)));
    return realFetch(input, init);
  }) as typeof fetch;
  try {
    await fn();
  } finally {
    globalThis.fetch = realFetch;
  }
  return bodies;
}

function fill(over: Record<string, string> = {}, { agree = true } = {}) {
  const v = { Nama: 'Dewi Lestari', 'No KTP': nik(), 'Tempat Lahir': 'Bandung', Telpon: '081298765432', Email: 'dewi@example.co.id', ...over };
  for (const [name, value] of Object.entries(v)) enter(screen.getByRole('textbox', { name }), value);
  choose(screen.getByRole('combobox', { name: 'Tanggal' }), '5');
  choose(screen.getByRole('combobox', { name: 'Bulan' }), 'Maret');
  enter(screen.getByRole('textbox', { name: 'Tahun' }), '1975');
  choose(screen.getByRole('combobox', { name: 'Pekerjaan' }), 'IRT');
  if (agree && !consent().checked) fireEvent.click(consent());
}

test('the form has the title, a back button, the seven labelled fields and Daftar', async () => {
  await open();
  assert.ok(screen.getByRole('heading', { name: 'Registrasi Pasien Baru' }));
  assert.ok(screen.getByRole('button', { name: 'Kembali' }));
  for (const name of ['Nama', 'No KTP', 'Tempat Lahir', 'Telpon', 'Email']) assert.ok(screen.getByRole('textbox', { name }), name);
  assert.ok(screen.getByRole('group', { name: 'Tanggal Lahir' }));
  const pekerjaan = screen.getByRole('combobox', { name: 'Pekerjaan' });
  const options = within(pekerjaan)
    .getAllByRole<HTMLOptionElement>('option')
    .map((o) => `${o.value} ${o.textContent}`);
  assert.ok(options.includes('00 ASN Kemenkes'));
  assert.ok(options.includes('12 Buruh'));
  assert.is(options.length, 14);
});

test('a short privacy notice says what is collected, why, for how long and whom to ask; the consent is unticked', async () => {
  await open();
  const group = screen.getByRole('group', { name: 'Pemberitahuan Privasi' });
  const notice = group.textContent ?? '';
  for (const what of [
    'Nama',
    'NIK',
    'tempat/tanggal lahir',
    'nomor HP',
    'email',
    'pekerjaan',
    'membuat rekam medis',
    'retensi rekam medis',
    'loket pendaftaran',
    'petugas pelindungan data',
  ]) {
    assert.ok(notice.includes(what), what);
  }
  assert.is(within(group).getByRole<HTMLInputElement>('checkbox').checked, false);
});

test('Daftar without consent: a message beside the checkbox, announced, and nothing sent; ticking it clears the message', async () => {
  await open();
  fill({}, { agree: false });
  const sent = await registrationsSent(async () => {
    fireEvent.click(daftar());
    const alert = await screen.findByRole('alert');
    assert.is(alert.textContent, 'Centang persetujuan untuk mendaftar.');
    assert.ok(within(screen.getByRole('group', { name: 'Pemberitahuan Privasi' })).getByRole('alert'), 'beside the checkbox');
  });
  assert.equal(sent, []);
  assert.is(screen.queryByRole('dialog'), null);
  assert.is(daftar().hasAttribute('disabled'), false, 'Daftar stays usable');
  assert.is(consent().getAttribute('aria-invalid'), 'true');
  assert.is(consent().getAttribute('aria-describedby'), screen.getByRole('alert').id, 'the message describes the checkbox');
  fireEvent.click(consent());
  await waitFor(() => assert.is(screen.queryByRole('alert'), null));
  assert.is(consent().getAttribute('aria-invalid'), 'false');
});

test('with consent, the registration carries it and the version of the notice', async () => {
  await open();
  fill();
  const sent = await registrationsSent(async () => {
    fireEvent.click(daftar());
    await screen.findByRole('dialog', { name: 'Pesan' });
  });
  assert.is(sent.length, 1);
  assert.is(sent[0].persetujuan_privasi, true);
  assert.is(sent[0].versi_privasi, 'privasi-v1');
  assert.is(sent[0].nama, 'Dewi Lestari');
});

test('an empty field opens Pesan with the spec text and sends nothing', async () => {
  await open();
  fill({ Email: '' });
  const button = daftar();
  const states = await watchAttribute(button, 'disabled', async () => {
    fireEvent.click(button);
    await screen.findByRole('dialog', { name: 'Pesan' });
  });
  assert.equal(states, [], 'never sending');
  assert.ok(within(screen.getByRole('dialog', { name: 'Pesan' })).getByText('Mohon isi semua data dengan benar!'));
});

test("a complete form is saved and the saved message shown; the form keeps its values, and 'Kembali ke halaman Login' takes the focus", async () => {
  await open();
  fill();
  fireEvent.click(daftar());
  const dialog = await screen.findByRole('dialog', { name: 'Pesan' });
  assert.ok(within(dialog).getByText('Data Anda Telah disimpan. Silahkan lanjutkan proses verifikasi di loket pendaftaran. Terimakasih'));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
  await noDialog();
  assert.is(screen.getByRole<HTMLInputElement>('textbox', { name: 'Nama' }).value, 'Dewi Lestari');
  const back = screen.getByRole('link', { name: 'Kembali ke halaman Login' });
  assert.is(back.getAttribute('href'), '/');
  assert.is(document.activeElement, back);
  // Under the spec's words again, once the dialog is gone.
  assert.ok(within(back.parentElement as HTMLElement).getByText(/lanjutkan proses verifikasi di loket pendaftaran/));
});

/** The message beside a field, through its aria-describedby; null when it is not marked. */
function besideOf(el: HTMLElement): string | null {
  if (el.getAttribute('aria-invalid') !== 'true') return null;
  return document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? '';
}
const box = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });

test('every wrong field says what is wrong beside it at once, nothing is sent, and closing Pesan puts the focus on the first', async () => {
  await open();
  fill({ 'No KTP': '12345', Telpon: '12', Email: 'dewi@', 'Tempat Lahir': '' });
  const sent = await registrationsSent(async () => {
    fireEvent.click(daftar());
    const dialog = await screen.findByRole('dialog', { name: 'Pesan' });
    assert.is(dialog.textContent, 'PesanMohon isi semua data dengan benar!Close');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await noDialog();
  });
  assert.equal(sent, []);
  assert.is(besideOf(box('Nama')), null);
  assert.is(besideOf(box('No KTP')), 'No KTP (NIK) harus 16 angka.');
  assert.is(besideOf(box('Tempat Lahir')), 'Wajib diisi');
  assert.is(besideOf(box('Telpon')), 'Nomor Telpon tidak valid. Gunakan nomor HP, misalnya 081234567890.');
  assert.is(besideOf(box('Email')), 'Alamat Email tidak valid.');
  assert.is(document.activeElement, box('No KTP'));
  // Corrected, a field's message goes at once.
  enter(box('No KTP'), '3173012345678901');
  await waitFor(() => assert.is(besideOf(box('No KTP')), null));
  assert.is(besideOf(box('Email')), 'Alamat Email tidak valid.');
});

test("a refusal from the server shows the failed message and the server's words, and marks the field they name", async () => {
  await open();
  // Direction characters: refused by the server's request schema (not a rule the form repeats).
  fill({ Nama: 'Dewi \u202eLestari' });
  fireEvent.click(daftar());
  const dialog = await screen.findByRole('dialog', { name: 'Pesan' });
  assert.ok(within(dialog).getByText('Data Anda Gagal disimpan. Mohon diperiksa kembali'));
  const said = within(dialog).getByText(/kolom nama/i).textContent;
  fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
  await noDialog();
  assert.is(besideOf(box('Nama')), said);
  assert.is(document.activeElement, box('Nama'));
  enter(box('Nama'), 'Dewi Lestari');
  await waitFor(() => assert.is(besideOf(box('Nama')), null));
});

test('a click outside the dialog closes it', async () => {
  await open();
  fireEvent.click(daftar());
  const dialog = await screen.findByRole('dialog', { name: 'Pesan' });
  // The backdrop has no role: it is where a person taps, beside the dialog.
  fireEvent.click(dialog.parentElement as HTMLElement);
  await noDialog();
});

test('a network error shows the browser alert', async () => {
  const alerts: string[] = [];
  const browserAlert = window.alert;
  window.alert = (m?: unknown) => void alerts.push(String(m));
  try {
    await open('http://127.0.0.1:9'); // nothing listens there
    fill();
    fireEvent.click(daftar());
    await waitFor(() => assert.ok(alerts.length > 0), { timeout: 15000 });
  } finally {
    window.alert = browserAlert;
  }
  assert.equal(alerts, ['There was an error sending the data!']);
});

// Last of the file: it uses up this address's registrations on the shared server.
test('too many registrations from one network: the failed message and when to try again', async () => {
  const form = { nama: 'Uji', no_ktp: '1', tempat_lahir: 'Bogor', tgl_lahir: '1980-01-01', telp_hp: '081234567890', email: 'uji@example.id', pekerjaan: '02' };
  await open(); // the page, and so the API calls, at the test server
  for (let i = 0; i < REGISTER_LIMIT; i++) await registerPatient(form);
  fill();
  fireEvent.click(daftar());
  const dialog = await screen.findByRole('dialog', { name: 'Pesan' });
  assert.ok(within(dialog).getByText('Data Anda Gagal disimpan. Mohon diperiksa kembali'));
  assert.ok(within(dialog).getByText(/^Terlalu banyak pendaftaran dari jaringan ini\. Silakan coba lagi setelah pukul \d{2}\.\d{2} WIB\.$/));
});

test.run();

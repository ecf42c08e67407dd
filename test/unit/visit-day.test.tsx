// The visit day on home's clinic queue card: today's entry at a glance (my number, the number
// called, how many ahead, the estimate, check-in), each part hidden when the API does not send it;
// check-in against the real API server; and the live stream's format and reconnect waits.
import '../support/dom.ts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { todayWib } from '../../common/dates.ts';
import { API } from '../../common/paths.ts';
import type { ClinicQueueItem } from '../../common/schemas/index.ts';
import { eventParser } from '../../src/api/visit.ts';
import { followClinicQueue, reconnectDelay } from '../../src/data/visit.ts';
import { PUSH_EVENT } from '../../src/push/foreground.ts';
import { ClinicQueueCard } from '../../src/screens/home/cards.tsx';
import { session } from '../../src/session/session.ts';
import { DEMO_A, DEMO_B, DEMO_REGS } from '../../server/connector/local/demo/seed.ts';
import { apiServer } from '../support/api-server.ts';
import { fieldsIn, watchAttribute } from '../support/dom.ts';
import { renderSignedIn } from '../support/signed-in.tsx';

test.after.each(() => {
  cleanup();
  Reflect.deleteProperty(navigator, 'geolocation');
});
test.after(() => session.signOut());

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Today's entry with only the spec's fields (docs/product.md §7). */
const spec = (): ClinicQueueItem => ({
  no_urut: 9,
  no_reg: 'RJ-Q-0009',
  tgl_janji: todayWib(),
  hari: 'Senin',
  dokter: 'dr. Ahmad Fauzi, Sp.JP(K)',
  ds_dep: 'POLI KARDIOLOGI DEWASA',
  no_mr: '00012345',
  nama_pas: 'BUDI SANTOSO',
});

/** The same with the reference API's additions: waiting, 2 ahead, check-in open now. */
const full = (over: Partial<ClinicQueueItem> = {}): ClinicQueueItem => ({
  ...spec(),
  status: 'menunggu',
  no_dipanggil: 6,
  sisa_antrian: 2,
  estimasi_dilayani: `${todayWib()}T09:40:00+07:00`,
  checkin: null,
  checkin_buka: iso(Date.now() - HOUR),
  checkin_tutup: iso(Date.now() + 3 * HOUR),
  checkin_lokasi: false,
  ...over,
});

const card = (item: ClinicQueueItem) => render(<ClinicQueueCard resource={{ state: 'ok', data: [item] }} />);
const checkinButton = () => screen.queryByRole('button', { name: /Check-in/ });

test("today's entry shows, without a tap, my number, the number called, how many ahead, the estimate and Check-in", () => {
  card(full());
  assert.ok(screen.getByRole('group').hasAttribute('open'), "today's entry is open");
  const fields = fieldsIn();
  assert.is(fields['Nomor Antrian'], '9');
  assert.is(fields['Nomor Dipanggil Saat Ini'], '6');
  assert.ok(screen.getByText('2 antrian lagi'));
  assert.ok(screen.getByText('Perkiraan dipanggil pukul 09.40'));
  assert.ok(checkinButton());
  // The spec's fields are all still there.
  assert.is(fields.Dokter, 'dr. Ahmad Fauzi, Sp.JP(K)');
  assert.is(fields['No. Registrasi'], 'RJ-Q-0009');
});

test("against an API with only the spec's fields: my number and the spec's fields, nothing else, nothing broken", () => {
  card(spec());
  const fields = fieldsIn();
  assert.is(fields['Nomor Antrian'], '9');
  assert.is(fields.Nama, 'BUDI SANTOSO');
  assert.is(fields.Poli, 'POLI KARDIOLOGI DEWASA');
  assert.is(screen.queryByText(/Nomor Dipanggil|antrian lagi|Giliran|Perkiraan|check-in/i), null);
  assert.is(checkinButton(), null);
  assert.is(screen.queryByText(/undefined|null|NaN/), null);
});

test('each addition shows on its own: an estimate with no count, a count with no check-in', () => {
  const { rerender } = card({ ...spec(), estimasi_dilayani: `${todayWib()}T10:05:00+07:00` });
  assert.ok(screen.getByText('Perkiraan dipanggil pukul 10.05'));
  assert.is(screen.queryByText(/antrian lagi/), null);
  rerender(<ClinicQueueCard resource={{ state: 'ok', data: [{ ...spec(), sisa_antrian: 4 }] }} />);
  assert.ok(screen.getByText('4 antrian lagi'));
  assert.is(checkinButton(), null);
});

test('checked in: Sudah check-in pukul 07.42 in place of the button', () => {
  card(full({ checkin: `${todayWib()}T07:42:00+07:00` }));
  assert.is(screen.getByRole('status').textContent, 'Sudah check-in pukul 07.42');
  assert.is(checkinButton(), null);
});

test('before the window: when it opens; after practice: no button', () => {
  const opens = Date.now() + HOUR;
  const { rerender } = card(full({ checkin_buka: iso(opens) }));
  const clock = new Date(opens + 7 * HOUR).toISOString().slice(11, 16).replace(':', '.'); // WIB
  assert.ok(screen.getByText(`Check-in dibuka pukul ${clock}`));
  assert.is(checkinButton(), null);
  rerender(<ClinicQueueCard resource={{ state: 'ok', data: [full({ checkin_buka: iso(Date.now() - 5 * HOUR), checkin_tutup: iso(Date.now() - HOUR) })] }} />);
  assert.is(checkinButton(), null);
  assert.is(screen.queryByText(/Check-in dibuka/), null);
});

test('called, skipped, next, done: said in words; no count or estimate once called', () => {
  const { rerender } = card(full({ status: 'dipanggil', sisa_antrian: null, estimasi_dilayani: null, no_dipanggil: 9 }));
  const called = screen.getByText('Dipanggil, silakan menuju ruang periksa');
  assert.is(called.tagName, 'STRONG');
  assert.is(screen.queryByText(/antrian lagi|Perkiraan/), null);
  rerender(<ClinicQueueCard resource={{ state: 'ok', data: [full({ status: 'dilewati', sisa_antrian: null })] }} />);
  assert.ok(screen.getByText('Nomor Anda terlewat, silakan lapor ke petugas poli'));
  rerender(<ClinicQueueCard resource={{ state: 'ok', data: [full({ sisa_antrian: 0 })] }} />);
  assert.ok(screen.getByText('Giliran Anda berikutnya'));
  rerender(<ClinicQueueCard resource={{ state: 'ok', data: [full({ status: 'selesai', sisa_antrian: null, estimasi_dilayani: null })] }} />);
  assert.ok(screen.getByText('Selesai'));
  assert.is(checkinButton(), null, 'no check-in after the visit');
});

test("another day's entry keeps the spec's folded fields, with its status as a row", () => {
  card({ ...full(), tgl_janji: '2026-11-22', status: 'menunggu' });
  assert.not.ok(screen.getByRole('group').hasAttribute('open'));
  assert.is(fieldsIn().Status, 'Menunggu');
  assert.is(screen.queryByText(/antrian lagi|Perkiraan/), null);
  assert.is(checkinButton(), null);
});

test('A checks in from home: the button shows it is busy, then Sudah check-in pukul …', async () => {
  await renderSignedIn(DEMO_A, '/home');
  const region = await screen.findByRole('region', { name: 'Antrian Poli' });
  const button = await within(region).findByRole('button', { name: /Check-in/ });
  assert.ok(within(region).getByText('2 antrian lagi'));
  assert.match(within(region).getByText(/^Perkiraan dipanggil pukul/).textContent ?? '', /^Perkiraan dipanggil pukul \d{2}\.\d{2}$/);
  const busy = await watchAttribute(button, 'aria-busy', async () => {
    fireEvent.click(button);
    await within(region).findByText(/^Sudah check-in pukul \d{2}\.\d{2}$/);
  });
  assert.ok(busy.includes('true'), `aria-busy went ${JSON.stringify(busy)}`);
  assert.is(within(region).queryByRole('button', { name: /Check-in/ }), null);
  assert.is(document.activeElement?.textContent?.startsWith('Sudah check-in pukul'), true, 'the focus is on the answer');
});

test("the server's refusal is said in its words: another patient's entry", async () => {
  const app = await renderSignedIn(DEMO_B, '/profil');
  app.unmount();
  card(full({ no_reg: DEMO_REGS.queue() }));
  fireEvent.click(checkinButton()!);
  assert.is((await screen.findByRole('alert')).textContent, 'Antrian dengan nomor registrasi ini tidak ditemukan.');
  assert.ok(checkinButton(), 'the button stays for another try');
});

test('a check-in that needs the position: refused permission and a phone without location are told plainly', async () => {
  card(full({ checkin_lokasi: true }));
  assert.ok(screen.getByText('Untuk check-in, aplikasi akan meminta lokasi ponsel Anda.'));
  fireEvent.click(checkinButton()!);
  assert.is((await screen.findByRole('alert')).textContent, 'Ponsel ini tidak dapat memberikan lokasi. Silakan check-in di loket pendaftaran.');
  // The browser's own Geolocation API, answering as it does when the patient says no.
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition: (_ok: unknown, fail: (e: object) => void) => fail({ code: 1, PERMISSION_DENIED: 1 }) },
  });
  fireEvent.click(checkinButton()!);
  await waitFor(() => assert.match(screen.getByRole('alert').textContent ?? '', /^Izin lokasi ditolak\./));
});

/** The page's visibility as the browser reports it: 'hidden' when the app goes to the background. */
function setVisibility(state: 'hidden' | 'visible'): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

test('home follows the queue while in front: closed in the background, opened once on return, stopped on logout', async () => {
  // The browser's fetch, watched for the stream's requests.
  const streams: AbortSignal[] = [];
  const real = globalThis.fetch;
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    if (new URL(String(input)).pathname === API.clinicQueueLive) streams.push(init!.signal!);
    return real(input, init);
  }) as typeof fetch;
  try {
    await renderSignedIn(DEMO_A, '/home');
    await waitFor(() => assert.is(streams.length, 1));
    setVisibility('hidden');
    assert.ok(streams[0].aborted, 'closed in the background');
    setVisibility('visible');
    await waitFor(() => assert.is(streams.length, 2));
    // A push in the foreground while the stream is open opens no second one.
    window.dispatchEvent(new Event(PUSH_EVENT));
    assert.is(streams.length, 2);
    assert.not.ok(streams[1].aborted);
    session.signOut();
    assert.ok(streams[1].aborted, 'stopped on logout');
    assert.is(streams.length, 2);
  } finally {
    globalThis.fetch = real;
    Reflect.deleteProperty(document, 'visibilityState');
  }
});

test('the event stream is read across chunks: CRLF, comments, several data lines, a split character', () => {
  const seen: Array<[string, string]> = [];
  const parse = eventParser((name, data) => seen.push([name, data]));
  const bytes = new TextEncoder().encode(':\n\nevent: antrian\r\ndata: {"a":1}\r\n\r\ndata: x\ndata: é\n\n:\n\n');
  const split = bytes.indexOf(0xc3) + 1; // inside 'é'
  const crlf = bytes.indexOf(0x0d) + 1; // between '\r' and '\n'
  for (const [from, to] of [
    [0, crlf],
    [crlf, split],
    [split, bytes.length],
  ]) {
    parse(bytes.slice(from, to));
  }
  assert.equal(seen, [
    ['antrian', '{"a":1}'],
    ['message', 'x\né'],
  ]);
});

test('a stream stopped in the moment it opens leaves no connection to the server behind', async () => {
  const server = await apiServer();
  const app = await renderSignedIn(DEMO_B, '/profil');
  app.unmount();
  // This process's sockets to the API server: the stream's, while it is open.
  const sockets = () =>
    (process as unknown as { _getActiveHandles(): Array<{ remotePort?: number }> })._getActiveHandles().filter((h) => h.remotePort === server.port).length;
  const calls: Array<Promise<unknown>> = [];
  let stopNow: (() => void) | undefined;
  const real = globalThis.fetch;
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const answer = real(input, init);
    if (new URL(String(input)).pathname === API.clinicQueueLive) {
      calls.push(answer.catch(() => undefined));
      // Stopped in the same moment, before the request has left: a logout as home opens it.
      stopNow?.();
    }
    return answer;
  }) as typeof fetch;
  try {
    for (let i = 0; i < 3; i++) {
      stopNow = followClinicQueue(0);
      await waitFor(() => assert.is(calls.length, i + 1));
    }
    await Promise.all(calls);
    await waitFor(() => assert.is(sockets(), 0, 'no stream left open'), { timeout: 3000 });
  } finally {
    globalThis.fetch = real;
  }
});

test('reconnect waits: 1–3 s after a healthy stream, doubling after failures up to a minute, never all at once', () => {
  assert.is(
    reconnectDelay(0, () => 0),
    1000,
  );
  assert.is(
    reconnectDelay(0, () => 1),
    3000,
  );
  assert.equal(
    [1, 2, 3, 4, 5, 6, 10].map((n) => reconnectDelay(n, () => 0)),
    [2000, 4000, 8000, 16000, 32000, 60000, 60000],
  );
  assert.is(
    reconnectDelay(10, () => 1),
    30000,
    'the random part spreads phones over half the wait',
  );
});

test.run();

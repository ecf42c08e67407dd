// The booking screens in happy-dom: the date picker, the slot list's states, and the rules a
// patient meets on Perjanjian Poliklinik and the confirmation, against the real API server.
import '../support/dom.ts';
import { render } from 'preact';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { getQuota } from '../../src/api/booking.ts';
import type { QuotaSlot } from '../../common/schemas/index.ts';
import { isSlotAvailable, sessionHours } from '../../common/booking.ts';
import { addDays, todayWib } from '../../common/dates.ts';
import { to } from '../../common/routes.ts';
import { SlotList } from '../../src/screens/booking/shared.tsx';
import { DatePicker, monthGrid } from '../../src/ui/DatePicker.tsx';
import { DEMO_A } from '../../server/db/seed.ts';
import { byRole, labelled, root, sleep, text, type, waitFor, watchAttribute } from '../support/dom.ts';
import { renderSignedIn } from '../support/signed-in.tsx';

let container: HTMLElement;
test.after.each(() => {
  if (container) render(null, container);
});

const toggle = () => document.querySelector<HTMLButtonElement>('button[aria-expanded]')!;
const day = (date: string) => document.querySelector<HTMLButtonElement>(`button[data-date="${date}"]`);
const checkButton = () => byRole('button', 'Cek Kuota') as HTMLButtonElement;

test('the month grid starts on Monday and leaves other months days empty', () => {
  const weeks = monthGrid('2026-11-01'); // 1 November 2026 is a Sunday
  assert.is(weeks.length, 6);
  assert.equal(weeks[0], [null, null, null, null, null, null, '2026-11-01']);
  assert.equal(weeks[5], ['2026-11-30', null, null, null, null, null, null]);
});

test('the date picker: Indonesian names, excluded days marked and refused, keys move the focus', async () => {
  container = root();
  const chosen: string[] = [];
  render(<DatePicker label="Tanggal" value={null} today="2026-11-23" excluded={(d) => d === '2026-11-24'} onChange={(d) => chosen.push(d)} />, container);
  toggle().click();
  await sleep(0);
  assert.is(toggle().getAttribute('aria-expanded'), 'true');
  assert.ok(byRole('heading', 'November 2026'));
  assert.equal([...document.querySelectorAll('th')].map((t) => t.textContent), ['Sen', 'Sel', 'Rab', 'Kam', 'Jum', 'Sab', 'Min']);
  assert.ok((byRole('button', 'Bulan sebelumnya') as HTMLButtonElement).disabled, 'no month before today');

  const off = day('2026-11-24')!;
  assert.is(off.getAttribute('aria-disabled'), 'true');
  assert.is(off.getAttribute('aria-label'), 'Selasa, 24 November 2026, tidak tersedia');
  off.click();
  await sleep(0);
  assert.equal(chosen, [], 'an excluded day is not chosen');

  assert.is(day('2026-11-23')!.tabIndex, 0, 'today has the focus');
  day('2026-11-23')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
  await sleep(0);
  assert.is(day('2026-11-30')!.tabIndex, 0, 'ArrowDown moves a week');
  day('2026-11-30')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'PageDown', bubbles: true }));
  await sleep(0);
  assert.ok(byRole('heading', 'Desember 2026'), 'PageDown moves a month');
  day('2026-12-30')!.click();
  await sleep(0);
  assert.equal(chosen, ['2026-12-30']);
  assert.is(toggle().getAttribute('aria-expanded'), 'false', 'choosing closes the calendar');
});

test('the date picker waits, disabled, until it may be used', () => {
  container = root();
  render(<DatePicker label="Tanggal" value={null} today="2026-11-23" excluded={() => false} disabled hint="Pilih jaminan terlebih dahulu." onChange={() => {}} />, container);
  assert.ok(toggle().disabled);
  assert.match(text(), /Pilih jaminan terlebih dahulu\./);
});

const slot = (over: Partial<QuotaSlot>): QuotaSlot => ({ kode: 200, nama_dr: 'dr. Satu', kd_dr: 'D001', jam_dtg: '08:00', jam_plg: '12:00', batas_quota: 20, quota_terisi: 19, sts_jam: '1', sts_ue: 'U', ...over });

test('the slot list: a spinner, Tidak ada data !, or the doctors with what is left', () => {
  container = root();
  const view = (slots: Parameters<typeof SlotList>[0]['slots'], quota?: 'filled') => render(<SlotList slots={slots} quota={quota} href={(s) => `/pilih/${s.kd_dr}`} />, container);
  view({ state: 'loading' });
  assert.ok(byRole('status'));
  view({ state: 'error', error: { kind: 'network' } });
  assert.is(byRole('alert')?.textContent, 'Tidak ada data !');
  view({ state: 'ok', data: [] });
  assert.is(byRole('alert')?.textContent, 'Tidak ada data !');

  view({ state: 'ok', data: [slot({}), slot({ nama_dr: 'dr. Dua', kd_dr: 'D002', quota_terisi: 20 }), slot({ nama_dr: 'dr. Tiga', kd_dr: 'D003', batas_quota: 0, quota_terisi: 0 })] });
  const links = [...document.querySelectorAll('a')];
  assert.equal(links.map((a) => a.getAttribute('href')), ['/pilih/D001'], 'only the slot with a seat left is a link');
  assert.match(links[0].textContent!, /Quota Tersedia: 1/);
  const off = [...document.querySelectorAll('[aria-disabled="true"]')].map((e) => e.textContent);
  assert.equal(off.length, 2);
  assert.match(off[0]!, /dr\. Dua.*Kuota penuh/);
  assert.match(off[1]!, /dr\. Tiga.*Tidak ada kuota/);

  view({ state: 'ok', data: [slot({})] }, 'filled');
  assert.match(text(), /Quota : 19 dari 20/);
});

/** Opens the calendar and taps the first day that can be chosen, paging on; returns it. */
async function pickFirstOpenDay(): Promise<string> {
  if (toggle().getAttribute('aria-expanded') !== 'true') toggle().click();
  await waitFor(() => day(todayWib()) ?? document.querySelector('button[data-date]'), 'the calendar');
  const openDay = () => document.querySelector<HTMLButtonElement>('button[data-date]:not([aria-disabled="true"])');
  for (let i = 0; i < 3 && !openDay(); i++) {
    byRole('button', 'Bulan berikutnya')!.click();
    await sleep(0);
  }
  const open = await waitFor(openDay, 'an open day');
  const date = open.dataset.date!;
  open.click();
  await sleep(0);
  return date;
}

test('Perjanjian Poliklinik: the date waits for a guarantee; 20012 presets Non BPJS and refuses BPJS', async () => {
  container = await renderSignedIn(DEMO_A, to.clinicBooking());
  await waitFor(() => document.querySelector('#bk-poli option[value="20012"]'), 'the clinics');
  assert.ok(toggle().disabled, 'no date before a guarantee');
  assert.ok(checkButton().disabled);

  type(labelled('Poli'), '20012');
  await waitFor(() => labelled('Jaminan').value === 'Non BPJS', 'Non BPJS preset');
  assert.match(text(), /Poli Eksekutif \/ Umum hanya melayani pasien Non BPJS\./);
  await waitFor(() => !toggle().disabled, 'the date picker');

  type(labelled('Jaminan'), 'BPJS');
  await waitFor(() => text().includes('Perjanjian BPJS terakhir Anda'), 'the last BPJS appointment explained');
  await pickFirstOpenDay();
  assert.not.ok(checkButton().disabled);
  checkButton().click();
  const dialog = await waitFor(() => byRole('alertdialog'), 'the refusal');
  assert.match(dialog.textContent!, /Jaminan tidak valid/);
  assert.match(dialog.textContent!, /Jaminan Poli Eksekutif \/ Umum hanya bisa menggunakan Non BPJS\./);
  assert.is(document.querySelector('[aria-label="Dokter dan kuota"]'), null, 'no quota was asked for');
});

test('Perjanjian Poliklinik: the doctors of the clinic, cleared when the guarantee changes', async () => {
  container = await renderSignedIn(DEMO_A, to.clinicBooking());
  await waitFor(() => document.querySelector('#bk-poli option[value="20001"]'), 'the clinics');
  type(labelled('Poli'), '20001');
  type(labelled('Jaminan'), 'Non BPJS');
  await waitFor(() => !toggle().disabled, 'the date picker');
  await pickFirstOpenDay();
  checkButton().click();
  await waitFor(() => document.querySelector('[aria-label="Dokter dan kuota"] a, [aria-label="Dokter dan kuota"] [role="alert"]'), 'the list');
  type(labelled('Jaminan'), 'BPJS');
  await waitFor(() => !document.querySelector('[aria-label="Dokter dan kuota"]'), 'the list cleared');
});

/** A session of D001 in clinic 20001 with a seat left, from tomorrow on. */
async function openSlot(): Promise<[string, QuotaSlot]> {
  for (let i = 1; i < 29; i++) {
    const date = addDays(todayWib(), i);
    const r = await getQuota('20001', date, 'D001');
    const s = r.ok ? r.data.find(isSlotAvailable) : undefined;
    if (s) return [date, s];
  }
  throw new Error('no open session of D001');
}

test('the confirmation: no call without a mobile number, one booking however often it is tapped', async () => {
  container = await renderSignedIn(DEMO_A, '/home');
  const [date, s] = await openSlot();
  render(null, container);
  const path = to.confirm(
    { dokterr: s.nama_dr, kd_dokter: s.kd_dr, jam: sessionHours(s), tgljanji: date, sts_jam: s.sts_jam, sts_ue: s.sts_ue, bayar: 'Non BPJS' },
    { kd_dep: '20001', ds_dep: 'POLI KARDIOLOGI DEWASA' },
  );
  container = await renderSignedIn(DEMO_A, path);
  await waitFor(() => text().includes(DEMO_A.nama), 'the patient name');
  for (const shown of [DEMO_A.nomr, date, 'POLI KARDIOLOGI DEWASA', s.nama_dr, sessionHours(s), 'Non BPJS', '17 Agustus 1968']) assert.ok(text().includes(shown), shown);

  const submit = byRole('button', 'Buat Janji') as HTMLButtonElement;
  submit.click();
  const refusal = await waitFor(() => byRole('alertdialog'), 'the refusal');
  assert.match(refusal.textContent!, /Gagal.*Nomor HP Harus diisi !/);
  byRole('button', 'Tutup')!.click();
  await waitFor(() => !byRole('alertdialog'), 'the dialog closed');

  type(labelled('Nomor HP'), '081234567890');
  await sleep(0); // the typed number rendered, as between keystrokes and a tap
  // Count the booking requests on their way to the real server (it would answer a repeat with
  // the same appointment, so only the count shows a second send).
  const realFetch = globalThis.fetch;
  let sent = 0;
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input instanceof Request ? input.url : input).includes('/simpan/janji')) sent++;
    return realFetch(input, init);
  }) as typeof fetch;
  let states: Array<string | null> = [];
  try {
    states = await watchAttribute(submit, 'disabled', async () => {
      submit.click();
      submit.click(); // a double tap, before the button re-renders
      await waitFor(() => byRole('alertdialog'), 'the answer', 10000);
    });
  } finally {
    globalThis.fetch = realFetch;
  }
  assert.is(sent, 1, 'one request for two taps');
  assert.ok(states.includes(''), 'disabled while sending');
  const answer = byRole('alertdialog')!;
  assert.match(answer.textContent!, /Alert.*Perjanjian berhasil dibuat\. Nomor antrian Anda \d+/);
  assert.ok(submit.disabled, 'booked: the button stays off');
  assert.ok(byRole('button', 'Ke Beranda'));
});

test('a confirmation link without its clinic says so and leads back to choosing', async () => {
  container = await renderSignedIn(DEMO_A, '/buatjanji/dr.%20X/D001/08%3A00-12%3A00/2026-12-01/1/U/BPJS');
  await waitFor(() => text().includes('Data perjanjian tidak lengkap'), 'the message');
  assert.is(byRole('link', 'Pilih jadwal kembali')?.getAttribute('href'), to.clinicBooking());
});

test.run();

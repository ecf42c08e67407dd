// The booking screens in happy-dom: the date picker, the slot list's states, and the rules a
// patient meets on Perjanjian Poliklinik and the confirmation, against the real API server.
import '../support/dom.ts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { getQuota } from '../../src/api/quota.ts';
import { session } from '../../src/session/session.ts';
import type { QuotaSlot } from '../../common/schemas/index.ts';
import { isSlotAvailable, sessionHours } from '../../common/booking.ts';
import { addDays, formatDate, todayWib } from '../../common/dates.ts';
import { formatHours } from '../../common/hours.ts';
import { clinicQuery } from '../../common/clinic-link.ts';
import { to } from '../../common/routes.ts';
import { practiceHint } from '../../src/screens/booking/date-rule.ts';
import { SlotList } from '../../src/screens/booking/slot-list.tsx';
import { DatePicker, monthGrid } from '../../src/ui/DatePicker.tsx';
import { DEMO_A } from '../../server/connector/local/demo/seed.ts';
import { choose, countRequests, enter, fieldsIn, watchAttribute } from '../support/dom.ts';
import { renderSignedIn } from '../support/signed-in.tsx';

test.after.each(cleanup);
// All test files run in one process: the next one starts signed out.
test.after(() => session.signOut());

/** The date button, named by its label and then the date it shows. */
const toggle = () => screen.getByRole<HTMLButtonElement>('button', { name: /^Tanggal / });
const day = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
const checkButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Cek Kuota' });
const list = (name: string) => screen.getByRole<HTMLSelectElement>('combobox', { name });
/** The option a list shows as chosen. */
const chosenIn = (name: string) => within(list(name)).getByRole('option', { selected: true }).textContent;
const slotsRegion = () => screen.queryByRole('region', { name: 'Dokter dan kuota' });

test('the month grid starts on Monday and leaves other months days empty', () => {
  const weeks = monthGrid('2026-11-01'); // 1 November 2026 is a Sunday
  assert.is(weeks.length, 6);
  assert.equal(weeks[0], [null, null, null, null, null, null, '2026-11-01']);
  assert.equal(weeks[5], ['2026-11-30', null, null, null, null, null, null]);
});

test('the date picker: Indonesian names, excluded days marked and refused, keys move the focus', () => {
  const chosen: string[] = [];
  render(<DatePicker label="Tanggal" value={null} today="2026-11-23" excluded={(d) => d === '2026-11-24'} onChange={(d) => chosen.push(d)} />);
  fireEvent.click(toggle());
  assert.is(toggle().getAttribute('aria-expanded'), 'true');
  assert.ok(screen.getByRole('heading', { name: 'November 2026' }));
  assert.ok(screen.getByRole('grid', { name: 'November 2026' }));
  assert.equal(
    screen.getAllByRole('columnheader').map((t) => t.textContent),
    ['Sen', 'Sel', 'Rab', 'Kam', 'Jum', 'Sab', 'Min'],
  );
  assert.ok(screen.getByRole<HTMLButtonElement>('button', { name: 'Bulan sebelumnya' }).disabled, 'no month before today');

  const off = day('Selasa, 24 November 2026, tidak tersedia');
  assert.is(off.getAttribute('aria-disabled'), 'true');
  fireEvent.click(off);
  assert.equal(chosen, [], 'an excluded day is not chosen');

  assert.is(day('Senin, 23 November 2026').tabIndex, 0, 'today has the focus');
  fireEvent.keyDown(day('Senin, 23 November 2026'), { key: 'ArrowDown' });
  assert.is(day('Senin, 30 November 2026').tabIndex, 0, 'ArrowDown moves a week');
  assert.is(document.activeElement, day('Senin, 30 November 2026'));
  fireEvent.keyDown(day('Senin, 30 November 2026'), { key: 'PageDown' });
  assert.ok(screen.getByRole('heading', { name: 'Desember 2026' }), 'PageDown moves a month');
  assert.is(document.activeElement, day('Rabu, 30 Desember 2026'));
  fireEvent.click(day('Rabu, 30 Desember 2026'));
  assert.equal(chosen, ['2026-12-30']);
  assert.is(toggle().getAttribute('aria-expanded'), 'false', 'choosing closes the calendar');
});

test('the date picker waits, disabled, until it may be used', () => {
  render(
    <DatePicker label="Tanggal" value={null} today="2026-11-23" excluded={() => false} disabled hint="Pilih jaminan terlebih dahulu." onChange={() => {}} />,
  );
  assert.ok(toggle().disabled);
  assert.ok(screen.getByText('Pilih jaminan terlebih dahulu.'));
  assert.ok(
    screen.getByRole('button', { name: 'Tanggal Pilih tanggal', description: 'Pilih jaminan terlebih dahulu.' }),
    "the reason is the button's description",
  );
});

const slot = (over: Partial<QuotaSlot>): QuotaSlot => ({
  kode: 200,
  nama_dr: 'dr. Satu',
  kd_dr: 'D001',
  jam_dtg: '08:00',
  jam_plg: '12:00',
  batas_quota: 20,
  quota_terisi: 19,
  sts_jam: '1',
  sts_ue: 'U',
  ...over,
});

test('the practice days under a calendar: runs of days joined, nothing when every day or none is known', () => {
  assert.is(practiceHint([1, 2, 3, 4, 5, 6]), 'Poli praktik hari Senin–Sabtu.');
  assert.is(practiceHint([4, 2]), 'Poli praktik hari Selasa, Kamis.');
  assert.is(practiceHint([1, 2, 3, 5, 7]), 'Poli praktik hari Senin–Rabu, Jumat, Minggu.');
  assert.is(practiceHint([]), 'Poli ini belum memiliki jadwal praktik.');
  assert.is(practiceHint([1, 2, 3, 4, 5, 6, 7]), undefined);
  assert.is(practiceHint(undefined), undefined);
});

test('the slot list: a spinner, Tidak ada data !, or the doctors with what is left', () => {
  const view = (slots: Parameters<typeof SlotList>[0]['slots'], quota?: 'filled') => <SlotList slots={slots} quota={quota} href={(s) => `/pilih/${s.kd_dr}`} />;
  const { rerender } = render(view({ state: 'loading' }));
  assert.ok(screen.getByRole('status', { name: 'Memuat…' }));
  rerender(view({ state: 'error', error: { kind: 'network' } }));
  assert.is(screen.getByRole('alert').textContent, 'Tidak ada data !');
  rerender(view({ state: 'ok', data: [] }));
  assert.is(screen.getByRole('alert').textContent, 'Tidak ada data !');

  rerender(
    view({
      state: 'ok',
      data: [
        slot({}),
        slot({ nama_dr: 'dr. Dua', kd_dr: 'D002', quota_terisi: 20 }),
        slot({ nama_dr: 'dr. Tiga', kd_dr: 'D003', batas_quota: 0, quota_terisi: 0 }),
      ],
    }),
  );
  assert.equal(
    screen.getAllByRole('link').map((a) => a.getAttribute('href')),
    ['/pilih/D001'],
    'only the slot with a seat left is a link',
  );
  const [open, full, none] = screen.getAllByRole('listitem');
  assert.ok(within(open).getByRole('link', { name: /^dr\. Satu.*Quota Tersedia: 1 Pilih$/ }));
  assert.is(within(full).queryByRole('link'), null);
  assert.match(full.textContent ?? '', /^dr\. Dua.*Kuota penuh$/);
  assert.is(within(none).queryByRole('link'), null);
  assert.match(none.textContent ?? '', /^dr\. Tiga.*Tidak ada kuota$/);

  rerender(view({ state: 'ok', data: [slot({})] }, 'filled'));
  assert.ok(screen.getByText('Quota : 19 dari 20'));
});

/** Opens the calendar and taps the first day that can be chosen, paging on. */
async function pickFirstOpenDay(): Promise<void> {
  if (toggle().getAttribute('aria-expanded') !== 'true') fireEvent.click(toggle());
  await screen.findByRole('grid');
  const openDays = () => within(screen.getByRole('grid')).queryAllByRole('button', { name: (name) => !name.endsWith(', tidak tersedia') });
  for (let i = 0; i < 3 && !openDays().length; i++) fireEvent.click(screen.getByRole('button', { name: 'Bulan berikutnya' }));
  const [first] = await waitFor(() => {
    const days = openDays();
    assert.ok(days.length, 'an open day');
    return days;
  });
  fireEvent.click(first);
}

test('Perjanjian Poliklinik: the date waits for a guarantee; 20012 presets Non BPJS and refuses BPJS', async () => {
  await renderSignedIn(DEMO_A, to('clinicBooking'));
  await within(await screen.findByRole('combobox', { name: 'Poli' })).findByRole('option', { name: 'POLI EKSEKUTIF / UMUM' });
  assert.ok(toggle().disabled, 'no date before a guarantee');
  assert.ok(checkButton().disabled);

  choose(list('Poli'), 'POLI EKSEKUTIF / UMUM');
  await waitFor(() => assert.is(chosenIn('Jaminan'), 'Non BPJS', 'Non BPJS preset'));
  assert.ok(screen.getByText('Poli Eksekutif / Umum hanya melayani pasien Non BPJS.'));
  await waitFor(() => assert.not.ok(toggle().disabled, 'the date picker'));

  choose(list('Jaminan'), 'BPJS');
  // The last BPJS appointment explained, as the date button's description.
  await screen.findByRole('button', { name: /^Tanggal /, description: /^Perjanjian BPJS terakhir Anda / });
  await pickFirstOpenDay();
  assert.not.ok(checkButton().disabled);
  fireEvent.click(checkButton());
  await screen.findByRole('alertdialog', { name: 'Jaminan tidak valid', description: 'Jaminan Poli Eksekutif / Umum hanya bisa menggunakan Non BPJS.' });
  assert.is(slotsRegion(), null, 'no quota was asked for');
});

test('Perjanjian Poliklinik: the doctors of the clinic, cleared when the guarantee changes', async () => {
  await renderSignedIn(DEMO_A, to('clinicBooking'));
  await within(await screen.findByRole('combobox', { name: 'Poli' })).findByRole('option', { name: 'POLI KARDIOLOGI DEWASA' });
  choose(list('Poli'), 'POLI KARDIOLOGI DEWASA');
  choose(list('Jaminan'), 'Non BPJS');
  await waitFor(() => assert.not.ok(toggle().disabled, 'the date picker'));
  await pickFirstOpenDay();
  fireEvent.click(checkButton());
  const slots = await screen.findByRole('region', { name: 'Dokter dan kuota' });
  await waitFor(() => assert.ok(within(slots).queryAllByRole('link').length || within(slots).queryByRole('alert'), 'the doctors, or Tidak ada data !'));
  choose(list('Jaminan'), 'BPJS');
  await waitFor(() => assert.is(slotsRegion(), null, 'the list cleared'));
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

test('the confirmation: the number filled from the profile; none, no call; one booking however often it is tapped', async () => {
  await renderSignedIn(DEMO_A, '/home');
  const [date, s] = await openSlot();
  cleanup();
  const path = to(
    'confirm',
    { dokterr: s.nama_dr, kd_dokter: s.kd_dr, jam: sessionHours(s), tgljanji: date, sts_jam: s.sts_jam, sts_ue: s.sts_ue, bayar: 'Non BPJS' },
    clinicQuery({ kd_dep: '20001', ds_dep: 'POLI KARDIOLOGI DEWASA' }),
  );
  await renderSignedIn(DEMO_A, path);
  const appointment = await screen.findByRole('region', { name: 'Data perjanjian' });
  await within(appointment).findByText(DEMO_A.nama);
  assert.equal(fieldsIn(appointment), {
    'Nama Pasien': DEMO_A.nama,
    'Nomor MR': DEMO_A.nomr,
    'Tanggal Lahir': '17 Agustus 1968',
    'Tanggal Perjanjian': formatDate(date, 'day'),
    Poli: 'POLI KARDIOLOGI DEWASA',
    Dokter: s.nama_dr,
    'Jam Layanan': formatHours(s.jam_dtg, s.jam_plg),
    Jaminan: 'Non BPJS',
  });

  // The number starts as the hospital has it (the profile's); emptied, nothing is sent.
  const hp = screen.getByRole<HTMLInputElement>('textbox', { name: 'Nomor HP' });
  await waitFor(() => assert.is(hp.value, '081234567890'));
  enter(hp, '');
  const submit = screen.getByRole<HTMLButtonElement>('button', { name: 'Buat Janji' });
  fireEvent.click(submit);
  const refusal = await screen.findByRole('alertdialog', { name: 'Gagal', description: 'Nomor HP Harus diisi !' });
  fireEvent.click(within(refusal).getByRole('button', { name: 'Tutup' }));
  await waitFor(() => assert.is(screen.queryByRole('alertdialog'), null, 'the dialog closed'));

  enter(screen.getByRole('textbox', { name: 'Nomor HP' }), '081234567890');
  // Count the booking requests on their way to the real server (it would answer a repeat with
  // the same appointment, so only the count shows a second send).
  const sent = countRequests('/simpan/janji');
  let states: Array<string | null> = [];
  try {
    states = await watchAttribute(submit, 'disabled', async () => {
      // A double tap lands before the button re-renders: plain clicks, since fireEvent would
      // render between them.
      submit.click();
      submit.click();
      await screen.findByRole('alertdialog', {}, { timeout: 10000 });
    });
  } finally {
    sent.restore();
  }
  assert.is(sent.count(), 1, 'one request for two taps');
  assert.ok(states.includes(''), 'disabled while sending');
  const answer = screen.getByRole('alertdialog', { name: 'Alert', description: /^Perjanjian berhasil dibuat\. Nomor antrian Anda \d+/ });
  assert.ok(submit.disabled, 'booked: the button stays off');
  assert.ok(within(answer).getByRole('button', { name: 'Ke Beranda' }));
});

test('a confirmation link without its clinic says so and leads back to choosing', async () => {
  await renderSignedIn(DEMO_A, '/buatjanji/dr.%20X/D001/08%3A00-12%3A00/2026-12-01/1/U/BPJS');
  assert.is((await screen.findByRole('alert')).textContent, 'Data perjanjian tidak lengkap. Silakan pilih jadwal kembali.');
  assert.is(screen.getByRole('link', { name: 'Pilih jadwal kembali' }).getAttribute('href'), to('clinicBooking'));
});

test.run();

// The BPJS letters of a booking (src/screens/booking/referrals.tsx) in happy-dom: the list's
// states, picking one with a tap, a control letter choosing the booking's clinic, day and doctor,
// the guidance when none can be used, and — where the API does not offer them — the confirmation of
// docs/product.md §2 again (issue #41, item 2). The letters are the API's answer to
// GET /api/patient/bpjs/rujukan, given here in the wire shape of common/schemas/referrals.ts;
// everything else (clinics, quota, the booking itself) is the real API server's.
import '../support/dom.ts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BPJS_REFERRALS, PATIENT_FROM_TOKEN } from '../../common/capabilities.ts';
import { isSlotAvailable, sessionHours } from '../../common/booking.ts';
import { addDays, formatDate, todayWib } from '../../common/dates.ts';
import { API } from '../../common/paths.ts';
import { clinicQuery } from '../../common/clinic-link.ts';
import { to } from '../../common/routes.ts';
import type { QuotaSlot, ReferralList, UsableReferral } from '../../common/schemas/index.ts';
import { knowsPatientFromToken, noteCapabilities } from '../../src/api/capabilities.ts';
import { getQuota } from '../../src/api/quota.ts';
import { letterFromQuery, lettersFor, offersReferrals } from '../../src/screens/booking/letters.ts';
import { ReferralPicker } from '../../src/screens/booking/referrals.tsx';
import { session } from '../../src/session/session.ts';
import { COHORT } from '../../server/connector/local/demo/seed.ts';
import { choose, enter, fieldsIn } from '../support/dom.ts';
import { renderSignedIn } from '../support/signed-in.tsx';

test.after.each(cleanup);
test.after(() => session.signOut());

const cohort = (i: number) => ({ nomr: String(COHORT.first + i), tgl_lahir: COHORT.tgl_lahir });

const letter = (over: Partial<UsableReferral>): UsableReferral => ({
  jeniskunjungan: 1,
  nomorreferensi: '0301U0011126P000123',
  perujuk: 'PUSKESMAS PALMERAH',
  poli: 'JANTUNG DAN PEMBULUH DARAH',
  kd_dep: '20001',
  tgl_terbit: '2026-11-14',
  berlaku_sampai: '2027-02-11',
  tgl_kontrol: null,
  kd_dr: null,
  nama_dr: null,
  ...over,
});

/**
 * The page's fetch with GET /api/patient/bpjs/rujukan answered as given (the call's route is the
 * server's, built apart); every other request goes to the real server, and the bookings sent are kept.
 */
function answerReferrals(answer: ReferralList | (() => Response)) {
  const real = globalThis.fetch;
  const booked: Array<Record<string, unknown>> = [];
  let asked = 0;
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input instanceof Request ? input.url : input)).pathname;
    if (path === API.referrals) {
      asked++;
      return Promise.resolve(typeof answer === 'function' ? answer() : Response.json({ status: true, data: answer }));
    }
    if (path === API.book) booked.push(JSON.parse(String(init?.body)));
    return real(input, init);
  }) as typeof fetch;
  const restore = () => {
    globalThis.fetch = real;
  };
  return { booked, asked: () => asked, restore };
}

const offer = (names: string[]) => noteCapabilities({ capabilities: names });

test('the login answer: its whole list kept, the letters offered only when named, forgotten at logout', () => {
  offer([PATIENT_FROM_TOKEN, BPJS_REFERRALS]);
  assert.ok(knowsPatientFromToken());
  assert.ok(offersReferrals());
  offer([PATIENT_FROM_TOKEN]);
  assert.ok(knowsPatientFromToken());
  assert.not.ok(offersReferrals(), 'a later login without it takes it back');
  // What a phone kept before the list was kept whole: one bare name.
  localStorage.setItem('apikemampuan', PATIENT_FROM_TOKEN);
  assert.ok(knowsPatientFromToken());
  offer([BPJS_REFERRALS]);
  session.signOut();
  assert.not.ok(offersReferrals());
  noteCapabilities({ token: {} });
  assert.not.ok(knowsPatientFromToken(), "the spec's login service names none");
});

test('the letters offered: those of the chosen clinic valid on the chosen day; a link carries a sound one only', () => {
  const list = [
    letter({ nomorreferensi: 'A00001' }),
    letter({ nomorreferensi: 'B00002', kd_dep: '20006' }),
    letter({ nomorreferensi: 'C00003', berlaku_sampai: '2026-12-01' }),
    letter({ nomorreferensi: 'D00004', kd_dep: null }),
  ];
  const numbers = (kd: string | null, date: string | null) => lettersFor(list, kd, date).map((r) => r.nomorreferensi);
  assert.equal(numbers(null, null), ['A00001', 'B00002', 'C00003'], 'a letter for no clinic of ours is never offered');
  assert.equal(numbers('20001', '2026-12-01'), ['A00001', 'C00003'], 'valid on its last day');
  assert.equal(numbers('20001', '2026-12-02'), ['A00001']);
  assert.equal(letterFromQuery({ jeniskunjungan: '3', nomorreferensi: '0301R0011126K000321' }), { jeniskunjungan: 3, nomorreferensi: '0301R0011126K000321' });
  assert.is(letterFromQuery({ jeniskunjungan: '2', nomorreferensi: '0301R0011126K000321' }), null, 'not a kind VClaim shows');
  assert.is(letterFromQuery({ jeniskunjungan: '1', nomorreferensi: 'ABC-1' }), null);
  assert.is(letterFromQuery({}), null);
});

test('the letter list: loading, a failure with Coba lagi, none, no card, and letters as radios named by their whole text', () => {
  const picked: string[] = [];
  let nonBpjs = 0;
  let retried = 0;
  const view = (list: Parameters<typeof ReferralPicker>[0]['list'], letters: UsableReferral[] = [], clinicChosen = false) => (
    <ReferralPicker
      list={list}
      letters={letters}
      letter={null}
      today="2026-11-28"
      clinicChosen={clinicChosen}
      onPick={(r) => picked.push(r.nomorreferensi)}
      onNonBpjs={() => nonBpjs++}
    />
  );
  const { rerender } = render(view({ state: 'loading' }));
  assert.ok(screen.getByRole('status', { name: 'Memuat surat rujukan BPJS…' }));

  rerender(view({ state: 'error', error: { kind: 'network' }, retry: () => retried++ }));
  assert.ok(screen.getByText('Surat rujukan BPJS Anda belum dapat dibaca saat ini.'));
  fireEvent.click(screen.getByRole('button', { name: 'Coba lagi' }));
  assert.is(retried, 1);
  fireEvent.click(screen.getByRole('button', { name: 'Buat janji sebagai Non BPJS' }));
  assert.is(nonBpjs, 1);
  assert.is(screen.getByRole('link', { name: 'Kembali ke Beranda' }).getAttribute('href'), to('home'));

  rerender(view({ state: 'ok', data: { rujukan: [], tanpa_kartu: false } }));
  const none = screen.getByRole('region', { name: 'Surat rujukan BPJS' });
  assert.match(
    none.textContent ?? '',
    /^Belum ada surat rujukan BPJS yang dapat dipakai\.Untuk berobat dengan BPJS, silakan bawa surat rujukan dari FKTP \(puskesmas atau klinik/,
  );
  assert.match(none.textContent ?? '', /surat kontrol didapat dari dokter di poli atau di loket pendaftaran rumah sakit ini\./);
  assert.ok(within(none).getByRole('button', { name: 'Buat janji sebagai Non BPJS' }), 'never a dead end');

  rerender(view({ state: 'ok', data: { rujukan: [letter({ kd_dep: '20006', poli: 'ANAK' })], tanpa_kartu: false } }, [], true));
  assert.ok(screen.getByText('Tidak ada surat rujukan BPJS yang berlaku untuk poli dan tanggal yang dipilih.'));
  assert.ok(screen.getByText('Surat rujukan Anda berlaku untuk ANAK.'));

  rerender(view({ state: 'ok', data: { rujukan: [], tanpa_kartu: true } }));
  assert.ok(screen.getByText('Rumah sakit belum memiliki nomor kartu BPJS Anda. Silakan bawa kartu BPJS (KIS) Anda ke loket pendaftaran.'));

  const control = letter({
    jeniskunjungan: 3,
    nomorreferensi: '0301R0011126K000321',
    perujuk: 'dr. Ahmad Fauzi, Sp.JP(K)',
    berlaku_sampai: '2027-01-12',
    tgl_kontrol: '2026-12-07',
    kd_dr: 'D001',
    nama_dr: 'dr. Ahmad Fauzi, Sp.JP(K)',
  });
  const referral = letter({});
  rerender(view({ state: 'ok', data: { rujukan: [control, referral], tanpa_kartu: false } }, [control, referral]));
  const group = screen.getByRole('group', { name: 'Surat rujukan BPJS' });
  const radios = within(group).getAllByRole('radio');
  assert.equal(
    [
      'Surat kontrol Dari dr. Ahmad Fauzi, Sp.JP(K) Untuk JANTUNG DAN PEMBULUH DARAH Jadwal kontrol Senin, 7 Desember 2026 dengan dr. Ahmad Fauzi, Sp.JP(K) Berlaku sampai 12 Januari 2027, 45 hari lagi Nomor 0301R0011126K000321',
      'Rujukan FKTP Dari PUSKESMAS PALMERAH Untuk JANTUNG DAN PEMBULUH DARAH Berlaku sampai 11 Februari 2027, 75 hari lagi Nomor 0301U0011126P000123',
    ].map((name) => within(group).getByRole('radio', { name })),
    radios,
    'each a radio named by its whole text, soonest to run out first',
  );
  fireEvent.click(screen.getByRole('radio', { name: /^Rujukan FKTP Dari PUSKESMAS PALMERAH .* Nomor 0301U0011126P000123$/ }));
  assert.equal(picked, ['0301U0011126P000123'], 'one tap picks it');
});

/** A session of D001 in clinic 20001 with a seat left, from tomorrow on (signed in already). */
async function openSlot(): Promise<[string, QuotaSlot]> {
  for (let i = 1; i < 29; i++) {
    const date = addDays(todayWib(), i);
    const r = await getQuota('20001', date, 'D001');
    const s = r.ok ? r.data.find(isSlotAvailable) : undefined;
    if (s) return [date, s];
  }
  throw new Error('no open session of D001');
}

const list = (name: string) => screen.getByRole<HTMLSelectElement>('combobox', { name });
const chosenIn = (name: string) => within(list(name)).getByRole('option', { selected: true }).textContent;

test('a control letter chooses its clinic, day and doctor; the booking sends its kind and number', async () => {
  const who = cohort(181);
  await renderSignedIn(who, '/home');
  const [date, s] = await openSlot();
  cleanup();
  const control = letter({
    jeniskunjungan: 3,
    nomorreferensi: '0301R0011126K000321',
    perujuk: s.nama_dr,
    tgl_terbit: todayWib(),
    berlaku_sampai: addDays(date, 30),
    tgl_kontrol: date,
    kd_dr: 'D001',
    nama_dr: s.nama_dr,
  });
  const ends = letter({ nomorreferensi: '0301U0011126P000124', berlaku_sampai: addDays(date, -1) });
  const elsewhere = letter({ nomorreferensi: '0301U0011126P000125', kd_dep: '20006', poli: 'ANAK' });
  const api = answerReferrals({ rujukan: [ends, control, elsewhere], tanpa_kartu: false });
  try {
    offer([PATIENT_FROM_TOKEN, BPJS_REFERRALS]);
    await renderSignedIn(who, to('clinicBooking'));
    offer([PATIENT_FROM_TOKEN, BPJS_REFERRALS]);
    await within(await screen.findByRole('combobox', { name: 'Poli' })).findByRole('option', { name: 'POLI KARDIOLOGI DEWASA' });
    choose(list('Jaminan'), 'BPJS');
    const group = await screen.findByRole('group', { name: 'Surat rujukan BPJS' });
    assert.is(within(group).getAllByRole('radio').length, 3, 'no clinic or day chosen yet: every letter');
    assert.ok(screen.getByRole<HTMLButtonElement>('button', { name: 'Cek Kuota' }).disabled, 'waits for a letter');

    fireEvent.click(within(group).getByRole('radio', { name: /^Surat kontrol / }));
    await waitFor(() => assert.is(chosenIn('Poli'), 'POLI KARDIOLOGI DEWASA'));
    assert.ok(screen.getByRole('button', { name: `Tanggal ${formatDate(date, 'day')}` }), 'its day chosen');
    const left = within(screen.getByRole('group', { name: 'Surat rujukan BPJS' })).getAllByRole<HTMLInputElement>('radio');
    assert.equal(
      left.map((r) => [r.value, r.checked]),
      [['0301R0011126K000321', true]],
      'the one running out before the day and the other clinic’s are not offered',
    );

    const check = screen.getByRole<HTMLButtonElement>('button', { name: 'Cek Kuota' });
    await waitFor(() => assert.not.ok(check.disabled));
    fireEvent.click(check);
    const slots = await screen.findByRole('region', { name: 'Dokter dan kuota' });
    const links = await within(slots).findAllByRole('link');
    for (const a of links) assert.match(a.getAttribute('href') ?? '', /^\/buatjanji\/[^/]+\/D001\//, "the letter's doctor only");
    const href = links[0].getAttribute('href') ?? '';
    assert.match(href, /[?&]jeniskunjungan=3&nomorreferensi=0301R0011126K000321$/);

    cleanup();
    await renderSignedIn(who, href);
    const appointment = await screen.findByRole('region', { name: 'Data perjanjian' });
    await within(appointment).findByText('0301R0011126K000321', { exact: false });
    assert.is(fieldsIn(appointment)['Surat Rujukan'], 'Surat kontrol, nomor 0301R0011126K000321');
    enter(screen.getByRole('textbox', { name: 'Nomor HP' }), '081234500181');
    fireEvent.click(screen.getByRole('button', { name: 'Buat Janji' }));
    await screen.findByRole('alertdialog', { name: 'Alert', description: /^Perjanjian berhasil dibuat/ }, { timeout: 10000 });
    assert.equal(
      api.booked.map((b) => [b.carabayar, b.kd_dep, b.tgl_janji, b.jeniskunjungan, b.nomorreferensi]),
      [['B', '20001', date, 3, '0301R0011126K000321']],
    );
  } finally {
    api.restore();
  }
});

test('no usable letter: what to bring and where, then Non BPJS or home; the card missing said as such', async () => {
  let answer: ReferralList = { rujukan: [], tanpa_kartu: false };
  const api = answerReferrals(() => Response.json({ status: true, data: answer }));
  try {
    await renderSignedIn(cohort(183), to('clinicBooking'));
    offer([PATIENT_FROM_TOKEN, BPJS_REFERRALS]);
    await within(await screen.findByRole('combobox', { name: 'Poli' })).findByRole('option', { name: 'POLI KARDIOLOGI DEWASA' });
    choose(list('Poli'), 'POLI KARDIOLOGI DEWASA');
    choose(list('Jaminan'), 'BPJS');
    const guidance = await screen.findByRole('region', { name: 'Surat rujukan BPJS' });
    await within(guidance).findByText('Belum ada surat rujukan BPJS yang dapat dipakai.');
    assert.ok(within(guidance).getByText(/silakan bawa surat rujukan dari FKTP \(puskesmas atau klinik tempat Anda terdaftar\)/));
    assert.ok(screen.getByRole<HTMLButtonElement>('button', { name: 'Cek Kuota' }).disabled);
    fireEvent.click(within(guidance).getByRole('button', { name: 'Buat janji sebagai Non BPJS' }));
    await waitFor(() => assert.is(chosenIn('Jaminan'), 'Non BPJS'));
    assert.is(screen.queryByRole('region', { name: 'Surat rujukan BPJS' }), null, 'a Non BPJS booking needs no letter');

    // Another patient (the answers are the signed-in patient's: the cache starts afresh).
    answer = { rujukan: [], tanpa_kartu: true };
    cleanup();
    await renderSignedIn(cohort(184), to('clinicBooking'));
    await within(await screen.findByRole('combobox', { name: 'Poli' })).findByRole('option', { name: 'POLI KARDIOLOGI DEWASA' });
    choose(list('Jaminan'), 'BPJS');
    await screen.findByText('Rumah sakit belum memiliki nomor kartu BPJS Anda. Silakan bawa kartu BPJS (KIS) Anda ke loket pendaftaran.');
    assert.ok(api.asked() >= 2);
  } finally {
    api.restore();
  }
});

test('without the capability the BPJS confirmation is §2’s: the session, the phone number, Buat Janji, nothing else', async () => {
  const who = cohort(182);
  await renderSignedIn(who, '/home');
  const [date, s] = await openSlot();
  cleanup();
  const api = answerReferrals({ rujukan: [letter({})], tanpa_kartu: false });
  try {
    await renderSignedIn(who, to('clinicBooking'));
    offer([PATIENT_FROM_TOKEN]);
    await within(await screen.findByRole('combobox', { name: 'Poli' })).findByRole('option', { name: 'POLI KARDIOLOGI DEWASA' });
    choose(list('Jaminan'), 'BPJS');
    await waitFor(() => assert.not.ok(screen.getByRole<HTMLButtonElement>('button', { name: /^Tanggal / }).disabled));
    assert.is(screen.queryByRole('group', { name: 'Surat rujukan BPJS' }), null);
    cleanup();

    const path = to(
      'confirm',
      { dokterr: s.nama_dr, kd_dokter: s.kd_dr, jam: sessionHours(s), tgljanji: date, sts_jam: s.sts_jam, sts_ue: s.sts_ue, bayar: 'BPJS' },
      clinicQuery({ kd_dep: '20001', ds_dep: 'POLI KARDIOLOGI DEWASA' }),
    );
    await renderSignedIn(who, path);
    const appointment = await screen.findByRole('region', { name: 'Data perjanjian' });
    assert.equal(Object.keys(fieldsIn(appointment)), [
      'Nama Pasien',
      'Nomor MR',
      'Tanggal Lahir',
      'Tanggal Perjanjian',
      'Poli',
      'Dokter',
      'Jam Layanan',
      'Jaminan',
    ]);
    const form = screen.getByRole('button', { name: 'Buat Janji' }).closest('form')!;
    assert.equal(
      [...form.querySelectorAll('input, select, textarea, button')].map((el) => el.getAttribute('name') ?? el.textContent),
      ['hp', 'Buat Janji'],
      'one field and the button',
    );
    enter(screen.getByRole('textbox', { name: 'Nomor HP' }), '081234500182');
    fireEvent.click(screen.getByRole('button', { name: 'Buat Janji' }));
    await screen.findByRole('alertdialog', { name: 'Alert', description: /^Perjanjian berhasil dibuat/ }, { timeout: 10000 });
    assert.equal(
      api.booked.map((b) => [b.carabayar, 'jeniskunjungan' in b, 'nomorreferensi' in b]),
      [['B', false, false]],
    );
    assert.is(api.asked(), 0, 'the letters were never asked for');
  } finally {
    api.restore();
  }
});

test('with the capability, a BPJS confirmation link without its letter leads back to choosing', async () => {
  await renderSignedIn(cohort(183), '/home');
  offer([PATIENT_FROM_TOKEN, BPJS_REFERRALS]);
  cleanup();
  await renderSignedIn(
    cohort(183),
    `/buatjanji/dr.%20X/D001/08%3A00-12%3A00/${addDays(todayWib(), 3)}/1/U/BPJS?poli=20001&nama_poli=POLI%20KARDIOLOGI%20DEWASA`,
  );
  assert.is((await screen.findByRole('alert')).textContent, 'Surat rujukan BPJS belum dipilih. Silakan pilih jadwal kembali.');
  assert.is(screen.getByRole('link', { name: 'Pilih jadwal kembali' }).getAttribute('href'), to('clinicBooking'));
});

test.run();

// The data layer: the keyed cache with a store and a clock of the test's own (happy-dom has no
// IndexedDB; the e2e suite checks the real one), then the app's reads against the real API server.
import '../support/dom.ts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Result } from '../../src/api/http.ts';
import { getQuota } from '../../src/api/quota.ts';
import { createCache, type Read } from '../../src/data/cache.ts';
import type { DeviceStore } from '../../src/data/device.ts';
import { book } from '../../src/data/reads.ts';
import { toResource } from '../../src/data/resource.ts';
import { session } from '../../src/session/session.ts';
import { App } from '../../src/app.tsx';
import { ListState } from '../../src/ui/ListState.tsx';
import { isSlotAvailable } from '../../common/booking.ts';
import { addDays, todayWib } from '../../common/dates.ts';
import { to } from '../../common/routes.ts';
import { DEMO_A, DEMO_REGS } from '../../server/connector/local/demo/seed.ts';
import { countRequests, setUrl, sleep } from '../support/dom.ts';
import { phone } from '../support/phone-store.ts';
import { renderSignedIn } from '../support/signed-in.tsx';

test.before(() => session.signOut());
test.after.each(cleanup);
// All test files run in one process: the next one starts signed out.
test.after(() => session.signOut());

const ok = <T,>(data: T): Result<T> => ({ ok: true, data });
const OFFLINE: Result<never> = { ok: false, error: { kind: 'offline' } };

/** A server for one key: answers in turn (the last one again), a tick later; counts the calls. */
function server<T>(...answers: Array<Result<T>>) {
  const s = {
    made: 0,
    load: async (): Promise<Result<T>> => {
      const answer = answers[Math.min(s.made++, answers.length - 1)];
      await sleep(1);
      return answer;
    },
  };
  return s;
}

function setup(store: DeviceStore | null = null) {
  const clock = { now: Date.UTC(2026, 10, 23, 0, 45) };
  const cache = createCache({ store, now: () => clock.now });
  return { cache, clock };
}

test('one call per key in flight: readers of the same key share it', async () => {
  const { cache } = setup();
  const upcoming = server(ok(['janji']));
  const queue = server(ok(['antrian']));
  const read: Read<string[]> = { key: 'upcoming', load: upcoming.load };
  await Promise.all([cache.load(read), cache.load(read), cache.load({ key: 'clinicQueue', load: queue.load })]);
  assert.is(upcoming.made, 1);
  assert.is(queue.made, 1);
  assert.equal(toResource(cache.peek('upcoming')), { state: 'ok', data: ['janji'], savedAt: undefined, error: undefined });
});

test('stale-while-revalidate: the earlier answer is shown while the next call runs', async () => {
  const { cache } = setup();
  const calls = server(ok(['lama']), ok(['baru']));
  const read: Read<string[]> = { key: 'upcoming', load: calls.load };
  await cache.load(read);
  const again = cache.load(read);
  assert.equal(toResource(cache.peek('upcoming')), { state: 'loading', data: ['lama'], savedAt: undefined });
  await again;
  assert.equal(toResource<string[]>(cache.peek('upcoming')).state, 'ok');
  assert.equal(cache.peek('upcoming').data, ['baru']);
  assert.is(calls.made, 2);
});

test('an answer younger than fresh is used without a call; a detail reads its item from the list on hand', async () => {
  const { cache, clock } = setup();
  const penunjang = server(ok({ hasillab: [{ no_lab: 'L1' }, { no_lab: 'L2' }], data: [{ no_reg: 'R1' }] }));
  const labs: Read<Array<{ no_lab: string }>, { hasillab: Array<{ no_lab: string }> }> = {
    key: 'supporting',
    load: penunjang.load,
    select: (s) => s.hasillab,
    fresh: 60_000,
  };
  const poli: Read<Array<{ no_reg: string }>, { data: Array<{ no_reg: string }> }> = {
    key: 'supporting',
    load: penunjang.load,
    select: (s) => s.data,
    fresh: 60_000,
  };
  await cache.load(labs);
  await cache.load(poli);
  assert.is(penunjang.made, 1, 'the lab list and the poli history: one penunjang call');
  clock.now += 10 * 60_000;
  await cache.load(labs, { fresh: Infinity });
  assert.is(penunjang.made, 1, 'the detail, ten minutes on, uses the list');
  const list = toResource(cache.peek('supporting'), labs.select);
  assert.equal(list.state === 'ok' && list.data.find((o) => o.no_lab === 'L2'), { no_lab: 'L2' });
  await cache.load(labs);
  assert.is(penunjang.made, 2, 'the list screen, past fresh, calls again');
});

test('after a booking the appointments on screen are read again at once, the other booked keys on their next read', async () => {
  const { cache } = setup();
  const upcoming = server(ok(['satu']), ok(['satu', 'dua']));
  const last = server(ok('2026-11-20'), ok('2026-12-01'));
  const quota = server(ok([{ seats: 2 }]), ok([{ seats: 1 }]));
  const queue = server(ok(['antrian']));
  const reads: Array<Read<unknown>> = [
    { key: 'upcoming', load: upcoming.load },
    { key: 'lastAppointment', load: last.load, fresh: Infinity },
    { key: 'quota/20001/2026-12-01/', load: quota.load },
    { key: 'clinicQueue', load: queue.load, fresh: Infinity },
  ];
  await Promise.all(reads.map((r) => cache.load(r)));
  const off = cache.subscribe('upcoming', () => undefined); // home is open
  cache.invalidate(['upcoming', 'lastAppointment', 'quota/']);
  await waitFor(() => assert.equal(cache.peek('upcoming').data, ['satu', 'dua']));
  assert.is(last.made, 1, 'not on screen: no call yet');
  await Promise.all(reads.map((r) => cache.load(r)));
  assert.is(last.made, 2, 'read afresh despite fresh: Infinity');
  assert.equal(cache.peek('lastAppointment').data, '2026-12-01');
  assert.is(queue.made, 1, 'what a booking does not change is kept');
  off();
});

test('a failure on the way keeps the earlier answer, with its time; an answer of the server replaces it', async () => {
  const { cache, clock } = setup();
  const fetchedAt = clock.now;
  const calls = server(ok(['a']), { ok: false, error: { kind: 'network' } }, { ok: false, error: { kind: 'status', message: 'Tidak ada data' } });
  const read: Read<string[]> = { key: 'upcoming', load: calls.load };
  await cache.load(read);
  clock.now += 60_000;
  await cache.load(read);
  assert.equal(toResource(cache.peek('upcoming')), { state: 'ok', data: ['a'], savedAt: fetchedAt, error: { kind: 'network' } });
  await cache.load(read);
  assert.equal(toResource(cache.peek('upcoming')), { state: 'error', error: { kind: 'status', message: 'Tidak ada data' } });
});

test("kept answers are saved on the phone under the patient's number and shown offline on the next start", async () => {
  const store = phone();
  const first = setup(store);
  await first.cache.setOwner('00012345');
  await first.cache.load({ key: 'upcoming', load: server(ok(['janji'])).load, keep: true });
  await first.cache.load({ key: 'clinics', load: server(ok(['poli'])).load });
  await sleep(5);
  assert.equal([...store.saved.keys()], ['00012345/upcoming'], 'only kept reads');
  assert.equal(store.saved.get('00012345/upcoming'), { data: ['janji'], at: first.clock.now });

  // The app opened again, offline.
  const next = setup(store);
  next.clock.now += 3_600_000;
  await next.cache.setOwner('00012345');
  const offline = server<string[]>(OFFLINE);
  await next.cache.load({ key: 'upcoming', load: offline.load, keep: true });
  assert.equal(toResource(next.cache.peek('upcoming')), { state: 'ok', data: ['janji'], savedAt: first.clock.now, error: { kind: 'offline' } });
});

test('the phone copy while a call runs is shown with its time; a status-false answer removes it', async () => {
  const store = phone();
  store.saved.set('00012345/upcoming', { data: ['lama'], at: 1 });
  const { cache } = setup(store);
  await cache.setOwner('00012345');
  let answer: (r: Result<string[]>) => void = () => undefined;
  const read: Read<string[]> = { key: 'upcoming', load: () => new Promise((resolve) => (answer = resolve)), keep: true };
  const running = cache.load(read);
  await waitFor(() => assert.equal(toResource(cache.peek('upcoming')), { state: 'loading', data: ['lama'], savedAt: 1 }));
  answer({ ok: false, error: { kind: 'status' } });
  await running;
  assert.is(toResource(cache.peek('upcoming')).state, 'error');
  await sleep(5);
  assert.is(store.saved.size, 0);
});

test('signing out empties the cache and the phone; the next patient finds nothing of the last; a late answer is dropped', async () => {
  const store = phone();
  const { cache } = setup(store);
  await cache.setOwner('00012345');
  await cache.load({ key: 'upcoming', load: server(ok(['A'])).load, keep: true });
  await sleep(5);
  const late = cache.load({ key: 'clinicQueue', load: server(ok(['A antrian'])).load, keep: true, fresh: Infinity });
  await cache.setOwner(null);
  await late;
  await sleep(5);
  assert.is(cache.peek('upcoming').data, undefined);
  assert.is(cache.peek('clinicQueue').data, undefined, 'the answer to a call of the ended session');
  assert.is(store.saved.size, 0);

  store.saved.set('00012345/upcoming', { data: ['A'], at: 1 }); // a logout this layer did not see
  await cache.setOwner('00012346');
  assert.equal([...store.saved.keys()], []);
});

test('back online, the reads on screen that failed offline call again', async () => {
  const { cache } = setup();
  const calls = server(OFFLINE, ok(['a']));
  const read: Read<string[]> = { key: 'upcoming', load: calls.load };
  const off = cache.subscribe('upcoming', () => undefined);
  await cache.load(read);
  assert.equal(toResource(cache.peek('upcoming')), { state: 'error', error: { kind: 'offline' } });
  cache.retry();
  await waitFor(() => assert.equal(cache.peek('upcoming').data, ['a']));
  off();
});

test('offline, a list kept on the phone shows with Terakhir diperbarui and its time in WIB', () => {
  const resource = { state: 'ok' as const, data: ['Jadwal'], savedAt: Date.UTC(2026, 10, 23, 0, 45), error: { kind: 'offline' as const } };
  const { container } = render(<ListState<string> resource={resource}>{(items) => items.map((i) => <p>{i}</p>)}</ListState>);
  assert.ok(screen.getByText('Terakhir diperbarui 23 November 2026 pukul 07.45'));
  assert.ok(screen.getByText(/Menunggu koneksi internet…/));
  assert.ok(screen.getByText('Jadwal'));
  assert.is(screen.queryByRole('alert'), null);
  assert.not.match(container.textContent ?? '', /Tidak ada data/);
});

test('while a kept list is being refreshed it shows as it is, with no Terakhir diperbarui line to vanish', () => {
  const resource = { state: 'loading' as const, data: ['Jadwal'], savedAt: Date.UTC(2026, 10, 23, 0, 45) };
  render(<ListState<string> resource={resource}>{(items) => items.map((i) => <p>{i}</p>)}</ListState>);
  assert.ok(screen.getByText('Jadwal'));
  assert.is(screen.queryByText(/Terakhir diperbarui/), null);
});

test('a lab detail offline without its list says the phone is offline, not Data tidak ditemukan', async () => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
  try {
    setUrl(`http://127.0.0.1:9${to('labDetail', { nolab: DEMO_REGS.lab() })}`); // nothing listens there
    session.signIn({ nomr: '00099999', birthDate: '1990-01-01', token: 'AAAAAAAAAAAAAAAAAAAAAA' });
    render(<App />);
    await screen.findByText('Anda sedang offline. Data akan dimuat saat koneksi kembali.', { selector: 'main p' }, { timeout: 15000 });
    assert.is(screen.queryByText('Data tidak ditemukan'), null);
  } finally {
    delete (navigator as { onLine?: boolean }).onLine;
    session.signOut();
  }
});

test('a lab detail opened from its list, and the poli history, make no second penunjang call', async () => {
  const penunjang = countRequests('/riwayat/penunjang');
  try {
    await renderSignedIn(DEMO_A, to('lab'));
    fireEvent.click((await screen.findAllByRole('link', { name: 'Lihat hasil' }))[0]);
    await screen.findAllByText('Nilai Rujukan');
    cleanup();
    await renderSignedIn(DEMO_A, to('poliHistory', { poli: 'poli kardiologi dewasa' }));
    await screen.findByText(DEMO_REGS.poliVisit());
    assert.is(penunjang.count(), 1);
  } finally {
    penunjang.restore();
  }
});

/** A session of D001 in clinic 20001 with a seat left, from the far end of the next four weeks. */
async function lastOpenSlot() {
  for (let i = 28; i > 0; i--) {
    const date = addDays(todayWib(), i);
    const r = await getQuota('20001', date, 'D001');
    const s = r.ok ? r.data.find(isSlotAvailable) : undefined;
    if (s) return { date, s };
  }
  throw new Error('no open session of D001');
}

test('a booking shows at once in Jadwal Perjanjian Aktif on home', async () => {
  await renderSignedIn(DEMO_A, '/home');
  const card = await screen.findByRole('region', { name: 'Jadwal Perjanjian Aktif' });
  const items = () => within(card).queryAllByRole('group').length;
  await waitFor(() => assert.ok(items() > 0));
  const before = items();
  const { date, s } = await lastOpenSlot();
  const res = await book({
    nomr: DEMO_A.nomr,
    tgl_janji: date,
    sts_ue: s.sts_ue,
    tgl_lahir: DEMO_A.tgl_lahir,
    kd_dep: '20001',
    kd_dr: s.kd_dr,
    sts_jam: s.sts_jam,
    carabayar: 'P',
    hp: '081234567890',
  });
  assert.ok(res.ok, 'booked');
  await waitFor(() => assert.is(items(), before + 1));
});

test("the server's copy of the hospital system's last answer shows with Terakhir diperbarui and the time it was read", async () => {
  const { cache } = setup();
  const read: Read<string[]> = { key: 'outpatientVisits', load: server<string[]>({ ok: true, data: ['Kunjungan'], asOf: Date.UTC(2026, 10, 23, 0, 30) }).load };
  await cache.load(read);
  const resource = toResource<string[]>(cache.peek('outpatientVisits'));
  assert.equal(resource, { state: 'ok', data: ['Kunjungan'], savedAt: Date.UTC(2026, 10, 23, 0, 30), error: undefined, copy: true });
  render(<ListState<string> resource={resource}>{(items) => items.map((i) => <p>{i}</p>)}</ListState>);
  assert.ok(screen.getByText('Terakhir diperbarui 23 November 2026 pukul 07.30'));
  assert.ok(screen.getByText('Kunjungan'));
  assert.is(screen.queryByRole('alert'), null);
});

test.run();

// Family profiles on the phone: the profile store over the spec's keys, 'profillain' and
// 'profilaktif' (switch, at most six, the same patient refused, one signed out, all of them, back
// after a restart), and the data layer keeping each profile's copies until that profile signs out.
import '../support/dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createCache } from '../../src/data/cache.ts';
import { phone } from '../support/phone-store.ts';
import {
  ACTIVE_KEY,
  addProfile,
  added,
  allProfiles,
  MAX_PROFILES,
  OTHERS_KEY,
  refusal,
  remember,
  removeProfile,
  restoreProfiles,
  switched,
  switchTo,
  without,
} from '../../src/session/profiles.ts';
import { EXPIRES_KEY, session, type Profile } from '../../src/session/session.ts';
import { toasts } from '../../src/notice/toasts.ts';

// Tokens new in every test: with the whole unit suite in one process, a screen another file left
// subscribed may still be answering a call made with an earlier test's token.
let run = 0;
const patient = (n: number): Profile => ({ nomr: `0001234${n}`, birthDate: `1970-01-0${n}`, token: `token-${n}-${run}` });
let [A, B, C] = [1, 2, 3].map(patient);

const keys = () => ({
  statuslogin: localStorage.getItem('statuslogin'),
  nomormr: localStorage.getItem('nomormr'),
  tgllahir: localStorage.getItem('tgllahir'),
  token: localStorage.getItem('token'),
});
const othersStored = (): string[] => (JSON.parse(localStorage.getItem(OTHERS_KEY) ?? '[]') as Profile[]).map((p) => p.nomr);
const nomrs = () => allProfiles().map((p) => p.nomr);

test.before.each(() => {
  run++;
  [A, B, C] = [1, 2, 3].map(patient);
  session.signOut();
  session.signIn(A);
});
// All test files run in one process: the next one starts signed out.
test.after(() => session.signOut());

test('the steps: a switch swaps two places, an addition goes first, a removal hands over to the next', () => {
  assert.equal(switched(A, [B, C], C.nomr), [C, [B, A]]);
  assert.is(switched(A, [B], '99999999'), null);
  assert.equal(added(A, [B], C), [C, [A, B]]);
  assert.equal(without(A, [B, C], A.nomr), [B, [C]]);
  assert.equal(without(A, [B, C], C.nomr), [A, [B]]);
  assert.is(without(A, [], A.nomr), null);
});

test('the same patient twice is refused, however the number was typed; a seventh too', () => {
  assert.is(refusal([A, B], ` ${B.nomr} `), 'duplicate');
  assert.is(refusal([A, B], C.nomr), null);
  const six = [1, 2, 3, 4, 5, 6].map(patient);
  assert.is(refusal(six, '00099999'), 'full');
  assert.is(MAX_PROFILES, 6);
});

test("one patient on the phone: the spec's four keys as ever, and no key of ours", () => {
  assert.equal(keys(), { statuslogin: '1', nomormr: A.nomr, tgllahir: A.birthDate, token: A.token });
  assert.is(localStorage.getItem(OTHERS_KEY), null);
  assert.is(localStorage.getItem(ACTIVE_KEY), null);
  assert.equal(nomrs(), [A.nomr]);
});

test("an added profile becomes the active one under the spec's keys; the one before waits under 'profillain' with its own token", () => {
  assert.is(addProfile(B), null);
  assert.equal(keys(), { statuslogin: '1', nomormr: B.nomr, tgllahir: B.birthDate, token: B.token });
  assert.equal(othersStored(), [A.nomr]);
  assert.is(session.others.value[0].token, A.token);
  assert.equal(nomrs(), [B.nomr, A.nomr]);
});

test('a switch makes another profile active and keeps what the phone knows of the one before', () => {
  addProfile(B);
  remember(B.nomr, { nama: 'SITI AMINAH' });
  assert.ok(switchTo(A.nomr));
  assert.equal(keys(), { statuslogin: '1', nomormr: A.nomr, tgllahir: A.birthDate, token: A.token });
  assert.equal(othersStored(), [B.nomr]);
  assert.is(session.others.value[0].nama, 'SITI AMINAH');
  assert.not.ok(switchTo('99999999'), 'a number that is not on the phone');
  assert.is(session.current.value?.nomr, A.nomr);
});

test('the same patient is refused as a profile; a seventh is refused; nothing changes', () => {
  assert.is(addProfile({ ...A, token: 'another-token' }), 'duplicate');
  assert.is(session.current.value?.token, A.token);
  for (let n = 2; n <= 6; n++) assert.is(addProfile(patient(n)), null);
  assert.is(allProfiles().length, 6);
  assert.is(addProfile(patient(7)), 'full');
  assert.is(allProfiles().length, 6);
  assert.is(session.current.value?.nomr, patient(6).nomr);
});

test("signing out the active profile hands over to the next, and takes that patient's values in local storage with it", () => {
  addProfile(B);
  addProfile(C);
  localStorage.setItem('nomorhp', JSON.stringify({ nomr: C.nomr, hp: '081234567890' }));
  assert.is(removeProfile(C, false), 2);
  assert.is(session.current.value?.nomr, B.nomr);
  assert.equal(othersStored(), [A.nomr]);
  assert.is(localStorage.getItem('nomorhp'), null);
  assert.is(removeProfile(C, false), null, 'once only');
});

test('a profile refused by the server ends alone, and the patient is told whose', () => {
  addProfile(B);
  remember(A.nomr, { nama: 'BUDI SANTOSO' });
  const before = toasts.list.value.length;
  assert.is(removeProfile(A, true), 1);
  assert.is(session.current.value?.nomr, B.nomr, 'the active profile stays');
  assert.is(localStorage.getItem(OTHERS_KEY), null);
  const shown = toasts.list.value.slice(before).map((t) => t.text);
  assert.equal(shown, ['Sesi BUDI SANTOSO telah berakhir. Tambahkan kembali profilnya untuk melihat datanya.']);
});

test("with others on the phone the active one's expiry moves from 'tokenexpires' to 'profilaktif'; alone again, it moves back", () => {
  session.signOut();
  const [until1, until2] = [Date.now() + 86_400_000, Date.now() + 2 * 86_400_000];
  session.signIn({ ...A, expiresAt: until1 });
  assert.is(localStorage.getItem(EXPIRES_KEY), String(until1));
  addProfile({ ...B, expiresAt: until2 });
  // The login page's check at start knows only 'tokenexpires': it must find none to end them all by.
  assert.is(localStorage.getItem(EXPIRES_KEY), null);
  assert.equal(JSON.parse(localStorage.getItem(ACTIVE_KEY)!), { nomr: B.nomr, expiresAt: until2 });
  assert.is(session.others.value[0].expiresAt, until1);
  switchTo(A.nomr);
  assert.equal(JSON.parse(localStorage.getItem(ACTIVE_KEY)!), { nomr: A.nomr, expiresAt: until1 });
  assert.is(session.others.value[0].expiresAt, until2);
  removeProfile(B, false);
  assert.is(localStorage.getItem(EXPIRES_KEY), String(until1));
  assert.is(localStorage.getItem(ACTIVE_KEY), null);
  assert.is(localStorage.getItem(OTHERS_KEY), null);
});

test("after a restart the others come back, and the active one's name and expiry; the spec's keys are untouched", () => {
  session.signOut();
  const until = Date.now() + 86_400_000;
  // The phone as an earlier run left it: B active under the spec's keys, A waiting.
  localStorage.setItem('statuslogin', '1');
  localStorage.setItem('nomormr', B.nomr);
  localStorage.setItem('tgllahir', B.birthDate);
  localStorage.setItem('token', B.token);
  localStorage.setItem(OTHERS_KEY, JSON.stringify([{ ...A, nama: 'BUDI SANTOSO' }]));
  localStorage.setItem(ACTIVE_KEY, JSON.stringify({ nomr: B.nomr, nama: 'SITI AMINAH (disimpan)', expiresAt: until }));
  // What the login page's session restores (session.ts): the spec's keys only.
  session.store({ nomr: B.nomr, birthDate: B.birthDate, token: B.token })();
  assert.equal(session.others.value, []);
  restoreProfiles();
  assert.equal(nomrs(), [B.nomr, A.nomr]);
  assert.is(allProfiles()[0].nama, 'SITI AMINAH (disimpan)');
  assert.is(allProfiles()[0].expiresAt, until);
  assert.is(session.others.value[0].token, A.token);
  assert.equal(keys(), { statuslogin: '1', nomormr: B.nomr, tgllahir: B.birthDate, token: B.token });
  assert.is(localStorage.getItem(EXPIRES_KEY), null);
  // Alone again, the expiry it came back with is the one the next start checks.
  removeProfile(A, false);
  assert.is(localStorage.getItem(EXPIRES_KEY), String(until));
});

test("the active one's name read by home is kept for the next start, with no change to the session on screen", () => {
  addProfile(B);
  const before = session.current.value;
  remember(B.nomr, { nama: 'SITI AMINAH' });
  assert.is(session.current.value, before);
  assert.is(JSON.parse(localStorage.getItem(ACTIVE_KEY)!).nama, 'SITI AMINAH');
});

test('the last profile signed out clears the phone as a one-patient phone does', () => {
  addProfile(B);
  localStorage.setItem('nomorhp', JSON.stringify({ nomr: A.nomr, hp: '081234567890' }));
  removeProfile(A, false);
  assert.is(removeProfile(B, false), 0);
  assert.is(session.current.value, null);
  assert.equal(session.others.value, []);
  assert.is(localStorage.length, 0);
});

test("the phone keeps each profile's copies across switches, and drops only a signed-out profile's", async () => {
  const store = phone();
  const cache = createCache({ store });
  for (const n of [A, B, C]) store.saved.set(`${n.nomr}/upcoming`, { data: [n.nomr], at: 1 });
  await cache.setOwner(A.nomr, [B.nomr, C.nomr]);
  await cache.setOwner(B.nomr, [A.nomr, C.nomr]);
  assert.equal(
    [...store.saved.keys()].sort(),
    [A, B, C].map((p) => `${p.nomr}/upcoming`),
  );
  await cache.setOwner(B.nomr, [A.nomr]); // C signed out
  assert.equal(
    [...store.saved.keys()].sort(),
    [A, B].map((p) => `${p.nomr}/upcoming`),
  );
  await cache.setOwner(null);
  assert.is(store.saved.size, 0);
});

test("a switch empties what is on screen and the reads on screen call again, for the new profile's answers", async () => {
  const cache = createCache();
  let owner = A.nomr;
  const read = { key: 'upcoming', load: async () => ({ ok: true as const, data: [owner] }) };
  const off = cache.subscribe('upcoming', () => undefined);
  await cache.setOwner(A.nomr, [B.nomr]);
  await cache.load(read);
  assert.equal(cache.peek('upcoming').data, [A.nomr]);
  owner = B.nomr;
  await cache.setOwner(B.nomr, [A.nomr]);
  // The read on screen calls again on its own: awaited until answered (or 2 s).
  for (const end = Date.now() + 2000; (cache.peek('upcoming').data as string[] | undefined)?.[0] !== B.nomr && Date.now() < end; )
    await new Promise((r) => setTimeout(r, 1));
  assert.equal(cache.peek('upcoming').data, [B.nomr]);
  off();
});

test.run();

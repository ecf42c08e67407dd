// A doctor's leave and the waiting list in Chromium against the real server (docs/leave.md), as
// demo patient B: the hospital closes the session B booked; home shows the booking as cancelled
// by the hospital with the reason and moves it in one tap; then B joins a full session's waiting
// list from the quota list, sees the place on home and leaves it. Shot at 360 px, text 100 % and
// 200 %, into artifacts/screenshots, with no layout fault at either.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isSlotAvailable } from '../../common/booking.ts';
import { addDays, toQuotaDate, todayWib, weekdayName } from '../../common/dates.ts';
import { API } from '../../common/paths.ts';
import { to } from '../../common/routes.ts';
import type { QuotaSlot, UpcomingAppointment } from '../../common/schemas/index.ts';
import { INTERNAL } from '../../common/server-paths.ts';
import { DEMO_B } from '../../server/connector/local/demo/seed.ts';
import { pickDate } from '../support/booking.ts';
import { apiReads, realApp } from '../support/e2e.ts';
import { TEXT_SIZES, layoutProblems, pageAt, settle, keepShot } from '../support/layout.ts';
import { apiToken } from '../support/server.ts';

const TOKEN = 'e2e-internal-token-0123456789';
const app = realApp(test, { INTERNAL_API_TOKEN: TOKEN });
const api = apiReads(test, app, DEMO_B);
const quota = (date: string) => api<QuotaSlot[]>(API.quota, { kd_dr: '', kd_dep: '20001', tgl_janji: toQuotaDate(date), hari: weekdayName(date) });

/** The first date from tomorrow with a slot of clinic 20001 that matches, on no day B holds. */
async function dateWith(match: (s: QuotaSlot) => boolean): Promise<[string, QuotaSlot]> {
  const held = new Set((await api<{ jadwal: UpcomingAppointment[] }>(API.upcoming, { nomr: DEMO_B.nomr })).jadwal.map((a) => a.tanggal_janji));
  for (let i = 1; i < 30; i++) {
    const date = addDays(todayWib(), i);
    const slot = held.has(date) ? undefined : (await quota(date)).find((s) => s.kode !== 301 && match(s));
    if (slot) return [date, slot];
  }
  throw new Error('no such session in clinic 20001');
}

async function shoot(name: string, size: (typeof TEXT_SIZES)[number], path: string, waitFor: string): Promise<void> {
  const p = await pageAt(app.browser, app.server.url, size, DEMO_B);
  await settle(p, app.server.url + path);
  await p.getByText(waitFor).first().waitFor();
  assert.equal(await layoutProblems(p), [], `${name} at ${size.name}`);
  await keepShot(p, `${size.name.replace('%', '').replace(/\W+/g, '-')}/${name}.png`);
  await p.context().close();
}

test("a booking the hospital cancelled: shown with the reason on home and moved in one tap to the doctor's next session", async () => {
  const [date, slot] = await dateWith((s) => s.kd_dr === 'D001' && isSlotAvailable(s));
  const token = await apiToken(app.server.url, DEMO_B);
  const booking = { nomr: DEMO_B.nomr, tgl_janji: date, kd_dep: '20001', kd_dr: 'D001', sts_jam: slot.sts_jam, carabayar: 'P', hp: '081298765432' };
  const booked = await fetch(app.server.url + API.book, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(booking),
  }).then((r) => r.json());
  assert.is(booked.status, true, JSON.stringify(booked));
  const closed = await fetch(app.server.internalUrl + INTERNAL.sessionLeave, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ kd_dr: 'D001', kd_dep: '20001', sts_jam: slot.sts_jam, tanggal: date, aksi: 'tutup', alasan: 'dokter sedang cuti' }),
  }).then((r) => r.json());
  assert.is(closed.data.dibatalkan, 1, JSON.stringify(closed));

  for (const size of TEXT_SIZES.slice(0, 2)) await shoot('leave-cancelled-home', size, to('home'), 'dokter sedang cuti');
  const p = await pageAt(app.browser, app.server.url, TEXT_SIZES[0], DEMO_B);
  await settle(p, app.server.url + to('home'));
  const card = p.getByRole('region', { name: 'Perjanjian dibatalkan oleh rumah sakit' });
  await card.getByText('Dibatalkan oleh rumah sakit', { exact: true }).waitFor();
  const move = card.getByRole('button', { name: /^Pindahkan ke \p{L}+, \d{1,2} \p{L}+, \d{2}\.\d{2}–\d{2}\.\d{2}/u }).first();
  const label = (await move.textContent()) ?? '';
  await move.click();
  await p
    .getByRole('status')
    .filter({ hasText: /Perjanjian berhasil dibuat\. Nomor antrian Anda \d+/ })
    .waitFor();
  await card.waitFor({ state: 'detached' });
  const upcoming = (await api<{ jadwal: UpcomingAppointment[] }>(API.upcoming, { nomr: DEMO_B.nomr })).jadwal;
  assert.ok(
    upcoming.some((a) => a.kd_dr === 'D001' && a.tanggal_janji !== date),
    `moved as '${label}'`,
  );
  await p.context().close();
});

test('a full session: its waiting list joined in one tap from the quota list, the place seen on home, left again', async () => {
  const [date, full] = await dateWith((s) => s.batas_quota > 0 && s.quota_terisi >= s.batas_quota);
  const p = await pageAt(app.browser, app.server.url, TEXT_SIZES[0], DEMO_B);
  await settle(p, app.server.url + to('clinicBooking'));
  await p.locator('#bk-poli option[value="20001"]').waitFor({ state: 'attached' });
  await p.getByLabel('Poli').selectOption('20001');
  await p.getByLabel('Jaminan').selectOption('Non BPJS');
  await pickDate(p, date);
  await p.getByRole('button', { name: 'Cek Kuota' }).click();
  const slot = p.getByRole('listitem').filter({ hasText: full.nama_dr }).filter({ hasText: 'Kuota penuh' });
  await slot.getByRole('button', { name: 'Masuk daftar tunggu' }).click();
  await p.getByRole('status').filter({ hasText: 'Anda masuk daftar tunggu, urutan ke-1.' }).waitFor();
  await keepShot(p, 'text-100/leave-waitlist-joined.png');
  await p.context().close();

  for (const size of TEXT_SIZES.slice(0, 2)) await shoot('leave-waitlist-home', size, to('home'), 'Urutan Anda: ke-1');
  const home = await pageAt(app.browser, app.server.url, TEXT_SIZES[0], DEMO_B);
  await settle(home, app.server.url + to('home'));
  const line = home.getByRole('region', { name: 'Daftar tunggu' });
  await line.getByText('Urutan Anda: ke-1').waitFor();
  await line.getByRole('button', { name: 'Keluar dari daftar tunggu' }).click();
  await home.getByRole('status').filter({ hasText: 'Anda sudah keluar dari daftar tunggu.' }).waitFor();
  await line.waitFor({ state: 'detached' });
  await home.context().close();
});

test.run();

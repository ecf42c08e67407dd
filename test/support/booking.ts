// Booking steps the end-to-end walks over dialogs share (test/e2e/a11y.test.ts, text-size.test.ts):
// a free seat found through the API as the app reads it, and a date chosen in the date picker; and
// the booking request the server and unit tests send for Dr D001's morning session, and the app on
// a clock of its own those server tests move (test/server/booked-queue.test.ts, manage.test.ts).
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import type { Test } from 'uvu';
import { isSlotAvailable } from '../../common/booking.ts';
import { MONTHS, addDays, toQuotaDate, todayWib, weekdayName } from '../../common/dates.ts';
import { API } from '../../common/paths.ts';
import type { QuotaSlot, UpcomingAppointment } from '../../common/schemas/index.ts';
import { buildApp } from '../../server/app.ts';
import type { Config } from '../../server/config.ts';
import type { Db } from '../../server/db/client.ts';
import { COHORT, loginAs, testConfig } from './app.ts';
import { freshDb } from './db.ts';
import { apiToken } from './server.ts';

type Who = { nomr: string; tgl_lahir: string };

async function read<T>(baseUrl: string, token: string, path: string, query: Record<string, string>): Promise<T> {
  const res = await fetch(`${baseUrl}${path}?${new URLSearchParams(query)}`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: T }).data;
}

/** The first date from tomorrow, on no day the patient already has an appointment, with a free seat of the doctor in the clinic. */
export async function freeSeat(baseUrl: string, who: Who, kd_dr: string, kd_dep = '20001'): Promise<[string, QuotaSlot]> {
  const token = await apiToken(baseUrl, who);
  const { jadwal } = await read<{ jadwal: UpcomingAppointment[] }>(baseUrl, token, API.upcoming, { nomr: who.nomr, tgllahir: who.tgl_lahir });
  const taken = new Set(jadwal.map((a) => a.tanggal_janji));
  for (let i = 1; i < 40; i++) {
    const date = addDays(todayWib(), i);
    if (taken.has(date)) continue;
    const slots = await read<QuotaSlot[]>(baseUrl, token, API.quota, {
      kd_dr: '',
      kd_dep,
      tgl_janji: toQuotaDate(date),
      hari: weekdayName(date),
      jenis: 'poli',
    });
    const slot = slots.find((s) => s.kode !== 301 && isSlotAvailable(s) && s.kd_dr === kd_dr);
    if (slot) return [date, slot];
  }
  throw new Error(`no free seat of ${kd_dr} in clinic ${kd_dep}`);
}

/**
 * Opens the date picker, pages to the date's month and taps the day. `force` taps a day that is
 * marked unavailable, as a patient can, to show that nothing is chosen.
 */
export async function pickDate(p: Page, date: string, { force = false } = {}): Promise<void> {
  await p.locator('button[aria-controls][aria-expanded="false"]').click();
  // Until the rules arrive the calendar says it is loading, then opens on the first day that can be
  // picked: a month turned before that could be turned again by it.
  await p.locator('[role="grid"][aria-busy="false"]').waitFor();
  const month = `${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;
  for (let i = 0; i < 12 && (await monthHeading(p).textContent()) !== month; i++) await turnMonth(p, 'next');
  await p.locator(`button[data-date="${date}"]`).click({ force });
}

/** The open calendar's month, as its heading names it ('Desember 2026'). */
export const monthHeading = (p: Page) => p.getByRole('heading', { level: 2, name: /^\p{L}+ \d{4}$/u });

/**
 * Turns the open calendar a month on or back, and returns once that month is drawn: read before
 * the drawing, the calendar still shows the month before (a loop that read it so turned once more
 * and met the window's last month's disabled button, in a CI run).
 */
export async function turnMonth(p: Page, way: 'next' | 'previous'): Promise<void> {
  const shown = await monthHeading(p).textContent();
  await p.getByRole('button', { name: way === 'next' ? 'Bulan berikutnya' : 'Bulan sebelumnya' }).click();
  await p.waitForFunction((before) => document.querySelector('h2[id$="-month"]')?.textContent !== before, shown);
}

/** The confirmation of a seat in Kardiologi Dewasa, Non BPJS (/buatjanji). */
export function confirmationOf(
  date: string,
  s: QuotaSlot,
): { dokterr: string; kd_dokter: string; jam: string; tgljanji: string; sts_jam: string; sts_ue: string; bayar: string } {
  return { dokterr: s.nama_dr, kd_dokter: s.kd_dr, jam: `${s.jam_dtg}-${s.jam_plg}`, tgljanji: date, sts_jam: s.sts_jam, sts_ue: s.sts_ue, bayar: 'Non BPJS' };
}

/** Dr D001's morning session in clinic 20001 (every weekday), Non BPJS: a patient's booking request for a date, `over` changing any field. */
export const d001Booking = <O extends object = Record<never, never>>(nomr: string, tgl_janji: string, over: O = {} as O) => ({
  nomr,
  tgl_janji,
  kd_dep: '20001',
  kd_dr: 'D001',
  sts_jam: '1',
  carabayar: 'P' as const,
  hp: '081234567890',
  ...over,
});

/** d001Booking as the app sends it, with the patient's birth date and sts_ue 'U' (docs/product.md §7), `over` changing any field. */
export const d001BookingOf = <O extends object = Record<never, never>>(who: Who, tgl_janji: string, over: O = {} as O) =>
  d001Booking(who.nomr, tgl_janji, { sts_ue: 'U', tgl_lahir: who.tgl_lahir, ...over });

/** The instant of a WIB wall-clock time on a date. */
/** Dr D001's morning session in clinic 20001 on a date, as Mobile JKN's jampraktek ('HH:mm-HH:mm'): a dated session's own hours, else the week's. */
export async function d001Jampraktek(db: Db, date: string): Promise<string> {
  const [s] = await db.query<{ jam_dtg: string; jam_plg: string }>(
    `SELECT coalesce(ps.jam_dtg, s.jam_dtg) AS jam_dtg, coalesce(ps.jam_plg, s.jam_plg) AS jam_plg
       FROM practice_schedules s LEFT JOIN practice_sessions ps ON ps.schedule_id = s.id AND ps.tgl = $1
      WHERE s.kd_dr = 'D001' AND s.kd_dep = '20001' AND s.sts_jam = '1' AND s.jenis = 'poli' AND s.hari = extract(isodow FROM $1::date)`,
    [date],
  );
  const f = (t: string) => t.slice(0, 5).padStart(5, '0');
  return `${f(s.jam_dtg)}-${f(s.jam_plg)}`;
}

export const wibAt = (date: string, hhmm: string) => Date.parse(`${date}T${hhmm}:00+07:00`);

/** The seats left in Dr D001's morning clinic session in clinic 20001 on a date (undefined before its dated row exists). */
export async function d001SeatsFree(db: Db, date: string): Promise<number | undefined> {
  const [row] = await db.query<{ n: number }>(
    `SELECT ps.batas_quota - ps.quota_terisi AS n FROM practice_sessions ps JOIN practice_schedules s ON s.id = ps.schedule_id
      WHERE s.kd_dr = 'D001' AND s.kd_dep = '20001' AND s.sts_jam = '1' AND s.jenis = 'poli' AND ps.tgl = $1`,
    [date],
  );
  return row?.n;
}

/**
 * The app on a fresh database with a clock of its own (AppOptions.clock), set back to 07:00 WIB of
 * today before each test of the suite; a test moves it by setting `clock`. `over`: settings read
 * when the suite starts (a stand-in's address started by an earlier `before`).
 */
export function clockedApp(suite: Test, over: () => Partial<Config> = () => ({})): { app: FastifyInstance; db: Db; clock: number } {
  const t = { clock: wibAt(todayWib(), '07:00') } as { app: FastifyInstance; db: Db; clock: number };
  suite.before(async () => {
    t.db = await freshDb();
    t.app = await buildApp({ config: testConfig(over()), db: t.db, logger: false, internal: 'here', clock: () => t.clock });
    await t.app.ready();
  });
  suite.after(async () => (await t.app.close(), await t.db.close()));
  suite.before.each(() => {
    t.clock = wibAt(todayWib(), '07:00');
  });
  return t;
}

// biome-ignore lint/suspicious/noExplicitAny: the tests read several answer shapes
export type Answer = { code: number; body: Record<string, any> };

/**
 * Calls into an app as the load-test cohort's patients (`first` + i), each logged in once: the
 * cohort is in no queue of the demo, so a test's bookings are the only ones it sees.
 */
export function cohortCalls(app: () => FastifyInstance, offset = 0) {
  const nomrOf = (i: number) => String(COHORT.first + offset + i);
  const tokens = new Map<number, string>();
  async function tokenOf(i: number): Promise<string> {
    if (!tokens.has(i)) tokens.set(i, await loginAs(app(), { nomr: nomrOf(i), tgl_lahir: COHORT.tgl_lahir }));
    return tokens.get(i)!;
  }
  async function call(method: 'GET' | 'POST', url: string, token: string, payload?: object): Promise<Answer> {
    const res = await app().inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
    return { code: res.statusCode, body: res.json() };
  }
  return { nomrOf, tokenOf, call };
}

// Debian's Chromium, headless, driven by playwright-core (nothing is downloaded).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { apiToken } from './server.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export const PHONE = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'id-ID', timezoneId: 'Asia/Jakarta' };

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

/** A persistent profile: the only kind in which Chromium offers installation. */
export function launchPersistent(): Promise<BrowserContext> {
  const dir = mkdtempSync(join(tmpdir(), 'pasien-profile-'));
  return chromium.launchPersistentContext(dir, { executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true, ...PHONE });
}

/** A phone-sized page signed in as `who` (the four local storage keys of a real login), on /registrasi. */
export async function signedInPage(browser: Browser, baseUrl: string, who: { nomr: string; tgl_lahir: string }): Promise<Page> {
  const p = await (await browser.newContext(PHONE)).newPage();
  const token = await apiToken(baseUrl, who);
  await p.goto(baseUrl + '/registrasi');
  await p.evaluate(
    ([nomr, tgl, tok]) => {
      localStorage.setItem('statuslogin', '1');
      localStorage.setItem('nomormr', nomr);
      localStorage.setItem('tgllahir', tgl);
      localStorage.setItem('token', tok);
    },
    [who.nomr, who.tgl_lahir, token],
  );
  return p;
}

/** Fills the login form: the number, and the birth date as day, month and the typed year. */
export async function fillLogin(p: Page, nomr: string, iso: string): Promise<void> {
  const [y, m, d] = iso.split('-');
  await p.getByLabel('Nomor MR').fill(nomr);
  await p.getByLabel('Tanggal', { exact: true }).selectOption(d);
  await p.getByLabel('Bulan').selectOption(m);
  await p.getByLabel('Tahun').fill(y);
}

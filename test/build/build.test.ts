// Checks of the built app in dist/ (npm test builds it first): prerendered shells, the manifest,
// the service worker's precache, and the byte budgets.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { allCss, loginFirstBytes, measureRoutes, precache } from '../../scripts/size.ts';

const dist = (p: string) => readFileSync(join('dist', p), 'utf8');
const KB = 1024;
const routes = measureRoutes();
const size = (path: string) => routes.find((r) => r.path === path)!;

test('dist/index.html holds the rendered login shell before any script', () => {
  const html = dist('index.html');
  const body = html.slice(html.indexOf('<div id="app">'));
  for (const t of ['Nomor MR', 'Tanggal Lahir', '>Login<', 'Registrasi Pasien Baru']) assert.ok(body.includes(t), t);
  assert.match(html, /<html lang="id">/);
  assert.match(html, /<meta name="theme-color" content="#3b9ca5"/);
  assert.match(html, /<script type="isodata"><\/script>/);
  assert.match(html, /<label[^>]*for="nomr"[^>]*>Nomor MR<\/label>/);
  // Rendered online, as the phone that hydrates it is: an offline banner there would not match
  // the page the app renders, which then draws a second login form beside it.
  assert.not.ok(body.includes('Anda sedang offline'), 'no offline banner in the prerendered page');
});

test('dist/registrasi/index.html holds the rendered registration shell', () => {
  const html = dist('registrasi/index.html');
  for (const t of [
    'Registrasi Pasien Baru',
    '>Nama<',
    '>No KTP<',
    '>Tempat Lahir<',
    'Tanggal Lahir',
    '>Telpon<',
    '>Email<',
    '>Pekerjaan<',
    '>Daftar<',
    'ASN Kemenkes',
  ]) {
    assert.ok(html.includes(t), t);
  }
  assert.match(html, /<title>Registrasi Pasien Baru/);
  assert.not.ok(html.includes('Anda sedang offline'), 'no offline banner in the prerendered page');
});

test('the web app manifest: Indonesian, standalone, theme colour, our icons', () => {
  const m = JSON.parse(dist('manifest.webmanifest'));
  assert.is(m.lang, 'id');
  assert.is(m.display, 'standalone');
  assert.is(m.start_url, '/');
  assert.is(m.theme_color, '#3b9ca5');
  assert.ok(m.name && m.short_name);
  const sizes = m.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`);
  assert.equal(sizes, ['192x192 any', '512x512 any', '512x512 maskable']);
  for (const i of m.icons) assert.ok(existsSync(join('dist', i.src)), i.src);
});

test('the service worker precaches both shells and never an API answer', () => {
  const { urls } = precache();
  assert.ok(urls.includes('index.html'));
  assert.ok(urls.includes('registrasi/index.html'));
  assert.ok(urls.includes('manifest.webmanifest'));
  assert.not.ok(urls.some((u) => u.startsWith('api/')));
  assert.not.ok(
    urls.some((u) => /prerender/.test(u)),
    'the build-time prerender script is not shipped',
  );
});

test("everything the browser downloads to show the login page is at most 27 KB of gzipped JavaScript, /registrasi 29 KB (the design card's ofetch and signals included)", () => {
  assert.ok(size('/').jsGzip <= 27 * KB, `${size('/').jsGzip} bytes`);
  assert.ok(size('/registrasi').jsGzip <= 29 * KB, `${size('/registrasi').jsGzip} bytes`);
});

/** The two screens that offer the patient's BPJS letters to pick (docs/bpjs.md, Referrals): the list is theirs alone. */
const LETTER_ROUTES = ['/perjanjianpoli', '/cekjadwaldokter/cekkuota/'];

test('/home loads at most 43 KB of gzipped JavaScript, every other signed-in route at most 45 KB (the two with the BPJS letter list 47 KB), everything it loads included', () => {
  assert.ok(size('/home').jsGzip <= 43 * KB, `/home: ${size('/home').jsGzip} bytes`);
  for (const r of routes) {
    const budget = LETTER_ROUTES.some((p) => r.path.startsWith(p)) ? 47 : 45;
    assert.ok(r.jsGzip <= budget * KB, `${r.path}: ${r.jsGzip} bytes`);
  }
});

test('firebase is in no route initial load', () => {
  for (const r of routes) {
    for (const f of r.files) assert.not.match(dist(f), /firebase|FirebaseError/i, `${r.path}: ${f}`);
  }
});

test('with a Firebase web config, Firebase is a chunk of its own, in no route initial load', () => {
  const out = '.tmp/dist-firebase';
  rmSync(out, { recursive: true, force: true });
  execFileSync('node_modules/.bin/vite', ['build', '--outDir', out, '--logLevel', 'error'], {
    env: {
      ...process.env,
      VITE_FIREBASE_CONFIG: JSON.stringify({ apiKey: 'AIzaDemo', projectId: 'rs-pasien-demo', messagingSenderId: '1234567890', appId: '1:1234567890:web:abc' }),
      VITE_FIREBASE_VAPID_KEY: 'BDemoKey',
    },
    stdio: 'pipe',
  });
  const chunk = readdirSync(join(out, 'assets')).find((f) => /^firebase-.*\.js$/.test(f));
  assert.ok(chunk, 'a firebase chunk is built');
  assert.match(readFileSync(join(out, 'assets', chunk!), 'utf8'), /FirebaseError/);
  for (const r of measureRoutes(out)) assert.not.ok(r.files.includes(`assets/${chunk}`), r.path);
  rmSync(out, { recursive: true, force: true });
});

// The precache is every screen's code, uncompressed: 272.2 KB measured with the registration
// ending's QR encoder and push, the Cek status pendaftaran page, family profiles and hours in one
// voice; 275.6 KB with the waiting list on the quota screens, the cancelled-by-hospital cards'
// loader and the channel choice's place on /profil (the leave cards and the choice itself act
// online only and are not precached: vite.config.ts).
test('all CSS fits in 12 KB, the precache in 280 KB, the login page in the first 14 KB', () => {
  assert.ok(allCss().gzip <= 12 * KB, `${allCss().gzip} bytes of CSS`);
  assert.ok(precache().bytes <= 280 * KB, `${precache().bytes} bytes precached`);
  assert.ok(loginFirstBytes() <= 14 * KB, `${loginFirstBytes()} bytes`);
});

test.run();

import { resolve } from 'node:path';
import preact from '@preact/preset-vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { LOGIN, PRERENDERED } from './common/routes.ts';
import { appShell } from './scripts/shell.ts';

const shell = appShell(resolve(import.meta.dirname, 'src/main.tsx'));

/**
 * The modules of the signed-in core: the data layer, the API client and its session end, the list
 * and record views, and the appointment's parts home and Ubah Jadwal share (with their styles).
 * Out of it: the passkey ceremony, which only a tap loads (test/build/lazy-code), and what one
 * screen alone uses (home's live queue and check-in, the record export, the booking's phone, the quota
 * call with its booking rules, the BPJS letters, the family profiles' reads that only the family lines and the add form
 * use), and the calls no signed-in page makes on opening: login and self-registration (auth), the
 * registration's status and push (registration), the push subscription, the passkey list. Measured in
 * docs/performance.md (Bytes back): one core file instead of seven small ones is what brings /home under 38 KB.
 */
const SIGNED_IN_CORE =
  /\/(src\/(data|session)\/(?!visit|checkin|phone|quota|referrals|family)[^/]+|src\/api\/(?!passkey-ceremony|visit|fhir|quota|referrals|family|auth|registration|push|passkeys\.|leave)[^/]+|src\/push\/unlink\.ts|src\/ui\/(ListState|ResourceView|RecordList)\.tsx|src\/appointments\/(rules|manage\.css|parts|actions|strings)\.tsx?|src\/family\/(profile-strings|family\.css)\.ts|common\/(paths|messages|clock)\.ts|node_modules\/idb-keyval\/.+)$/;

const BOOKING_UI = /\/src\/screens\/booking\/(booking\.css|strings|guarantee)\.tsx?$/;

export default defineConfig({
  plugins: [
    preact({
      prerender: {
        enabled: true,
        renderTarget: '#app',
        // The index page is '/'; the other prerendered routes come from the route facts.
        additionalPrerenderRoutes: PRERENDERED.filter((p) => p !== LOGIN),
        previewMiddlewareEnabled: true,
        prerenderScript: resolve(import.meta.dirname, 'prerender.ts'),
      },
    }),
    shell.plugin,
    vanillaExtractPlugin(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      manifest: {
        name: 'Pasien RS Jantung',
        short_name: 'Pasien RS',
        description: 'Perjanjian poliklinik, jadwal dokter, antrian, dan riwayat pemeriksaan pasien.',
        lang: 'id',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#3b9ca5',
        background_color: '#f1f6f7',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,webmanifest}', 'icons/icon-192.png'],
        // The prerender script runs at build time only; it is never shipped to a phone.
        // Online only, so not worth a phone's precache (the precache keeps its budget): /profil's
        // channel choice (src/notices/lazy.tsx), and a doctor's leave and the waiting list
        // (docs/leave.md; offline, home shows without their cards).
        globIgnores: ['**/prerender*.js', '**/notice-choice-*.js', '**/leave-*.js'],
        // No sw.js.map in dist/: a source map shows the app's source (the server serves none either).
        sourcemap: false,
      },
    }),
  ],
  build: {
    target: 'es2019',
    modulePreload: { polyfill: false },
    // Read by scripts/size.ts to know what each route loads.
    manifest: true,
    // All CSS is under 2 KB gzipped: one render-blocking file, so the prerendered screens are
    // styled from the first paint instead of when their lazy chunk arrives.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        // The shell in one chunk (scripts/shell.ts); the signed-in core every data screen loads
        // (the data layer, the API client, the list and record views) in a second; each screen
        // stays its own. One file of the core instead of eight compresses about 1 KB better.
        codeSplitting: {
          groups: [
            // With it, the bundler's helper for dynamic imports: any chunk may need it.
            { name: 'shell', test: (id: string) => shell.has(id) || id.includes('preload-helper') },
            { name: 'app', test: (id: string) => !shell.has(id) && SIGNED_IN_CORE.test(id.split('?')[0]) },
            // What every booking form shows (its styles, texts, the guarantee selector): one file
            // rather than a small one for the selector, which the confirmation and the quota check share.
            // The booking rules and the codes stay apart, as the bundler would leave them: the
            // record lists read them and need nothing else of booking.
            // Hours in words and whose record it is ride with them: apart, each would be a chunk whose
            // name every screen's preload list in the shell repeats (/home has no bytes to spare).
            {
              name: 'booking',
              test: (id: string) => /\/(common\/booking|common\/hours|src\/family\/Whose|src\/family\/whose\.css)\.tsx?$/.test(id.split('?')[0]),
            },
            { name: 'codes', test: (id: string) => id.split('?')[0].endsWith('/common/schemas/codes.ts') },
            // A doctor's leave and the waiting list: one file, loaded later, not precached (above).
            { name: 'leave', test: (id: string) => /\/(src\/leave\/[^/]+|src\/api\/leave\.ts|common\/leave(-paths)?\.ts)$/.test(id.split('?')[0]) },
            { name: 'booking-ui', test: (id: string) => BOOKING_UI.test(id.split('?')[0]) },
          ],
        },
      },
    },
  },
});

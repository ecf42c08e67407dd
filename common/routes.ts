// THE route facts, as data: every route of docs/product.md §2, who may see it, its top bar and title,
// and whether it is prerendered. The router, the guard, the prerender, the service worker, the
// server's static and security handling and the build all import them; screens link with `to`.
// Which screen draws a route is src/screens.ts's business, so this file imports no screen.
import { specialtyLabel } from './display.ts';

export type Access = 'public' | 'patient';
type Bar = 'none' | 'back';
type Params = Record<string, string>;

export interface RouteDef {
  /** preact-iso pattern; static segments lowercase (the route table's spelling, docs/decisions.md D1). */
  path: string;
  access: Access;
  /** Top bar with a back arrow and this title, or none (login, home, registration draw their own). */
  bar: Bar;
  title: string | ((params: Params) => string);
  prerender?: boolean;
  /**
   * Where the back arrow leads when there is no earlier screen of the app to return to (opened
   * from a link, a notification or another site): registration → login, a detail → its list, a
   * list → its menu, a menu → home. A pattern without parameters; none on login and home.
   */
  parent?: string;
}

/** The routes by name; `to`, src/screens.ts and each screen's props are keyed by these names. */
export const ROUTE = {
  login: { path: '/', access: 'public', bar: 'none', title: 'Login', prerender: true },
  register: { path: '/registrasi', parent: '/', access: 'public', bar: 'back', title: 'Registrasi Pasien Baru', prerender: true },
  checkRegistration: { path: '/cekpendaftaran', parent: '/', access: 'public', bar: 'back', title: 'Cek Status Pendaftaran', prerender: true },
  home: { path: '/home', access: 'patient', bar: 'none', title: 'Beranda' },
  profile: { path: '/profil', parent: '/home', access: 'patient', bar: 'back', title: 'Profil Pasien' },
  devices: { path: '/perangkat', parent: '/profil', access: 'patient', bar: 'back', title: 'Perangkat & Kunci Masuk' },
  summary: { path: '/ringkasan', parent: '/profil', access: 'patient', bar: 'back', title: 'Ringkasan Rekam Medis' },
  addProfile: { path: '/tambahprofil', parent: '/home', access: 'patient', bar: 'back', title: 'Tambah Anggota Keluarga' },

  clinicBooking: { path: '/perjanjianpoli', parent: '/home', access: 'patient', bar: 'back', title: 'Perjanjian Poliklinik' },
  confirm: {
    path: '/buatjanji/:dokterr/:kd_dokter/:jam/:tgljanji/:sts_jam/:sts_ue/:bayar',
    parent: '/perjanjianpoli',
    access: 'patient',
    bar: 'back',
    title: 'Buat Janji',
  },
  onlineBooking: { path: '/perjanjianonline', parent: '/home', access: 'patient', bar: 'back', title: 'Perjanjian Konsultasi Online' },
  confirmOnline: {
    path: '/buatjanjionline/:dokterr/:kd_dokter/:jam/:tgljanji',
    parent: '/perjanjianonline',
    access: 'patient',
    bar: 'back',
    title: 'Konfirmasi Data',
  },
  reschedule: { path: '/ubahjanji/:no_reg', parent: '/home', access: 'patient', bar: 'back', title: 'Ubah Jadwal' },

  procedures: { path: '/cekjadwaltindakan', parent: '/home', access: 'patient', bar: 'back', title: 'Jadwal Tindakan' },
  surgerySchedule: { path: '/cekjadwaltindakan/operasi', parent: '/cekjadwaltindakan', access: 'patient', bar: 'back', title: 'Jadwal Operasi' },
  cathSchedule: { path: '/cekjadwaltindakan/katerisasi', parent: '/cekjadwaltindakan', access: 'patient', bar: 'back', title: 'Jadwal Katerisasi' },

  doctors: { path: '/cekjadwaldokter', parent: '/home', access: 'patient', bar: 'back', title: 'Jadwal Dokter' },
  doctorList: {
    path: '/cekjadwaldokter/listdokter/:spesialis',
    parent: '/cekjadwaldokter',
    access: 'patient',
    bar: 'back',
    title: (p) => `Dokter ${specialtyLabel(p.spesialis ?? '')}`.trim(),
  },
  checkQuota: {
    path: '/cekjadwaldokter/cekkuota/:nama_dr_lengkap/:kd_dr/:kd_dep/:ds_dep/:hari_jadwal/:jam_dtg/:jam_plg',
    parent: '/cekjadwaldokter',
    access: 'patient',
    bar: 'back',
    title: 'Cek Kuota',
  },

  consultations: { path: '/riwayatkonsultasi', parent: '/home', access: 'patient', bar: 'back', title: 'Riwayat Konsultasi' },
  consultationsPoli: { path: '/riwayatkonsultasi/poliklinik', parent: '/riwayatkonsultasi', access: 'patient', bar: 'back', title: 'Poliklinik Rawat Jalan' },
  consultationsOnline: { path: '/riwayatkonsultasi/polionline', parent: '/riwayatkonsultasi', access: 'patient', bar: 'back', title: 'Poli Online' },
  inpatient: { path: '/riwayatrawatinap', parent: '/home', access: 'patient', bar: 'back', title: 'Rawat Inap' },
  inpatientCurrent: { path: '/riwayatrawatinap/berjalan', parent: '/riwayatrawatinap', access: 'patient', bar: 'back', title: 'Rawat Inap Berjalan' },
  inpatientPast: { path: '/riwayatrawatinap/lalu', parent: '/riwayatrawatinap', access: 'patient', bar: 'back', title: 'Riwayat Rawat Inap' },
  procedureHistory: { path: '/riwayattindakan', parent: '/home', access: 'patient', bar: 'back', title: 'Riwayat Tindakan' },
  cathHistory: { path: '/riwayattindakan/katerisasi', parent: '/riwayattindakan', access: 'patient', bar: 'back', title: 'Riwayat Katerisasi' },
  surgeryHistory: { path: '/riwayattindakan/operasi', parent: '/riwayattindakan', access: 'patient', bar: 'back', title: 'Riwayat Operasi' },
  examinations: { path: '/riwayatpemeriksaan', parent: '/home', access: 'patient', bar: 'back', title: 'Riwayat Pemeriksaan' },
  vascular: { path: '/riwayatpemeriksaan/vaskular', parent: '/riwayatpemeriksaan', access: 'patient', bar: 'back', title: 'Poli Vaskular' },
  lab: { path: '/riwayatpemeriksaan/patologiklinik', parent: '/riwayatpemeriksaan', access: 'patient', bar: 'back', title: 'Patologi Klinik & Bank Darah' },
  labDetail: {
    path: '/riwayatpemeriksaan/patologiklinikdetail/:nolab',
    parent: '/riwayatpemeriksaan/patologiklinik',
    access: 'patient',
    bar: 'back',
    title: 'Hasil Laboratorium',
  },
  vascularDetail: {
    path: '/riwayatpemeriksaan/vaskulardetail/:noreg',
    parent: '/riwayatpemeriksaan/vaskular',
    access: 'patient',
    bar: 'back',
    title: 'Laporan Vaskular',
  },
  poliHistory: {
    path: '/riwayatpemeriksaan/listriwayat/:poli',
    parent: '/riwayatkonsultasi/poliklinik',
    access: 'patient',
    bar: 'back',
    title: (p) => `Riwayat ${p.poli ?? ''}`.trim(),
  },
} as const satisfies Record<string, RouteDef>;

/** The table in matching order (the first route that fits a path wins). */
export const ROUTES: RouteDef[] = Object.values(ROUTE);

export type RouteName = keyof typeof ROUTE;

/** The `:name` parameters of a pattern, read from its text (as preact-iso's RoutePropsForPath). */
type ParamNames<P extends string> = P extends `${string}:${infer N}/${infer Rest}` ? N | ParamNames<Rest> : P extends `${string}:${infer N}` ? N : never;
type ParamsOf<P extends string> = { [K in ParamNames<P>]: string };
/** A route's parameters by its name: `RouteParams<'labDetail'>` is `{ nolab: string }`. */
export type RouteParams<N extends RouteName> = ParamsOf<(typeof ROUTE)[N]['path']>;

export const HOME = ROUTE.home.path;
export const LOGIN = ROUTE.login.path;

/** Fills a pattern's parameters, URL-encoded (docs/decisions.md D4: names hold spaces, commas, dots and '/'). */
export function href(pattern: string, params: Params = {}): string {
  return pattern.replace(/:([a-z_]+)/gi, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`missing route parameter ${name} for ${pattern}`);
    return encodeURIComponent(value);
  });
}

/** The routes without parameters. */
export type PlainRoute = { [N in RouteName]: [ParamNames<(typeof ROUTE)[N]['path']>] extends [never] ? N : never }[RouteName];

type Query = Record<string, string | undefined>;
type LinkArgs<N extends RouteName> = [ParamNames<(typeof ROUTE)[N]['path']>] extends [never]
  ? [params?: Record<string, never>, query?: Query]
  : [params: RouteParams<N>, query?: Query];

/**
 * The link to a route by its name, its parameters typed by its path and URL-encoded, an optional
 * query (empty values left out), so no screen writes another's path by hand.
 */
export function to<N extends RouteName>(name: N, ...[params, query]: LinkArgs<N>): string {
  const q = Object.entries(query ?? {})
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}=${encodeURIComponent(v as string)}`)
    .join('&');
  return href(ROUTE[name].path, params as Params) + (q ? `?${q}` : '');
}

export interface Match {
  route: RouteDef;
  params: Params;
  /** The path with the route table's spelling of its static segments, parameters untouched. */
  canonical: string;
}

/** Matches a path against the table, static segments case-insensitively (docs/decisions.md D1). */
export function matchRoute(path: string, routes: RouteDef[] = ROUTES): Match | null {
  const segs = path.split('/').filter(Boolean);
  for (const route of routes) {
    const pattern = route.path.split('/').filter(Boolean);
    if (pattern.length !== segs.length) continue;
    const params: Params = {};
    const ok = pattern.every((p, i) => {
      if (p.startsWith(':')) {
        try {
          params[p.slice(1)] = decodeURIComponent(segs[i]);
        } catch {
          return false; // a broken %-escape is no match
        }
        return true;
      }
      return p === segs[i].toLowerCase();
    });
    if (ok) {
      const canonical = `/${pattern.map((p, i) => (p.startsWith(':') ? segs[i] : p)).join('/')}`;
      return { route, params, canonical };
    }
  }
  return null;
}

/**
 * Where the guard sends a path (docs/decisions.md D3), or null to stay: signed out, only the public
 * routes exist; signed in, the public ones and any unknown path lead home.
 */
export function redirectFor(path: string, signedIn: boolean): string | null {
  const m = matchRoute(path);
  if (!m) return signedIn ? HOME : LOGIN;
  if (signedIn && m.route.access === 'public') return HOME;
  if (!signedIn && m.route.access === 'patient') return LOGIN;
  const normalised = path.replace(/\/+$/, '') || '/';
  return m.canonical === normalised ? null : m.canonical;
}

/** The screen above `path` by the route facts (its `parent`), or home for a path the table lacks. */
export function parentOf(path: string): string | null {
  const m = matchRoute(path);
  return m ? (m.route.parent ?? null) : HOME;
}

export const PRERENDERED = ROUTES.filter((r) => r.prerender).map((r) => r.path);

/** The HTML file the build writes for a prerendered path: '/' → index.html, '/x' → x/index.html. */
export function prerenderedFile(path: string): string {
  return path === LOGIN ? 'index.html' : `${path.slice(1)}/index.html`;
}

/**
 * The prerendered page that answers a navigation to `path` (its own page when the path is
 * prerendered, whatever its case or trailing slash), or null: every other path gets the login
 * page's shell with its markup taken out (server) or the login page (service worker).
 */
export function prerenderedPageFor(path: string): string | null {
  const m = matchRoute(path);
  return m?.route.prerender && m.route.path !== LOGIN ? prerenderedFile(m.route.path) : null;
}

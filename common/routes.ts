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

export const ROUTES: RouteDef[] = [
  { path: '/', access: 'public', bar: 'none', title: 'Login', prerender: true },
  { path: '/registrasi', parent: '/', access: 'public', bar: 'back', title: 'Registrasi Pasien Baru', prerender: true },
  { path: '/home', access: 'patient', bar: 'none', title: 'Beranda' },
  { path: '/profil', parent: '/home', access: 'patient', bar: 'back', title: 'Profil Pasien' },
  { path: '/perangkat', parent: '/profil', access: 'patient', bar: 'back', title: 'Perangkat & Kunci Masuk' },
  { path: '/ringkasan', parent: '/profil', access: 'patient', bar: 'back', title: 'Ringkasan Rekam Medis' },
  { path: '/tambahprofil', parent: '/home', access: 'patient', bar: 'back', title: 'Tambah Anggota Keluarga' },

  { path: '/perjanjianpoli', parent: '/home', access: 'patient', bar: 'back', title: 'Perjanjian Poliklinik' },
  {
    path: '/buatjanji/:dokterr/:kd_dokter/:jam/:tgljanji/:sts_jam/:sts_ue/:bayar',
    parent: '/perjanjianpoli',
    access: 'patient',
    bar: 'back',
    title: 'Buat Janji',
  },
  { path: '/perjanjianonline', parent: '/home', access: 'patient', bar: 'back', title: 'Perjanjian Konsultasi Online' },
  { path: '/buatjanjionline/:dokterr/:kd_dokter/:jam/:tgljanji', parent: '/perjanjianonline', access: 'patient', bar: 'back', title: 'Konfirmasi Data' },
  { path: '/ubahjanji/:no_reg', parent: '/home', access: 'patient', bar: 'back', title: 'Ubah Jadwal' },

  { path: '/cekjadwaltindakan', parent: '/home', access: 'patient', bar: 'back', title: 'Jadwal Tindakan' },
  { path: '/cekjadwaltindakan/operasi', parent: '/cekjadwaltindakan', access: 'patient', bar: 'back', title: 'Jadwal Operasi' },
  { path: '/cekjadwaltindakan/katerisasi', parent: '/cekjadwaltindakan', access: 'patient', bar: 'back', title: 'Jadwal Katerisasi' },

  { path: '/cekjadwaldokter', parent: '/home', access: 'patient', bar: 'back', title: 'Jadwal Dokter' },
  {
    path: '/cekjadwaldokter/listdokter/:spesialis',
    parent: '/cekjadwaldokter',
    access: 'patient',
    bar: 'back',
    title: (p) => `Dokter ${specialtyLabel(p.spesialis ?? '')}`.trim(),
  },
  {
    path: '/cekjadwaldokter/cekkuota/:nama_dr_lengkap/:kd_dr/:kd_dep/:ds_dep/:hari_jadwal/:jam_dtg/:jam_plg',
    parent: '/cekjadwaldokter',
    access: 'patient',
    bar: 'back',
    title: 'Cek Kuota',
  },

  { path: '/riwayatkonsultasi', parent: '/home', access: 'patient', bar: 'back', title: 'Riwayat Konsultasi' },
  { path: '/riwayatkonsultasi/poliklinik', parent: '/riwayatkonsultasi', access: 'patient', bar: 'back', title: 'Poliklinik Rawat Jalan' },
  { path: '/riwayatkonsultasi/polionline', parent: '/riwayatkonsultasi', access: 'patient', bar: 'back', title: 'Poli Online' },
  { path: '/riwayatrawatinap', parent: '/home', access: 'patient', bar: 'back', title: 'Rawat Inap' },
  { path: '/riwayatrawatinap/berjalan', parent: '/riwayatrawatinap', access: 'patient', bar: 'back', title: 'Rawat Inap Berjalan' },
  { path: '/riwayatrawatinap/lalu', parent: '/riwayatrawatinap', access: 'patient', bar: 'back', title: 'Riwayat Rawat Inap' },
  { path: '/riwayattindakan', parent: '/home', access: 'patient', bar: 'back', title: 'Riwayat Tindakan' },
  { path: '/riwayattindakan/katerisasi', parent: '/riwayattindakan', access: 'patient', bar: 'back', title: 'Riwayat Katerisasi' },
  { path: '/riwayattindakan/operasi', parent: '/riwayattindakan', access: 'patient', bar: 'back', title: 'Riwayat Operasi' },
  { path: '/riwayatpemeriksaan', parent: '/home', access: 'patient', bar: 'back', title: 'Riwayat Pemeriksaan' },
  { path: '/riwayatpemeriksaan/vaskular', parent: '/riwayatpemeriksaan', access: 'patient', bar: 'back', title: 'Poli Vaskular' },
  { path: '/riwayatpemeriksaan/patologiklinik', parent: '/riwayatpemeriksaan', access: 'patient', bar: 'back', title: 'Patologi Klinik & Bank Darah' },
  {
    path: '/riwayatpemeriksaan/patologiklinikdetail/:nolab',
    parent: '/riwayatpemeriksaan/patologiklinik',
    access: 'patient',
    bar: 'back',
    title: 'Hasil Laboratorium',
  },
  { path: '/riwayatpemeriksaan/vaskulardetail/:noreg', parent: '/riwayatpemeriksaan/vaskular', access: 'patient', bar: 'back', title: 'Laporan Vaskular' },
  {
    path: '/riwayatpemeriksaan/listriwayat/:poli',
    parent: '/riwayatkonsultasi/poliklinik',
    access: 'patient',
    bar: 'back',
    title: (p) => `Riwayat ${p.poli ?? ''}`.trim(),
  },
];

export const HOME = '/home';
export const LOGIN = '/';

/** Fills a pattern's parameters, URL-encoded (docs/decisions.md D4: names hold spaces, commas, dots and '/'). */
export function href(pattern: string, params: Params = {}): string {
  return pattern.replace(/:([a-z_]+)/gi, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`missing route parameter ${name} for ${pattern}`);
    return encodeURIComponent(value);
  });
}

interface Clinic {
  kd_dep: string;
  ds_dep: string;
}

const clinicQuery = (c: Clinic) => `?poli=${encodeURIComponent(c.kd_dep)}&nama_poli=${encodeURIComponent(c.ds_dep)}`;

/** The clinic a confirmation link carries, or null when it is missing. */
export function clinicFromQuery(query: Record<string, string> | undefined): Clinic | null {
  const kd_dep = query?.poli?.trim();
  const ds_dep = query?.nama_poli?.trim();
  return kd_dep && ds_dep ? { kd_dep, ds_dep } : null;
}

/** Links between screens, so no screen writes another's path by hand. */
export const to = {
  login: () => LOGIN,
  register: () => '/registrasi',
  home: () => HOME,
  profile: () => '/profil',
  devices: () => '/perangkat',
  summary: () => '/ringkasan',
  addProfile: () => '/tambahprofil',
  clinicBooking: () => '/perjanjianpoli',
  onlineBooking: () => '/perjanjianonline',
  procedures: () => '/cekjadwaltindakan',
  surgerySchedule: () => '/cekjadwaltindakan/operasi',
  cathSchedule: () => '/cekjadwaltindakan/katerisasi',
  doctors: () => '/cekjadwaldokter',
  doctorList: (spesialis: string) => href('/cekjadwaldokter/listdokter/:spesialis', { spesialis }),
  checkQuota: (p: { nama_dr_lengkap: string; kd_dr: string; kd_dep: string; ds_dep: string; hari_jadwal: string; jam_dtg: string; jam_plg: string }) =>
    href('/cekjadwaldokter/cekkuota/:nama_dr_lengkap/:kd_dr/:kd_dep/:ds_dep/:hari_jadwal/:jam_dtg/:jam_plg', p),
  /** The clinic rides along in the query string, so a reload or a shared link keeps it. */
  confirm: (p: { dokterr: string; kd_dokter: string; jam: string; tgljanji: string; sts_jam: string; sts_ue: string; bayar: string }, clinic: Clinic) =>
    href('/buatjanji/:dokterr/:kd_dokter/:jam/:tgljanji/:sts_jam/:sts_ue/:bayar', p) + clinicQuery(clinic),
  /** sts_jam rides along where the API books online consultations (decisions: managing appointments). */
  confirmOnline: (p: { dokterr: string; kd_dokter: string; jam: string; tgljanji: string }, clinic: Clinic, sts_jam?: string) =>
    href('/buatjanjionline/:dokterr/:kd_dokter/:jam/:tgljanji', p) + clinicQuery(clinic) + (sts_jam ? `&sts_jam=${encodeURIComponent(sts_jam)}` : ''),
  reschedule: (no_reg: string) => href('/ubahjanji/:no_reg', { no_reg }),
  consultations: () => '/riwayatkonsultasi',
  consultationsPoli: () => '/riwayatkonsultasi/poliklinik',
  consultationsOnline: () => '/riwayatkonsultasi/polionline',
  inpatient: () => '/riwayatrawatinap',
  inpatientCurrent: () => '/riwayatrawatinap/berjalan',
  inpatientPast: () => '/riwayatrawatinap/lalu',
  procedureHistory: () => '/riwayattindakan',
  cathHistory: () => '/riwayattindakan/katerisasi',
  surgeryHistory: () => '/riwayattindakan/operasi',
  examinations: () => '/riwayatpemeriksaan',
  vascular: () => '/riwayatpemeriksaan/vaskular',
  lab: () => '/riwayatpemeriksaan/patologiklinik',
  labDetail: (nolab: string) => href('/riwayatpemeriksaan/patologiklinikdetail/:nolab', { nolab }),
  vascularDetail: (noreg: string) => href('/riwayatpemeriksaan/vaskulardetail/:noreg', { noreg }),
  poliHistory: (poli: string) => href('/riwayatpemeriksaan/listriwayat/:poli', { poli }),
} as const;

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

// A stand-in of a hospital's own patient API and its login service: the calls of
// docs/product.md §7 ("The calls of the app"), in the shapes and formats given there,
// on two loopback listeners of node:http. Written from that contract alone, sharing nothing with
// server/ or common/, so a server in front of it (SIMRS=upstream) is tested against the contract
// and not against itself. Data: hospital-api-data.ts.
//
//   const h = await startHospitalApi({ quota: 3 });
//   h.url, h.loginUrl        the API's and the login service's base addresses (UPSTREAM_API_URL, UPSTREAM_LOGIN_URL)
//   h.calls                  every request, in order: { service, method, path, query, body, bearer, time, status }
//   h.callsTo(path)          those of one path
//   await h.setMode(m)       'ok'; 'down' (both listeners closed: connection refused, held requests
//                            dropped); 'slow' (every answer after setDelayMs(n), 12 s unless set, the
//                            work done when it answers; leaving 'slow' answers the held ones at once);
//                            'error500' (an HTML 500 page, nothing done); 'forbidden' (every call
//                            but the login answers 403 {message: 'Forbidden'}, nothing done: a gateway
//                            that no longer lets this caller in)
//   h.setDelayMs(n)          the delay of 'slow'
//   h.inFlight(), h.peakInFlight()   requests taken and not yet answered, now and at most so far
//   h.setTextStatus(on)      every `status` sent as the string 'true'/'false' (the POSTs always are)
//   h.expireTokens()         every token issued so far answers 401 'Token expired' from now on
//   h.callNumber(no_reg)     the counter calls that appointment's number today: from then on the
//                            queue items of its doctor's session carry status, no_dipanggil and
//                            sisa_antrian (§7 allows them; before any call they carry none)
//   h.patients, h.clinics, h.doctors (with jadwal[].batas_quota), h.pharmacy   the data, to assert on or change
//   h.records                the first patient's histories and results, by call (kath, konsulUmum, hasillab, …)
//   h.appointments           every appointment held (the demo's and the booked); h.bookings: those booked through the API
//   h.registrations          the bodies of the registrations taken
//   h.seats(kd_dr, kd_dep, 'YYYY-MM-DD', sts_jam)   { batas_quota, quota_terisi } of one session, or null
//   h.today, h.nextDateOn('Senin')                  the hospital's day (WIB) and the next date on a weekday
//   await h.close()
//
// The hospital's rules as this stand-in keeps them (the contract leaves them open):
// - Login: POST /api/auth/proxy-login on the login service only, {medical_record_number, birthdate
//   YYYY-MM-DD, fcmtoken} → 200 {token: {access_token, token_type, expires_in}}; wrong data → 401.
// - Every other call but the registration needs `Authorization: Bearer <access_token>`: none or
//   unknown → 401 {message: 'Unauthenticated.'}, expired → 401 {status: false, message: 'Token expired'}.
//   A `nomr` of another patient than the token's → 403; a `tgllahir` not the patient's → status false.
//   Without `nomr` the token's patient is meant.
// - Answers {status, data}; an empty list is {status: false, message: 'Data tidak ditemukan', data: []};
//   a read's status is boolean (setTextStatus makes it a string), the POSTs' the string 'true'/'false'.
// - Quota (GET /api/patient/list/quota): tgl_janji MM/DD/YY and hari its Indonesian weekday, else
//   status false; a day without practice answers one entry {kode: 301}; a session's quota_terisi
//   counts the appointments held in it.
// - Booking (POST /api/patient/simpan/janji): {status: 'true', data: {message, no_urut, no_reg,
//   tgl_janji}}, or a refusal {status: 'false', message}: past date, BPJS at clinic 20012, no practice
//   then, the patient already booked with that doctor that day, or the session full.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type Appointment,
  CLINICS,
  type Clinic,
  type Doctor,
  demoAppointments,
  demoPharmacy,
  demoRecords,
  doctors,
  type HospitalPatient,
  nextDateOn,
  PATIENTS,
  type PharmacyQueueItem,
  type Practice,
  WEEKDAYS,
  weekdayOf,
  wibToday,
} from './hospital-api-data.ts';

type HospitalMode = 'ok' | 'down' | 'slow' | 'error500' | 'forbidden';

interface HospitalCall {
  service: 'api' | 'login';
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown> | null;
  bearer: string | null;
  /** Date.now() when it arrived. */
  time: number;
  /** The HTTP status it was answered with; 0 while unanswered (or never: down, closed). */
  status: number;
}

export interface HospitalApiOptions {
  /** The seats of every practice session (batas_quota); 3 unless said. */
  quota?: number;
  /** The delay of 'slow', in ms; 12 000 unless said (above a 10 s time-out). */
  delayMs?: number;
  /** The hospital's day, YYYY-MM-DD; today in WIB unless said. */
  today?: string;
}

export interface HospitalApi {
  url: string;
  loginUrl: string;
  calls: HospitalCall[];
  callsTo: (path: string) => HospitalCall[];
  setMode: (mode: HospitalMode) => Promise<void>;
  setDelayMs: (ms: number) => void;
  setTextStatus: (on: boolean) => void;
  /** Requests taken and not yet answered (held by 'slow'), now. */
  inFlight: () => number;
  /** The most requests in flight at once so far: how many calls a server in front makes in parallel. */
  peakInFlight: () => number;
  expireTokens: () => void;
  /** Today's appointment by that no_reg is called in its doctor's session. */
  callNumber: (no_reg: string) => void;
  patients: HospitalPatient[];
  clinics: Clinic[];
  doctors: Doctor[];
  pharmacy: PharmacyQueueItem[];
  records: ReturnType<typeof demoRecords>;
  appointments: Appointment[];
  bookings: Appointment[];
  registrations: Record<string, unknown>[];
  seats: (kd_dr: string, kd_dep: string, tgl_janji: string, sts_jam: string) => { batas_quota: number; quota_terisi: number } | null;
  today: string;
  nextDateOn: (hari: string) => string;
  close: () => Promise<void>;
}

interface Answer {
  code: number;
  body: unknown;
}
interface Ctx {
  query: Record<string, string>;
  body: Record<string, unknown> | null;
  patient: HospitalPatient | null;
}

const YMD = /^\d{4}-\d{2}-\d{2}$/;
const validYmd = (s: unknown): s is string => typeof s === 'string' && YMD.test(s) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const BOOKING_FIELDS = ['nomr', 'tgl_janji', 'kd_dep', 'kd_dr', 'sts_jam', 'carabayar', 'hp'] as const;
const REGISTRATION_FIELDS = ['nama', 'no_ktp', 'tempat_lahir', 'tgl_lahir', 'telp_hp', 'email', 'pekerjaan'] as const;

export async function startHospitalApi(opts: HospitalApiOptions = {}): Promise<HospitalApi> {
  const today = opts.today ?? wibToday();
  const quota = opts.quota ?? 3;
  let mode: HospitalMode = 'ok';
  let delayMs = opts.delayMs ?? 12_000;
  let textStatus = false;
  const tokens = new Map<string, { nomr: string; expired: boolean }>();
  const calls: HospitalCall[] = [];
  const patients = structuredClone(PATIENTS);
  const docs = doctors(quota);
  const appointments = demoAppointments(today);
  const bookings: Appointment[] = [];
  const registrations: Record<string, unknown>[] = [];
  const pharmacy = demoPharmacy(today);
  const records = demoRecords(today);
  /** The requests 'slow' holds, each with what answers it. */
  const held = new Map<NodeJS.Timeout, () => void>();
  let regCounter = 500;
  let open = 0;
  let peak = 0;

  const ok = (on = false): boolean | string => (on || textStatus ? 'true' : true);
  const no = (on = false): boolean | string => (on || textStatus ? 'false' : false);
  /** A refusal {status: false, message}; the POSTs' status as the string 'false', as the hospital's does. */
  const refuse = (message: string, code = 200, post = false): Answer => ({ code, body: { status: no(post), message } });
  const data = (d: unknown): Answer => ({ code: 200, body: { status: ok(), data: d } });
  const list = (rows: unknown[]): Answer => (rows.length ? data(rows) : { code: 200, body: { status: no(), message: 'Data tidak ditemukan', data: [] } });

  const clinicName = (kd_dep: string) => CLINICS.find((c) => c.kd_dep === kd_dep)?.ds_dep ?? kd_dep;
  const doctorName = (kd_dr: string) => docs.find((d) => d.kd_dr === kd_dr)?.nama_dr_lengkap ?? kd_dr;
  const practiceOn = (kd_dr: string, kd_dep: string, ymd: string, sts_jam: string): Practice | undefined =>
    docs.find((d) => d.kd_dr === kd_dr)?.jadwal.find((j) => j.kd_dep === kd_dep && j.sts_jam === sts_jam && j.hari === weekdayOf(ymd));
  const filled = (kd_dr: string, kd_dep: string, ymd: string, sts_jam: string) =>
    appointments.filter((a) => a.kd_dr === kd_dr && a.kd_dep === kd_dep && a.tgl_janji === ymd && a.sts_jam === sts_jam).length;
  const seats = (kd_dr: string, kd_dep: string, ymd: string, sts_jam: string) => {
    const p = practiceOn(kd_dr, kd_dep, ymd, sts_jam);
    return p ? { batas_quota: p.batas_quota, quota_terisi: filled(kd_dr, kd_dep, ymd, sts_jam) } : null;
  };
  /** The number called in each of today's doctor's sessions (callNumber), by kd_dr|kd_dep|sts_jam. */
  const calledIn = new Map<string, number>();
  const sessionKey = (a: Appointment) => `${a.kd_dr}|${a.kd_dep}|${a.sts_jam}`;
  /** A session that has begun: the number called, the item's status, and the numbers still ahead of it. */
  const progress = (a: Appointment) => {
    const called = calledIn.get(sessionKey(a));
    if (called === undefined) return {};
    const status = a.no_urut === called ? 'dipanggil' : a.no_urut < called ? 'selesai' : 'menunggu';
    return { status, no_dipanggil: called, sisa_antrian: Math.max(0, a.no_urut - called - 1) };
  };
  const own = (nomr: string) => appointments.filter((a) => a.nomr === nomr).sort((x, y) => x.tgl_janji.localeCompare(y.tgl_janji));

  /** The patient a read is about: the token's, checked against the query's nomr and tgllahir. */
  function reader(ctx: Ctx): HospitalPatient | Answer {
    const p = ctx.patient as HospitalPatient;
    if (ctx.query.nomr && ctx.query.nomr !== p.nomr) return refuse('Akses ditolak', 403);
    if (ctx.query.tgllahir !== undefined && ctx.query.tgllahir !== p.tgl_lahir) return refuse('Data pasien tidak ditemukan');
    return p;
  }
  const forPatient =
    (fn: (p: HospitalPatient, ctx: Ctx) => Answer) =>
    (ctx: Ctx): Answer => {
      const p = reader(ctx);
      return 'code' in p ? p : fn(p, ctx);
    };
  const recordsOf = <T>(rows: T[]) => forPatient((p) => list(p.nomr === PATIENTS[0].nomr ? rows : []));

  function quotaList(ctx: Ctx): Answer {
    const { kd_dr = '', kd_dep = '', tgl_janji = '', hari = '' } = ctx.query;
    const m = /^(\d{2})\/(\d{2})\/(\d{2})$/.exec(tgl_janji);
    const ymd = m ? `20${m[3]}-${m[1]}-${m[2]}` : '';
    if (!kd_dep) return refuse('kd_dep wajib diisi');
    if (!m || !validYmd(ymd)) return refuse('Format tgl_janji harus MM/DD/YY');
    if (hari !== weekdayOf(ymd)) return refuse(`Hari tidak sesuai dengan tanggal (${weekdayOf(ymd)})`);
    // a past day has no practice left: the same one entry 301 as a day without a schedule
    const practices =
      ymd < today
        ? []
        : docs.filter((d) => !kd_dr || d.kd_dr === kd_dr).flatMap((d) => d.jadwal.filter((j) => j.kd_dep === kd_dep && j.hari === hari).map((j) => ({ d, j })));
    const slots = practices.map(({ d, j }) => ({
      kode: 200,
      nama_dr: d.nama_dr_lengkap,
      kd_dr: d.kd_dr,
      jam_dtg: j.jam_dtg,
      jam_plg: j.jam_plg,
      batas_quota: j.batas_quota,
      quota_terisi: filled(d.kd_dr, kd_dep, ymd, j.sts_jam),
      sts_jam: j.sts_jam,
      sts_ue: j.sts_ue,
    }));
    return data(slots.length ? slots : [{ kode: 301, message: 'Tidak ada jadwal praktik pada tanggal tersebut' }]);
  }

  function book(ctx: Ctx): Answer {
    const b = ctx.body ?? {};
    const p = ctx.patient as HospitalPatient;
    const missing = BOOKING_FIELDS.find((f) => !text(b[f]));
    if (missing) return refuse(`Data perjanjian tidak lengkap: ${missing}`, 200, true);
    const f = Object.fromEntries(BOOKING_FIELDS.map((k) => [k, text(b[k])])) as Record<(typeof BOOKING_FIELDS)[number], string>;
    if (f.nomr !== p.nomr) return refuse('Akses ditolak', 403, true);
    if (!validYmd(f.tgl_janji)) return refuse('Format tgl_janji harus YYYY-MM-DD', 200, true);
    if (f.carabayar !== 'B' && f.carabayar !== 'P') return refuse('Cara bayar tidak dikenal', 200, true);
    if (f.tgl_janji < today) return refuse('Tanggal perjanjian sudah lewat', 200, true);
    if (f.kd_dep === '20012' && f.carabayar === 'B') return refuse('Poli Eksekutif / Umum hanya melayani pasien Non BPJS', 200, true);
    const practice = practiceOn(f.kd_dr, f.kd_dep, f.tgl_janji, f.sts_jam);
    if (!practice) return refuse('Dokter tidak praktik pada tanggal dan jam tersebut', 200, true);
    if (appointments.some((a) => a.nomr === p.nomr && a.kd_dr === f.kd_dr && a.tgl_janji === f.tgl_janji))
      return refuse('Anda sudah terdaftar pada dokter dan tanggal tersebut', 200, true);
    const taken = filled(f.kd_dr, f.kd_dep, f.tgl_janji, f.sts_jam);
    if (taken >= practice.batas_quota) return refuse('Kuota dokter pada tanggal tersebut sudah penuh. Silakan pilih tanggal lain.', 200, true);
    const a: Appointment = {
      no_reg: `RJ${String(++regCounter).padStart(10, '0')}`,
      no_urut: taken + 1,
      nomr: p.nomr,
      tgl_janji: f.tgl_janji,
      kd_dep: f.kd_dep,
      kd_dr: f.kd_dr,
      sts_jam: f.sts_jam,
      sts_ue: text(b.sts_ue) || practice.sts_ue,
      carabayar: f.carabayar,
      hp: f.hp,
      source: 'api',
    };
    appointments.push(a);
    bookings.push(a);
    const message = `Perjanjian berhasil disimpan. Nomor antrian Anda ${a.no_urut} pada ${weekdayOf(a.tgl_janji)}, ${a.tgl_janji}.`;
    return { code: 200, body: { status: ok(true), data: { message, no_urut: a.no_urut, no_reg: a.no_reg, tgl_janji: a.tgl_janji } } };
  }

  function register(ctx: Ctx): Answer {
    const b = ctx.body ?? {};
    const missing = REGISTRATION_FIELDS.find((f) => !text(b[f]));
    if (missing) return refuse(`Data tidak lengkap: ${missing}`, 200, true);
    if (!validYmd(text(b.tgl_lahir))) return refuse('Format tgl_lahir harus YYYY-MM-DD', 200, true);
    if (!/^(0\d|1[0-2])$/.test(text(b.pekerjaan))) return refuse('Kode pekerjaan tidak dikenal', 200, true);
    if (registrations.some((r) => r.no_ktp === text(b.no_ktp))) return refuse('No KTP sudah terdaftar', 200, true);
    registrations.push(Object.fromEntries(REGISTRATION_FIELDS.map((f) => [f, text(b[f])])));
    return { code: 200, body: { status: ok(true), message: 'Data pasien baru berhasil disimpan' } };
  }

  function login(ctx: Ctx): Answer {
    const b = ctx.body ?? {};
    const nomr = text(b.medical_record_number);
    const birthdate = text(b.birthdate);
    const p = patients.find((x) => x.nomr === nomr && x.tgl_lahir === birthdate);
    if (!p) return refuse('Nomor rekam medis atau tanggal lahir tidak sesuai', 401);
    const access_token = randomBytes(24).toString('hex');
    tokens.set(access_token, { nomr: p.nomr, expired: false });
    return { code: 200, body: { token: { access_token, token_type: 'Bearer', expires_in: 3600 } } };
  }

  type Route = { auth: boolean; run: (ctx: Ctx) => Answer };
  const get = (run: Route['run']): Route => ({ auth: true, run });
  const apiRoutes: Record<string, Route> = {
    'POST /api/patient/simpan/pasien/baru': { auth: false, run: register },
    'POST /api/patient/simpan/janji': get(book),
    'GET /api/patient/profil/pasien': get(forPatient((p) => data({ ...p }))),
    'GET /api/patient/jadwal/perjanjian/terdekat': get(
      forPatient((p) => {
        const jadwal = own(p.nomr)
          .filter((a) => a.tgl_janji >= today)
          .map((a) => ({ tanggal_janji: a.tgl_janji, nama_dokter: doctorName(a.kd_dr), departemen: clinicName(a.kd_dep), no_urut: a.no_urut }));
        return jadwal.length ? data({ jadwal }) : { code: 200, body: { status: no(), message: 'Data tidak ditemukan', data: { jadwal: [] } } };
      }),
    ),
    'GET /api/patient/antrian/farmasi': get(forPatient((p) => list(pharmacy.filter((x) => x.no_mr === p.nomr && x.tgl_layanan === today)))),
    'GET /api/patient/antrian/poli': get(
      forPatient((p) =>
        list(
          own(p.nomr)
            .filter((a) => a.tgl_janji === today)
            .map((a) => ({
              no_urut: a.no_urut,
              no_reg: a.no_reg,
              tgl_janji: a.tgl_janji,
              hari: weekdayOf(a.tgl_janji),
              dokter: doctorName(a.kd_dr),
              ds_dep: clinicName(a.kd_dep),
              no_mr: p.nomr,
              nama_pas: p.nama,
              ...progress(a),
            })),
        ),
      ),
    ),
    'GET /api/patient/perjanjian/terakhir': get(
      forPatient((p) => {
        const last = own(p.nomr)
          .filter((a) => a.carabayar === 'B')
          .at(-1);
        return last ? data({ tgl_janji: last.tgl_janji }) : { code: 200, body: { status: no(), message: 'Data tidak ditemukan', data: null } };
      }),
    ),
    'GET /api/patient/kddep': get(forPatient(() => list(CLINICS.map((c) => ({ ...c }))))),
    'GET /api/patient/list/quota': get(quotaList),
    'GET /api/patient/jadwal/dokter': get((ctx) =>
      list(
        docs
          .filter((d) => d.spesialis === ctx.query.spesialis)
          .map((d) => ({
            nama_dr_lengkap: d.nama_dr_lengkap,
            kd_dr: d.kd_dr,
            foto: d.foto,
            jadwal: d.jadwal.map((j) => ({ hari: j.hari, jam_dtg: j.jam_dtg, jam_plg: j.jam_plg, kd_dep: j.kd_dep, ds_dep: j.ds_dep })),
          })),
      ),
    ),
    'GET /api/patient/jadwal/kath/terdekat': get(recordsOf(records.kath)),
    'GET /api/patient/jadwal/bedah/terdekat': get(recordsOf(records.bedah)),
    'GET /api/patient/riwayat/konsul/poli/umum': get(recordsOf(records.konsulUmum)),
    'GET /api/patient/riwayat/konsul/poli/online': get(recordsOf(records.konsulOnline)),
    'GET /api/patient/riwayat/rawat/inap/jalan': get(recordsOf(records.inapJalan)),
    'GET /api/patient/riwayat/rawat/inap/lalu': get(recordsOf(records.inapLalu)),
    'GET /api/patient/riwayat/tindakan/kath': get(recordsOf(records.tindakanKath)),
    'GET /api/patient/riwayat/tindakan/bedah': get(recordsOf(records.tindakanBedah)),
    'GET /api/patient/riwayat/penunjang': get(
      forPatient((p) => {
        const mine = p.nomr === PATIENTS[0].nomr;
        const hasillab = mine ? records.hasillab : [];
        const poli = mine ? records.poliHistory : [];
        return { code: 200, body: { status: hasillab.length || poli.length ? ok() : no(), hasillab, data: poli } };
      }),
    ),
    'GET /api/patient/laporan/pemeriksaan/vaskular': get(recordsOf(records.vaskular)),
  };
  const loginRoutes: Record<string, Route> = { 'POST /api/auth/proxy-login': { auth: false, run: login } };

  function answer(res: ServerResponse, call: HospitalCall, a: Answer) {
    call.status = a.code;
    open--;
    const json = JSON.stringify(a.body);
    res.writeHead(a.code, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) });
    res.end(json);
  }

  function handle(service: HospitalCall['service'], routes: Record<string, Route>, req: IncomingMessage, res: ServerResponse, raw: string) {
    const url = new URL(req.url ?? '/', 'http://hospital.invalid');
    const auth = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    let body: Record<string, unknown> | null = null;
    let malformed = false;
    if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        malformed = true;
      }
    }
    const call: HospitalCall = {
      service,
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
      bearer: auth?.[1] ?? null,
      time: Date.now(),
      status: 0,
    };
    calls.push(call);
    peak = Math.max(peak, ++open);
    const run = () => {
      if (mode === 'error500') {
        call.status = 500;
        open--;
        res.writeHead(500, { 'content-type': 'text/html' });
        res.end('<!DOCTYPE html><html><body><h1>500 Internal Server Error</h1></body></html>');
        return;
      }
      if (mode === 'forbidden' && service === 'api') return answer(res, call, { code: 403, body: { message: 'Forbidden' } });
      const route = routes[`${call.method} ${call.path}`];
      if (!route) {
        const other = Object.keys(routes).some((k) => k.endsWith(` ${call.path}`));
        return answer(res, call, other ? { code: 405, body: { message: 'Method Not Allowed' } } : { code: 404, body: { message: 'Not Found' } });
      }
      if (malformed || (raw && (typeof body !== 'object' || body === null || Array.isArray(body)))) return answer(res, call, refuse('Body harus JSON', 400));
      let patient: HospitalPatient | null = null;
      if (route.auth) {
        const t = call.bearer ? tokens.get(call.bearer) : undefined;
        if (!t) return answer(res, call, { code: 401, body: { message: 'Unauthenticated.' } });
        if (t.expired) return answer(res, call, { code: 401, body: { status: false, message: 'Token expired' } });
        patient = patients.find((p) => p.nomr === t.nomr) ?? null;
        if (!patient) return answer(res, call, { code: 401, body: { message: 'Unauthenticated.' } });
      }
      answer(res, call, route.run({ query: call.query, body, patient }));
    };
    if (mode !== 'slow') return run();
    const t = setTimeout(() => {
      held.delete(t);
      run();
    }, delayMs);
    held.set(t, run);
  }

  const listen = async (service: HospitalCall['service'], routes: Record<string, Route>, port = 0): Promise<Server> => {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      req.on('data', (c: Buffer) => {
        size += c.length;
        if (size > 65_536) req.destroy();
        else chunks.push(c);
      });
      req.on('end', () => handle(service, routes, req, res, Buffer.concat(chunks).toString('utf8')));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    return server;
  };
  const stop = (server: Server) =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });

  let api = await listen('api', apiRoutes);
  let loginService = await listen('login', loginRoutes);
  const apiPort = (api.address() as AddressInfo).port;
  const loginPort = (loginService.address() as AddressInfo).port;
  let listening = true;

  const dropHeld = () => {
    for (const t of held.keys()) clearTimeout(t);
    open -= held.size;
    held.clear();
  };
  /** Leaving 'slow': the held requests are answered now, in the new mode. */
  const releaseHeld = () => {
    const runs = [...held.entries()];
    held.clear();
    for (const [t, run] of runs) {
      clearTimeout(t);
      run();
    }
  };

  return {
    url: `http://127.0.0.1:${apiPort}`,
    loginUrl: `http://127.0.0.1:${loginPort}`,
    calls,
    callsTo: (path) => calls.filter((c) => c.path === path),
    async setMode(next) {
      mode = next;
      if (next !== 'slow' && next !== 'down') releaseHeld();
      if (next === 'down' && listening) {
        listening = false;
        dropHeld();
        await Promise.all([stop(api), stop(loginService)]);
      } else if (next !== 'down' && !listening) {
        api = await listen('api', apiRoutes, apiPort);
        loginService = await listen('login', loginRoutes, loginPort);
        listening = true;
      }
    },
    setDelayMs: (ms) => {
      delayMs = ms;
    },
    setTextStatus: (on) => {
      textStatus = on;
    },
    inFlight: () => open,
    peakInFlight: () => peak,
    expireTokens: () => {
      for (const t of tokens.values()) t.expired = true;
    },
    callNumber: (no_reg) => {
      const a = appointments.find((x) => x.no_reg === no_reg && x.tgl_janji === today);
      if (!a) throw new Error(`no appointment ${no_reg} today`);
      calledIn.set(sessionKey(a), a.no_urut);
    },
    patients,
    clinics: CLINICS,
    doctors: docs,
    pharmacy,
    records,
    appointments,
    bookings,
    registrations,
    seats,
    today,
    nextDateOn: (hari) => {
      if (!(WEEKDAYS as readonly string[]).includes(hari)) throw new Error(`not a weekday: ${hari}`);
      return nextDateOn(hari, today);
    },
    async close() {
      dropHeld();
      if (listening) await Promise.all([stop(api), stop(loginService)]);
      listening = false;
    },
  };
}

// The stand-in's answer to each call of docs/product.md §7 (hospital-api.ts), written from that
// contract alone, sharing nothing with server/ or common/; the hospital it answers from is
// hospital-api-state.ts.
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
import { CLINICS, type Appointment, type HospitalPatient, PATIENTS, weekdayOf } from './hospital-api-data.ts';
import type { Answer, HospitalState } from './hospital-api-state.ts';

interface Ctx {
  query: Record<string, string>;
  body: Record<string, unknown> | null;
  patient: HospitalPatient | null;
}
/** A call the hospital answers: `auth`, whether it needs the patient's token (checked before `run`). */
export interface Route {
  auth: boolean;
  run: (ctx: Ctx) => Answer;
}

const YMD = /^\d{4}-\d{2}-\d{2}$/;
const validYmd = (s: unknown): s is string => typeof s === 'string' && YMD.test(s) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const BOOKING_FIELDS = ['nomr', 'tgl_janji', 'kd_dep', 'kd_dr', 'sts_jam', 'carabayar', 'hp'] as const;
const REGISTRATION_FIELDS = ['nama', 'no_ktp', 'tempat_lahir', 'tgl_lahir', 'telp_hp', 'email', 'pekerjaan'] as const;

/** The calls of the API (`apiRoutes`) and of the login service (`loginRoutes`), by "METHOD /path". */
export function hospitalCalls(h: HospitalState) {
  const { today, tokens, patients, docs, appointments, bookings, registrations, pharmacy, records } = h;
  const { ok, no, refuse, data, list, clinicName, doctorName, practiceOn, filled, progress, own } = h;
  let regCounter = 500;

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
  return { apiRoutes, loginRoutes };
}

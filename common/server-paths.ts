// The paths the server answers beyond the patient API's (paths.ts): the hospital systems' calls,
// Mobile JKN's web service and the server's own. The server's routes and the tests read them from
// here; the app never imports this file, so none of it ships to the phone. scripts/path-literals.ts
// holds server/ to no path written anywhere else.

/** The hospital systems' calls, on the internal listener (docs/integration.md). Fastify's `:name` marks a parameter. */
export const INTERNAL = {
  notify: '/api/internal/notify',
  clinicQueue: '/api/internal/antrian/poli',
  clinicCall: '/api/internal/antrian/poli/panggil',
  clinicCheckin: '/api/internal/antrian/poli/checkin',
  clinicDone: '/api/internal/antrian/poli/selesai',
  clinicSkipped: '/api/internal/antrian/poli/lewati',
  /** A booked patient who did not come: the seat of today's session released to the waiting list (docs/leave.md). */
  noShowRelease: '/api/internal/antrian/poli/lepas',
  walkIn: '/api/internal/antrian/poli/walkin',
  pharmacyStatus: '/api/internal/antrian/farmasi/status',
  reminders: '/api/internal/pengingat',
  meetingLink: '/api/internal/konsultasi/link',
  registrations: '/api/internal/registrasi',
  verifyRegistration: '/api/internal/registrasi/:id/verifikasi',
  doctorSchedule: '/api/internal/jadwal/dokter',
  /** One dated session of a doctor closed (leave) or moved (docs/leave.md). */
  sessionLeave: '/api/internal/jadwal/sesi',
  passkeys: '/api/internal/passkey/:nomr',
  /** BPJS Antrean's outbox and its reference calls (docs/bpjs.md). */
  bpjsQueue: '/api/internal/bpjs/antrean',
  bpjsResend: '/api/internal/bpjs/antrean/:id/ulang',
  bpjsHfis: '/api/internal/bpjs/hfis',
  bpjsDashboard: '/api/internal/bpjs/dashboard',
  bpjsReconcile: '/api/internal/bpjs/rekonsiliasi',
} as const;

/** Meta's calls: the WhatsApp Cloud API's webhook (GET handshake, POST statuses and replies; docs/whatsapp.md). */
export const WHATSAPP = { webhook: '/api/whatsapp/webhook' } as const;

/** Everything under it is Mobile JKN's web service. */
export const JKN_PREFIX = '/api/jkn/';

/**
 * Mobile JKN's web service (WS RS, Antrean Online v2; docs/bpjs.md): the last segment of each is
 * BPJS's name for the call, the hospital registers the base before it with BPJS.
 */
export const JKN = {
  token: `${JKN_PREFIX}token`,
  /** The OpenAPI document of these calls alone. */
  docs: `${JKN_PREFIX}docs`,
  statusAntrean: `${JKN_PREFIX}statusantrean`,
  ambilAntrean: `${JKN_PREFIX}ambilantrean`,
  sisaAntrean: `${JKN_PREFIX}sisaantrean`,
  batalAntrean: `${JKN_PREFIX}batalantrean`,
  checkinAntrean: `${JKN_PREFIX}checkinantrean`,
  pasienBaru: `${JKN_PREFIX}pasienbaru`,
  jadwalOperasiRs: `${JKN_PREFIX}jadwaloperasirs`,
  jadwalOperasiPasien: `${JKN_PREFIX}jadwaloperasipasien`,
  ambilAntreanFarmasi: `${JKN_PREFIX}ambilantreanfarmasi`,
  statusAntreanFarmasi: `${JKN_PREFIX}statusantreanfarmasi`,
} as const;

/** Every API path starts so; anything else the server answers is the app's (files and pages). */
export const API_PREFIX = '/api/';

/** The server's own: its health, its OpenAPI document, the doctors' photos, the app's files. */
export const SERVER = {
  health: '/api/health',
  docs: '/api/docs',
  doctorPhoto: '/foto-dokter/:file',
  /** The service worker: its answer carries the headers a document gets (security.ts). */
  serviceWorker: '/sw.js',
  /** Every other address is a page of the app (routes/static.ts). */
  appPages: '/*',
} as const;

/** The `foto` of a doctor in the schedules: the photo route's address for that doctor. */
export const doctorPhotoOf = (kd_dr: string): string => SERVER.doctorPhoto.replace(':file', `${encodeURIComponent(kd_dr)}.svg`);

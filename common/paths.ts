// The API's paths: docs/product.md §7 and the reference API's additions. Both sides read them.
// Those of a doctor's leave and the waiting list are in leave-paths.ts, apart from the app's core.
export const API = {
  register: '/api/patient/simpan/pasien/baru',
  /** The reference API's additions after a registration (docs/product.md, Registration's ending). */
  registrationStatus: '/api/pendaftaran/status',
  registrationPush: '/api/pendaftaran/push',
  login: '/api/auth/proxy-login',
  logout: '/api/auth/logout',
  /** The reference API's addition: how the hospital's Nomor MR looks (its fixed width, if any), read before login. */
  nomrFormat: '/api/auth/nomr',
  profile: '/api/patient/profil/pasien',
  upcoming: '/api/patient/jadwal/perjanjian/terdekat',
  pharmacyQueue: '/api/patient/antrian/farmasi',
  clinicQueue: '/api/patient/antrian/poli',
  lastAppointment: '/api/patient/perjanjian/terakhir',
  clinics: '/api/patient/kddep',
  quota: '/api/patient/list/quota',
  book: '/api/patient/simpan/janji',
  cathSchedule: '/api/patient/jadwal/kath/terdekat',
  surgerySchedule: '/api/patient/jadwal/bedah/terdekat',
  doctorSchedule: '/api/patient/jadwal/dokter',
  historyPoli: '/api/patient/riwayat/konsul/poli/umum',
  historyOnline: '/api/patient/riwayat/konsul/poli/online',
  inpatientCurrent: '/api/patient/riwayat/rawat/inap/jalan',
  inpatientPast: '/api/patient/riwayat/rawat/inap/lalu',
  historyCath: '/api/patient/riwayat/tindakan/kath',
  historySurgery: '/api/patient/riwayat/tindakan/bedah',
  supporting: '/api/patient/riwayat/penunjang',
  vascular: '/api/patient/laporan/pemeriksaan/vaskular',
  /** The reference API's additions for push (docs/decisions.md D7): the VAPID key, a renewed registration. */
  vapidKey: '/api/push/vapid',
  savePush: '/api/patient/simpan/fcmtoken',
  /** The reference API's channel choice (docs/whatsapp.md): push, WhatsApp or both, and which messages. */
  notices: '/api/patient/notifikasi',
  saveNotices: '/api/patient/simpan/notifikasi',
  /** The reference API's passkeys (decisions: passkeys): sign-in, enrolment, the patient's devices. */
  passkeyLoginOptions: '/api/auth/passkey/options',
  passkeyLogin: '/api/auth/passkey/login',
  passkeyOffer: '/api/patient/passkey/offer',
  passkeyRegisterOptions: '/api/patient/passkey/register/options',
  passkeyRegister: '/api/patient/passkey/register',
  passkeyRemove: '/api/patient/passkey/remove',
  devices: '/api/patient/devices',
  sessionEnd: '/api/patient/session/end',
  /** The visit day (decisions: the visit day): check-in, and the clinic queue as a live stream. */
  checkin: '/api/patient/checkin',
  clinicQueueLive: '/api/patient/antrian/poli/live',
  /** Managing appointments (decisions: managing appointments): cancel, reschedule, online booking, the rules. */
  cancel: '/api/patient/batal/janji',
  reschedule: '/api/patient/ubah/janji',
  bookOnline: '/api/patient/simpan/janji/online',
  bookingRules: '/api/patient/perjanjian/aturan',
  /** The patient's BPJS referrals and control letters from VClaim (docs/bpjs.md, Referrals; capability bpjs-referrals). */
  referrals: '/api/patient/bpjs/rujukan',
  /** The record export (docs/fhir.md): the patient's whole record as a FHIR R4 Bundle. As OpenAPI writes it. */
  fhirEverything: '/api/fhir/Patient/{nomr}/$everything',
} as const;

/** The record export's address for one patient. */
export const fhirEverythingOf = (nomr: string): string => API.fhirEverything.replace('{nomr}', encodeURIComponent(nomr));

/** The live stream's event of the clinic queue's new state, shaped as the clinicQueue answer. */
export const CLINIC_QUEUE_EVENT = 'antrian';
/** The same stream's event of the pharmacy queue's new state, shaped as the pharmacyQueue answer. */
export const PHARMACY_QUEUE_EVENT = 'antrian-farmasi';

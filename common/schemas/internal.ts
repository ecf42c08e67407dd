// Calls the hospital's own systems make with their service token: a notification to a patient,
// a clinic queue number called, a pharmacy status change, the registration counter's list.
import { Type, type Static } from 'typebox';
import { IsoDate, Nomr, NStr, Nullable, Str, Text } from './fields.ts';
import { QueueStatus } from './patient.ts';

export const NotifyRequest = Type.Object(
  {
    nomr: Nomr,
    title: Text(120, { minLength: 1 }),
    body: Text(500, { minLength: 1 }),
    url: Type.Optional(Text(300, { pattern: '^/[^/\\\\]', description: 'A path of the app to open on a tap' })),
  },
  { additionalProperties: false },
);
export type NotifyRequest = Static<typeof NotifyRequest>;

/** A notification recorded, and how many push registrations it goes to. */
export const Enqueued = Type.Object({ id: Type.Integer(), registrations: Type.Integer() });
export type Enqueued = Static<typeof Enqueued>;

export const ClinicCall = Type.Object({ no_reg: Text(40, { minLength: 1 }) }, { additionalProperties: false });
export type ClinicCall = Static<typeof ClinicCall>;

/** A day's clinic queue for the hospital's display and staff; today when tanggal is left out. */
export const ClinicQueueQuery = Type.Object({ tanggal: Type.Optional(IsoDate) }, { additionalProperties: false });
export type ClinicQueueQuery = Static<typeof ClinicQueueQuery>;

export const ClinicQueueEntry = Type.Object({
  no_reg: Str(),
  no_mr: Str(),
  no_urut: Type.Integer(),
  kd_dep: Str(),
  kd_dr: Str(),
  sts_jam: NStr('Session of the day (1 morning, 2 afternoon); null: the only one'),
  status: QueueStatus,
  checkin: NStr('ISO 8601, WIB (+07:00): the first check-in'),
  dipanggil: NStr('ISO 8601, WIB (+07:00): when the number was called last'),
});
export type ClinicQueueEntry = Static<typeof ClinicQueueEntry>;

/** The registration counter adds a patient without a booking to today's session of a doctor in a clinic. */
export const ClinicWalkIn = Type.Object(
  {
    no_mr: Nomr,
    kd_dep: Text(20, { minLength: 1, description: 'The clinic' }),
    kd_dr: Text(20, { minLength: 1, description: 'The doctor' }),
    sts_jam: Type.Optional(Text(2, { minLength: 1, description: "The session of the day (1 morning, 2 afternoon); left out: the doctor's first that day" })),
  },
  { additionalProperties: false },
);
export type ClinicWalkIn = Static<typeof ClinicWalkIn>;

/** A number done or skipped, and how many 'tinggal N lagi' notifications that queued for those behind. */
export const ClinicQueueChange = Type.Object({ no_reg: Str(), status: QueueStatus, notified: Type.Integer() });
export type ClinicQueueChange = Static<typeof ClinicQueueChange>;

export const PharmacyStatus = Type.Object({ no_antrian: Text(20, { minLength: 1 }), status_obat: Text(60, { minLength: 1 }) }, { additionalProperties: false });
export type PharmacyStatus = Static<typeof PharmacyStatus>;

/** notified: the notification, when this change made the medicine ready; null otherwise. */
export const PharmacyChange = Type.Object({ notified: Nullable(Enqueued) });
export type PharmacyChange = Static<typeof PharmacyChange>;

/** The counter's list: only the self-registrations still waiting for it. */
export const RegistrationQuery = Type.Object({ status: Type.Optional(Type.Literal('pending', { default: 'pending' })) });
export type RegistrationQuery = Static<typeof RegistrationQuery>;

export const RegistrationId = Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,15}$', description: 'The id of the list' }) });
export type RegistrationId = Static<typeof RegistrationId>;

/** The registration form's fields a submission and the entry built from the latest both carry, in this order. */
const formFields = {
  tempat_lahir: Str(),
  tgl_lahir: Str('YYYY-MM-DD'),
  telp_hp: Str(),
  email: Str(),
  pekerjaan: Str('Occupation code'),
  persetujuan_privasi: Nullable(Type.Boolean({ description: "null: sent by a client that does not ask (the spec's)" })),
  versi_privasi: NStr(),
};

/** One submission of the registration form, as sent: none is ever replaced by a later one. */
export const RegistrationSubmission = Type.Object({
  id: Type.Integer(),
  nama: Str(),
  ...formFields,
  alamat_klien: NStr('The client address it came from (null: sent before addresses were kept)'),
  referensi: NStr('The reference the person was shown (REG-…), which they show at the counter; null: sent before references were given'),
  dikirim_at: Str('ISO 8601, WIB (+07:00)'),
  kontak_baru: Type.Boolean({ description: 'Its phone or e-mail differs from the submission before it: ask the person which is theirs' }),
});
export type RegistrationSubmission = Static<typeof RegistrationSubmission>;

/**
 * A self-registration for the registration counter: one per NIK, its fields those of the latest
 * submission, with every submission (newest first) and a mark when their contact details differ.
 */
export const RegistrationEntry = Type.Object({
  id: Type.Integer(),
  nama: Str(),
  no_ktp: Str('NIK'),
  ...formFields,
  status: Type.Union([Type.Literal('pending'), Type.Literal('verified')]),
  created_at: Str('ISO 8601, WIB (+07:00): the first submission'),
  updated_at: Str('ISO 8601, WIB (+07:00): the latest submission while pending'),
  verified_at: NStr('ISO 8601, WIB (+07:00)'),
  no_rm: NStr('The Nomor MR the counter gave with the verification'),
  kontak_berbeda: Type.Boolean({
    description: 'The submissions carry more than one phone number or e-mail address: someone else may have sent one; confirm with the person at the counter',
  }),
  pengajuan: Type.Array(RegistrationSubmission, { description: 'Every submission with this NIK, newest first' }),
});
export type RegistrationEntry = Static<typeof RegistrationEntry>;

/** The online consultation's meeting link of an appointment, set by the hospital (https only). */
export const MeetingLink = Type.Object(
  {
    no_reg: Text(40, { minLength: 1 }),
    url: Text(500, { pattern: '^https://[^\\s/?#]+[^\\s]*$', description: 'https:// address of the meeting room' }),
  },
  { additionalProperties: false },
);
export type MeetingLink = Static<typeof MeetingLink>;

export const MeetingLinkSet = Type.Object({ no_reg: Str(), link_konsultasi: Str() });
export type MeetingLinkSet = Static<typeof MeetingLinkSet>;

export const ReminderQuery = Type.Object({ no_reg: Text(40, { minLength: 1 }) }, { additionalProperties: false });
export type ReminderQuery = Static<typeof ReminderQuery>;

/** A reminder of an appointment still to go out, and when. */
export const Reminder = Type.Object({
  jenis: Type.Union([Type.Literal('malam_sebelum'), Type.Literal('sebelum_praktik'), Type.Literal('ruang_dibuka')], {
    description: "'malam_sebelum': the evening before; 'sebelum_praktik': hours before practice starts; 'ruang_dibuka': an online room opens",
  }),
  waktu: Str('ISO 8601 with +07:00: when it goes out'),
});
export type Reminder = Static<typeof Reminder>;

const Hhmm = (description: string) => Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: `${description}, HH:MM (WIB)` });

/** A doctor's weekly clinic session changed by the hospital's system: its hours and its quota (0: closed, the doctor's leave). */
export const WeeklySessionChange = Type.Object(
  {
    kd_dr: Text(20, { minLength: 1, description: 'The doctor' }),
    kd_dep: Text(20, { minLength: 1, description: 'The clinic' }),
    hari: Type.Integer({ minimum: 1, maximum: 7, description: 'ISO weekday: 1 Monday … 7 Sunday' }),
    sts_jam: Text(2, { minLength: 1, description: 'The session of the day (1 morning, 2 afternoon)' }),
    jam_dtg: Hhmm('Start'),
    jam_plg: Hhmm('End, after the start'),
    batas_quota: Type.Integer({ minimum: 0, maximum: 1000, description: 'Seats; 0 closes the session (a leave)' }),
  },
  { additionalProperties: false },
);
export type WeeklySessionChange = Static<typeof WeeklySessionChange>;

/** The session as changed, and what was queued for BPJS's HFIS (updatejadwaldokter). */
export const WeeklySession = Type.Object({
  kd_dr: Str(),
  kd_dep: Str(),
  hari: Type.Integer(),
  sts_jam: Str(),
  jam_dtg: Str(),
  jam_plg: Str(),
  batas_quota: Type.Integer(),
  bpjs: NStr(
    "updatejadwaldokter's row: waiting (to be sent) or unmapped (the clinic or doctor has no BPJS code); null: the bridge is off or the hospital's system reports",
  ),
});
export type WeeklySession = Static<typeof WeeklySession>;

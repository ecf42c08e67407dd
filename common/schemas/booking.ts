// Clinics, doctor schedules, quota and booking (docs/product.md §3, §5 and §7).
import { Type, type Static } from 'typebox';
import { CANCEL_REASONS } from '../reasons.ts';
import { Failure, Success } from './envelope.ts';
import { IsoDate, Nomr, NStr, Str, Text } from './fields.ts';

/** An appointment in a clinic, or an online consultation (the reference API's addition). */
export const AppointmentKind = Type.Union([Type.Literal('poli'), Type.Literal('online')], {
  description: "'poli': in the clinic; 'online': an online consultation",
});

/**
 * What names an appointment and lets its card offer cancel and reschedule: the reference API's
 * additions to the booking answer and to each upcoming appointment (optional there, so an API with
 * only the spec's fields still fits and the app hides the actions).
 */
export const AppointmentRef = Type.Object({
  no_reg: Str('Registration number: names the appointment in batal/janji and ubah/janji, and its clinic queue entry'),
  kd_dep: Str(),
  kd_dr: Str(),
  jam_dtg: Str('Practice start, HH:MM'),
  sts_jam: Str(),
  carabayar: Type.Union([Type.Literal('B'), Type.Literal('P')], { description: 'B: BPJS, P: other' }),
  jenis: AppointmentKind,
});
export type AppointmentRef = Static<typeof AppointmentRef>;

const Weekdays = (description: string) =>
  Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 7 }), { description: `${description} (1 Monday … 7 Sunday)` }));

export const Clinic = Type.Object({
  kd_dep: Str(),
  ds_dep: Str(),
  // The reference API's additions: the booking calendars grey out the other days. Absent: any day.
  hari_praktik: Weekdays('The weekdays with a clinic session'),
  hari_online: Weekdays('The weekdays with an online consultation session'),
  ruang: Type.Optional(NStr("The reference API's addition: the clinic's examination room; absent or null where the hospital has not set it")),
  lantai: Type.Optional(NStr("The reference API's addition: the room's floor ('2'); absent or null where the hospital's system keeps none")),
});
export type Clinic = Static<typeof Clinic>;

export const LastAppointment = Type.Object({ tgl_janji: NStr('YYYY-MM-DD of the last BPJS appointment, null when none') });
export type LastAppointment = Static<typeof LastAppointment>;

export const LastAppointmentQuery = Type.Object({
  // PatientQuery's (patient.ts imports this file)
  nomr: Type.Optional(Nomr),
  tgllahir: Type.Optional(IsoDate),
  kecuali: Type.Optional(
    Text(40, {
      description:
        "The reference API's addition: an own appointment's no_reg left out, as ubah/janji leaves out the appointment it moves (the reschedule calendar's 8-day rule)",
    }),
  ),
});

export const QuotaQuery = Type.Object({
  kd_dr: Type.Optional(Text(20, { default: '', description: 'Empty: every doctor of the clinic' })),
  kd_dep: Text(20, { minLength: 1 }),
  tgl_janji: Type.String({ pattern: '^[0-9]{2}/[0-9]{2}/[0-9]{2}$', description: 'MM/DD/YY' }),
  hari: Type.Optional(Text(10, { description: 'Indonesian weekday name of tgl_janji' })),
  jenis: Type.Optional(
    Type.Union([Type.Literal('poli'), Type.Literal('online')], {
      default: 'poli',
      description: "The reference API's addition: 'online' lists the online consultation sessions",
    }),
  ),
});

export const QuotaSlot = Type.Object({
  kode: Type.Integer({ description: '301: no practice that day (decisions 19)' }),
  nama_dr: Str(),
  kd_dr: Str(),
  jam_dtg: Str(),
  jam_plg: Str(),
  batas_quota: Type.Integer(),
  quota_terisi: Type.Integer(),
  sts_jam: Str(),
  sts_ue: Str(),
});
export type QuotaSlot = Static<typeof QuotaSlot>;

export const DoctorQuery = Type.Object({ spesialis: Text(60, { minLength: 1 }) });

export const DoctorScheduleRow = Type.Object({
  hari: Str('Indonesian weekday name'),
  jam_dtg: Str(),
  jam_plg: Str(),
  kd_dep: Str(),
  ds_dep: Str(),
});
export type DoctorScheduleRow = Static<typeof DoctorScheduleRow>;

export const DoctorSchedule = Type.Object({
  nama_dr_lengkap: Str(),
  kd_dr: Str(),
  foto: Str('Path of the 90×100 photo'),
  jadwal: Type.Array(DoctorScheduleRow),
});
export type DoctorSchedule = Static<typeof DoctorSchedule>;

const Code = Text(20, { minLength: 1 });

export const BookingRequest = Type.Object(
  {
    nomr: Nomr,
    tgl_janji: IsoDate,
    /** The spec's client sends these two; the schedule and the token decide instead. */
    sts_ue: Type.Optional(Text(10, { description: "Sent by the spec's client; the schedule's own is booked" })),
    tgl_lahir: Type.Optional(Type.Union([Type.Literal(''), IsoDate], { description: "Sent by the spec's client; the token says whose booking it is" })),
    kd_dep: Code,
    kd_dr: Code,
    sts_jam: Text(10, { minLength: 1 }),
    carabayar: Type.Union([Type.Literal('B'), Type.Literal('P')], { description: 'B: BPJS, P: other' }),
    hp: Text(30, { description: 'Indonesian mobile number: 08… or +628…, 10 to 13 digits (common/phone.ts)' }),
    jeniskunjungan: Type.Optional(
      Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(4)], {
        description:
          "A BPJS visit's referral (docs/bpjs.md): 1 rujukan FKTP, 2 rujukan internal, 3 kontrol (surat kontrol), 4 rujukan antar RS; required with carabayar B and nomorreferensi",
      }),
    ),
    nomorreferensi: Type.Optional(
      Type.String({ pattern: '^[0-9A-Za-z]{6,30}$', description: "The referral's number (nomor rujukan) or the control letter's (nomor surat kontrol)" }),
    ),
  },
  { additionalProperties: false },
);
export type BookingRequest = Static<typeof BookingRequest>;

export const BookingResult = Type.Object({
  message: Str('What the confirmation dialog shows'),
  no_urut: Type.Integer(),
  tgl_janji: Str('YYYY-MM-DD'),
  ...Type.Partial(AppointmentRef).properties,
});
export type BookingResult = Static<typeof BookingResult>;

export const BookingAnswer = Type.Union([Success(BookingResult), Failure], {
  description: "Booked, or { status: false } with the reason in the patient's words",
});

/** Cancel: the appointment and why; 'Lainnya' comes with the patient's own words. */
export const CancelRequest = Type.Object(
  {
    no_reg: Text(40, { minLength: 1 }),
    alasan: Type.Enum(CANCEL_REASONS, { type: 'string', description: CANCEL_REASONS.join(' | ') }),
    keterangan: Type.Optional(Text(200, { description: "The patient's own words; needed with 'Lainnya'" })),
  },
  { additionalProperties: false },
);
export type CancelRequest = Static<typeof CancelRequest>;

export const Cancelled = Type.Object({
  no_reg: Str(),
  status_janji: Type.Literal('Dibatalkan'),
  dibatalkan: Str('ISO 8601 with +07:00: when it was cancelled (the first time, when repeated)'),
  message: Str('What the confirmation shows'),
});
export type Cancelled = Static<typeof Cancelled>;

export const CancelAnswer = Type.Union([Success(Cancelled), Failure], {
  description: "Cancelled (repeating it answers the same), or { status: false } with the reason in the patient's words",
});

/** Reschedule: the same clinic and guarantee, another date, doctor or session. */
export const RescheduleRequest = Type.Object(
  {
    no_reg: Text(40, { minLength: 1 }),
    tgl_janji: IsoDate,
    kd_dr: Code,
    sts_jam: Text(10, { minLength: 1 }),
  },
  { additionalProperties: false },
);
export type RescheduleRequest = Static<typeof RescheduleRequest>;

/** What the booking screens need to know of this API's rules: the window, the reasons, the online room. */
export const BookingRules = Type.Object({
  batas_hari: Type.Integer({ description: 'Appointments at most this many days ahead (BOOKING_WINDOW_DAYS)' }),
  tanggal_terakhir: Str('YYYY-MM-DD: the last date the window reaches today'),
  alasan_batal: Type.Array(Str(), { description: 'The reasons the cancel dialog offers' }),
  ruang_dibuka_menit: Type.Integer({ description: 'The online consultation room opens this many minutes before the session' }),
});
export type BookingRules = Static<typeof BookingRules>;

// Clinics, doctor schedules, quota and booking (spec sections 3, 5 and 7).
import { Type, type Static } from 'typebox';
import { Failure, Success } from './envelope.ts';
import { IsoDate, Nomr, NStr, Str, Text } from './fields.ts';

export const Clinic = Type.Object({ kd_dep: Str(), ds_dep: Str() });
export type Clinic = Static<typeof Clinic>;

export const LastAppointment = Type.Object({ tgl_janji: NStr('YYYY-MM-DD of the last BPJS appointment, null when none') });
export type LastAppointment = Static<typeof LastAppointment>;

export const QuotaQuery = Type.Object({
  kd_dr: Type.Optional(Text(20, { default: '', description: 'Empty: every doctor of the clinic' })),
  kd_dep: Text(20, { minLength: 1 }),
  tgl_janji: Type.String({ pattern: '^[0-9]{2}/[0-9]{2}/[0-9]{2}$', description: 'MM/DD/YY' }),
  hari: Type.Optional(Text(10, { description: 'Indonesian weekday name of tgl_janji' })),
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
  },
  { additionalProperties: false },
);
export type BookingRequest = Static<typeof BookingRequest>;

export const BookingResult = Type.Object({
  message: Str('What the confirmation dialog shows'),
  no_urut: Type.Integer(),
  tgl_janji: Str('YYYY-MM-DD'),
});
export type BookingResult = Static<typeof BookingResult>;

export const BookingAnswer = Type.Union([Success(BookingResult), Failure], {
  description: "Booked, or { status: false } with the reason in the patient's words",
});

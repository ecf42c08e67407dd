// A doctor's leave or changed hours for a dated session, the patient's one-tap move of a booking
// the hospital cancelled, and the waiting list of a full session (docs/leave.md).
import { Type, type Static } from 'typebox';
import { Failure, Success } from './envelope.ts';
import { IsoDate, NStr, Str, Text } from './fields.ts';

const Code = Text(20, { minLength: 1 });
const Session = Text(10, { minLength: 1, description: 'The session of the day (1 morning, 2 afternoon)' });
const Hhmm = (description: string) => Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: `${description}, HH:MM (WIB)` });

/** The hospital's system: one dated session of a doctor closes (leave) or takes new hours. */
export const SessionLeave = Type.Object(
  {
    kd_dr: Code,
    kd_dep: Code,
    sts_jam: Session,
    tanggal: IsoDate,
    aksi: Type.Union([Type.Literal('tutup'), Type.Literal('ubah')], {
      description: "'tutup': the session is closed (leave); 'ubah': it takes jam_dtg–jam_plg",
    }),
    alasan: Text(200, { minLength: 3, description: "Why, in the patient's words (shown and sent to them): 'dokter sedang cuti'" }),
    jam_dtg: Type.Optional(Hhmm("The new start; needed with 'ubah'")),
    jam_plg: Type.Optional(Hhmm("The new end, after the start; needed with 'ubah'")),
  },
  { additionalProperties: false },
);
export type SessionLeave = Static<typeof SessionLeave>;

export const SessionLeaveDone = Type.Object({
  dibatalkan: Type.Integer({ description: 'Bookings of the session cancelled by the hospital (each told, BPJS told batal)' }),
  diberitahu: Type.Integer({ description: 'Notices queued (one per patient booked)' }),
  daftar_tunggu: Type.Integer({ description: "Waiting-list entries ended ('tutup' only)" }),
});
export type SessionLeaveDone = Static<typeof SessionLeaveDone>;

/** A session a cancelled booking can move to in one tap. */
export const MoveChoice = Type.Object({
  tgl_janji: Str('YYYY-MM-DD'),
  kd_dr: Str(),
  sts_jam: Str(),
  nama_dr: Str(),
  jam_dtg: Str(),
  jam_plg: Str(),
  sisa: Type.Integer({ description: 'Seats free now' }),
});
export type MoveChoice = Static<typeof MoveChoice>;

/** A booking the hospital cancelled, not yet moved, its day not passed. */
export const HospitalCancelled = Type.Object({
  no_reg: Str(),
  tanggal_janji: Str('YYYY-MM-DD'),
  jam_dtg: Str(),
  jam_plg: Str(),
  nama_dokter: Str(),
  departemen: Str(),
  kd_dep: Str(),
  alasan: Str('The reason the hospital gave'),
  pilihan: Type.Array(MoveChoice, { description: "The doctor's next sessions, then other doctors of the clinic that day" }),
});
export type HospitalCancelled = Static<typeof HospitalCancelled>;

export const MoveRequest = Type.Object(
  { no_reg: Text(40, { minLength: 1 }), tgl_janji: IsoDate, kd_dr: Code, sts_jam: Session },
  { additionalProperties: false },
);
export type MoveRequest = Static<typeof MoveRequest>;

/** One entry of the patient's waiting lists. */
export const WaitlistEntry = Type.Object({
  id: Type.Integer(),
  tgl_janji: Str('YYYY-MM-DD'),
  kd_dep: Str(),
  kd_dr: Str(),
  sts_jam: Str(),
  nama_dr: Str(),
  departemen: Str(),
  jam_dtg: Str(),
  jam_plg: Str(),
  status: Type.Union([Type.Literal('menunggu'), Type.Literal('ditawari')]),
  urutan: Type.Integer({ description: 'Place in line (1: next); 0 while a seat is offered' }),
  ditahan_sampai: NStr('ISO 8601 with +07:00: the offered seat is held until then; null while waiting'),
  tahan_menit: Type.Integer({ description: 'How long a freed seat is held for this patient (WAITLIST_HOLD_MINUTES when they joined)' }),
});
export type WaitlistEntry = Static<typeof WaitlistEntry>;

export const WaitlistRef = Type.Object({ id: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });

export const WaitlistJoinAnswer = Type.Union([Success(WaitlistEntry), Failure], {
  description: "In line, or { status: false } with the reason in the patient's words (the session has seats: book it)",
});

/** The counter releases the seat of a booked patient who did not come to today's session (docs/leave.md). */
export const NoShowRelease = Type.Object(
  { no_reg: Text(40, { minLength: 1, description: "The booking's registration number (no_reg), of today's clinic session" }) },
  { additionalProperties: false },
);
export type NoShowRelease = Static<typeof NoShowRelease>;

export const NoShowReleased = Type.Object({
  no_reg: Str(),
  ditawarkan: Type.Boolean({ description: "true: the seat went to the first in the session's waiting list, held; false: nobody waited, it is free" }),
});
export type NoShowReleased = Static<typeof NoShowReleased>;

// The home screen's calls (docs/product.md §3 and §7): profile, upcoming appointments, queues.
import { Type, type Static } from 'typebox';
import { AppointmentRef } from './booking.ts';
import { IsoDate, Nomr, NStr, Nullable, Str } from './fields.ts';

/** nomr and tgllahir as the spec's client sends them; the token decides whose records are read. */
export const PatientQuery = Type.Object({ nomr: Type.Optional(Nomr), tgllahir: Type.Optional(IsoDate) });

export const Profile = Type.Object({
  nomr: Str(),
  nama: Str(),
  jenis_kelamin: Str('Laki-laki or Perempuan'),
  tgl_lahir: Str('YYYY-MM-DD'),
  pastipe: Str(),
  alamat: Str(),
  no_jaminan: NStr(),
  // The reference API's addition: the booking form starts with it when this phone has booked none.
  telp_hp: Type.Optional(NStr('The mobile number the hospital has, null when none')),
});
export type Profile = Static<typeof Profile>;

export const UpcomingAppointment = Type.Object({
  tanggal_janji: Str('YYYY-MM-DD'),
  nama_dokter: Str(),
  departemen: Str(),
  no_urut: Type.Integer(),
  // The reference API's additions (managing appointments, decisions): what names the appointment
  // and lets the card offer its actions; optional, so an API with only the spec's fields fits.
  ...Type.Partial(AppointmentRef).properties,
  jam_plg: Type.Optional(Str('Practice end, HH:MM')),
  dapat_diubah: Type.Optional(Type.Boolean({ description: 'Cancel and reschedule are accepted now: before practice starts and before check-in' })),
  link_konsultasi: Type.Optional(
    NStr('Online: the meeting link, from konsultasi_buka until konsultasi_tutup; null outside that time or before the hospital sets it'),
  ),
  konsultasi_buka: Type.Optional(NStr('Online: ISO 8601 with +07:00, when the room opens (minutes before the session); null for the clinic')),
  konsultasi_tutup: Type.Optional(NStr('Online: ISO 8601 with +07:00, the end of the session; null for the clinic')),
});
export type UpcomingAppointment = Static<typeof UpcomingAppointment>;

/** The spec's data.jadwal. */
export const UpcomingAppointments = Type.Object({ jadwal: Type.Array(UpcomingAppointment) });

/** A clinic queue entry's state: waiting, called, skipped (not there when called), done, cancelled. */
export const QueueStatus = Type.Union(
  [Type.Literal('menunggu'), Type.Literal('dipanggil'), Type.Literal('dilewati'), Type.Literal('selesai'), Type.Literal('batal')],
  { description: "The reference API's addition: 'menunggu' | 'dipanggil' | 'dilewati' | 'selesai' | 'batal'" },
);
export type QueueStatus = Static<typeof QueueStatus>;

export const ClinicQueueItem = Type.Object({
  no_urut: Type.Integer(),
  no_reg: Str(),
  tgl_janji: Str('YYYY-MM-DD'),
  hari: Str(),
  dokter: Str(),
  ds_dep: Str(),
  no_mr: Str(),
  nama_pas: Str(),
  // The reference API's additions (the visit day, decisions): optional, so an API with only the
  // spec's fields still fits, and the app hides what is missing.
  status: Type.Optional(QueueStatus),
  no_dipanggil: Type.Optional(Nullable(Type.Integer({ description: "The reference API's addition: the number of the doctor's session called last" }))),
  sisa_antrian: Type.Optional(
    Nullable(Type.Integer({ minimum: 0, description: "Patients still ahead in the doctor's session (waiting, not skipped); null unless this one waits" })),
  ),
  estimasi_dilayani: Type.Optional(NStr('ISO 8601 with +07:00: when this patient is expected to be called; null unless waiting')),
  checkin: Type.Optional(NStr('ISO 8601 with +07:00: the first check-in (BPJS task 3); null before it')),
  checkin_buka: Type.Optional(NStr('ISO 8601 with +07:00: from when check-in is accepted; null when the session hours are unknown')),
  checkin_tutup: Type.Optional(NStr('ISO 8601 with +07:00: until when check-in is accepted (the end of practice)')),
  checkin_lokasi: Type.Optional(Type.Boolean({ description: "Check-in sends the phone's position (the hospital has set its location)" })),
  ruang: Type.Optional(NStr("The clinic's examination room, where to go once the number is called; null where the hospital has not set it")),
  lantai: Type.Optional(NStr("The examination room's floor ('2'); absent or null where the hospital's system keeps none")),
});
export type ClinicQueueItem = Static<typeof ClinicQueueItem>;

export const PharmacyQueueItem = Type.Object({
  no_antrian: Str(),
  tgl_layanan: Str('YYYY-MM-DD'),
  no_mr: Str(),
  nama_pasien: Str(),
  status_obat: Str(),
});
export type PharmacyQueueItem = Static<typeof PharmacyQueueItem>;

// The home screen's calls (spec sections 3 and 7): profile, upcoming appointments, queues.
import { Type, type Static } from 'typebox';
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
});
export type Profile = Static<typeof Profile>;

export const UpcomingAppointment = Type.Object({
  tanggal_janji: Str('YYYY-MM-DD'),
  nama_dokter: Str(),
  departemen: Str(),
  no_urut: Type.Integer(),
});
export type UpcomingAppointment = Static<typeof UpcomingAppointment>;

/** The spec's data.jadwal. */
export const UpcomingAppointments = Type.Object({ jadwal: Type.Array(UpcomingAppointment) });

export const ClinicQueueItem = Type.Object({
  no_urut: Type.Integer(),
  no_reg: Str(),
  tgl_janji: Str('YYYY-MM-DD'),
  hari: Str(),
  dokter: Str(),
  ds_dep: Str(),
  no_mr: Str(),
  nama_pas: Str(),
  status: Type.Optional(Str("The reference API's addition: 'menunggu' or 'dipanggil'")),
  no_dipanggil: Type.Optional(Nullable(Type.Integer({ description: "The reference API's addition: the number called last" }))),
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

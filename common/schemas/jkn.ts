// The hospital's web service for Mobile JKN (BPJS Antrean Online v2, "WS RS"; docs/bpjs.md), in
// BPJS's envelope: { response, metadata: { message, code } }. code 200 done, 201 refused with the
// reason in message, 202 the patient is not known yet and must first register (pasienbaru).
import { Type, type Static, type TSchema } from 'typebox';
import { IsoDate, Text } from './fields.ts';

export const JKN_CODES = { ok: 200, refused: 201, newPatient: 202 } as const;

export const JknMetadata = Type.Object({
  message: Type.String(),
  code: Type.Integer({ description: '200 done; 201 refused, message says why; 202 a new patient: register with pasienbaru first' }),
});

/** An answer of the service: `response` with code 200, none with a refusal. */
export const JknAnswer = <T extends TSchema>(response: T, description = 'code 200 with response; 201 or 202 without, message says why') =>
  Type.Object({ response: Type.Optional(Type.Union([response, Type.Null()])), metadata: JknMetadata }, { description });

/** An answer without a response: code 200 done, 201 refused with the reason. */
export const JknDone = Type.Object(
  { response: Type.Optional(Type.Null()), metadata: JknMetadata },
  { description: 'code 200 done; 201 refused, message says why' },
);

export const JknRefusal = (description: string) => Type.Object({ response: Type.Optional(Type.Null()), metadata: JknMetadata }, { description });

export const JknCredentials = Type.Object({
  'x-username': Type.String({ minLength: 1, maxLength: 100, description: 'JKN_WS_USERNAME' }),
  'x-password': Type.String({ minLength: 1, maxLength: 200, description: 'JKN_WS_PASSWORD' }),
});

export const JknTokenHeaders = Type.Object({
  'x-token': Type.String({ minLength: 1, maxLength: 2000, description: 'The token of GET /api/jkn/token' }),
  'x-username': Type.String({ minLength: 1, maxLength: 100, description: 'JKN_WS_USERNAME' }),
});

export const JknToken = Type.Object({ token: Type.String(), expired: Type.Integer({ description: 'When it stops answering: epoch milliseconds' }) });

const Kodepoli = Type.String({ pattern: '^[A-Z0-9]{1,10}$', description: "BPJS's poli code (HFIS), as in bpjs_poli" });
const Kodedokter = Type.Integer({ minimum: 1, description: "BPJS's doctor code (HFIS), as in bpjs_dokter" });
const Jampraktek = Type.String({ pattern: '^[0-9]{2}:[0-9]{2}-[0-9]{2}:[0-9]{2}$', description: 'The session, HH:mm-HH:mm' });
const Kodebooking = Type.String({ pattern: '^[A-Za-z0-9-]{1,40}$', description: 'The kodebooking of ambilantrean' });

export const StatusAntreanRequest = Type.Object(
  { kodepoli: Kodepoli, kodedokter: Kodedokter, tanggalperiksa: IsoDate, jampraktek: Jampraktek },
  { additionalProperties: false },
);
export type StatusAntreanRequest = Static<typeof StatusAntreanRequest>;

const Quota = {
  sisakuotajkn: Type.Integer(),
  kuotajkn: Type.Integer(),
  sisakuotanonjkn: Type.Integer(),
  kuotanonjkn: Type.Integer(),
};

export const StatusAntrean = Type.Object({
  namapoli: Type.String(),
  namadokter: Type.String(),
  totalantrean: Type.Integer({ description: 'Seats taken in the session, every channel' }),
  sisaantrean: Type.Integer({ description: 'Patients still waiting' }),
  antreanpanggil: Type.String({ description: 'The number called last (kodepoli-N), or - before the first call' }),
  ...Quota,
  keterangan: Type.String(),
});

export const AmbilAntreanRequest = Type.Object(
  {
    nomorkartu: Type.String({ pattern: '^[0-9]{13}$', description: 'The BPJS card number' }),
    nik: Type.String({ pattern: '^[0-9]{16}$' }),
    nohp: Text(30),
    kodepoli: Kodepoli,
    norm: Type.Optional(Type.String({ maxLength: 12, description: 'The medical record number, when Mobile JKN knows it' })),
    tanggalperiksa: IsoDate,
    kodedokter: Kodedokter,
    jampraktek: Jampraktek,
    jeniskunjungan: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(4)], {
      description: '1 rujukan FKTP, 2 rujukan internal, 3 kontrol, 4 rujukan antar RS',
    }),
    nomorreferensi: Type.String({ pattern: '^[0-9A-Za-z]{6,30}$' }),
  },
  { additionalProperties: false },
);
export type AmbilAntreanRequest = Static<typeof AmbilAntreanRequest>;

export const AmbilAntrean = Type.Object({
  nomorantrean: Type.String(),
  angkaantrean: Type.Integer(),
  kodebooking: Type.String(),
  norm: Type.String(),
  namapoli: Type.String(),
  namadokter: Type.String(),
  estimasidilayani: Type.Integer({ description: 'Epoch milliseconds' }),
  ...Quota,
  keterangan: Type.String(),
});

export const KodebookingRequest = Type.Object({ kodebooking: Kodebooking }, { additionalProperties: false });
export type KodebookingRequest = Static<typeof KodebookingRequest>;

export const SisaAntrean = Type.Object({
  nomorantrean: Type.String(),
  namapoli: Type.String(),
  namadokter: Type.String(),
  sisaantrean: Type.Integer({ description: 'Patients ahead' }),
  antreanpanggil: Type.String(),
  waktutunggu: Type.Integer({ description: 'Seconds until the estimated call' }),
  keterangan: Type.String(),
});

export const BatalAntreanRequest = Type.Object({ kodebooking: Kodebooking, keterangan: Text(200, { minLength: 1 }) }, { additionalProperties: false });
export type BatalAntreanRequest = Static<typeof BatalAntreanRequest>;

export const CheckinAntreanRequest = Type.Object(
  { kodebooking: Kodebooking, waktu: Type.Integer({ minimum: 0, description: 'Epoch milliseconds' }) },
  { additionalProperties: false },
);
export type CheckinAntreanRequest = Static<typeof CheckinAntreanRequest>;

export const PasienBaruRequest = Type.Object(
  {
    nomorkartu: Type.String({ pattern: '^[0-9]{13}$' }),
    nik: Type.String({ pattern: '^[0-9]{16}$' }),
    nomorkk: Type.String({ pattern: '^[0-9]{16}$' }),
    nama: Text(100, { minLength: 1 }),
    jeniskelamin: Type.Union([Type.Literal('L'), Type.Literal('P')]),
    tanggallahir: IsoDate,
    nohp: Text(30),
    alamat: Text(200, { minLength: 1 }),
    kodeprop: Text(10),
    namaprop: Text(60),
    kodedati2: Text(10),
    namadati2: Text(60),
    kodekec: Text(10),
    namakec: Text(60),
    kodekel: Text(15),
    namakel: Text(60),
    rw: Text(5),
    rt: Text(5),
  },
  { additionalProperties: false },
);
export type PasienBaruRequest = Static<typeof PasienBaruRequest>;

export const PasienBaru = Type.Object({ norm: Type.String() });

export const JadwalOperasiRsRequest = Type.Object({ tanggalawal: IsoDate, tanggalakhir: IsoDate }, { additionalProperties: false });
export const JadwalOperasiPasienRequest = Type.Object({ nopeserta: Type.String({ pattern: '^[0-9]{13}$' }) }, { additionalProperties: false });

export const JadwalOperasi = Type.Object({
  list: Type.Array(
    Type.Object({
      kodebooking: Type.String(),
      tanggaloperasi: Type.String(),
      jenistindakan: Type.String(),
      kodepoli: Type.String(),
      namapoli: Type.String(),
      terlaksana: Type.Integer(),
      nopeserta: Type.Optional(Type.String()),
      lastupdate: Type.Optional(Type.Integer()),
    }),
  ),
});

export const AntreanFarmasi = Type.Object({
  jenisresep: Type.String({ description: 'racikan or non racikan' }),
  nomorantrean: Type.String(),
  keterangan: Type.String(),
});

export const StatusAntreanFarmasi = Type.Object({
  jenisresep: Type.String(),
  totalantrean: Type.Integer(),
  sisaantrean: Type.Integer(),
  antreanpanggil: Type.String(),
  keterangan: Type.String(),
});

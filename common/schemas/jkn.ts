// The hospital's web service for Mobile JKN (BPJS Antrean Online v2, "WS RS"; docs/bpjs.md), in
// BPJS's envelope: { response, metadata: { message, code } }. code 200 done, 201 refused with the
// reason in message, 202 the patient is not known yet and must first register (pasienbaru).
import { Type, type TSchema } from 'typebox';

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

// The requests as Mobile JKN sends them, as loose as the catalogue's own examples (BPJS Antrean
// Online v2, WS RS; the same examples as public implementations quote them, e.g. SIMRS Khanza's
// webapps/api-bpjsfktl/index.php, which reads every field as text): numbers may come as strings
// and the other way round, norm may be null or empty, and a field the catalogue does not name is
// let through. What a value must be is checked after the schema, in server/jkn/input.ts, and a
// value that is not answered with code 201 and the reason, as BPJS's and Khanza's services answer.
const Scalar = (description: string, maxLength = 60) => Type.Union([Type.String({ maxLength }), Type.Integer()], { description });
const Kodepoli = Scalar("BPJS's poli code (HFIS), as in bpjs_poli", 10);
const Kodedokter = Scalar("BPJS's doctor code (HFIS), as in bpjs_dokter: a number, or its digits as a string", 20);
const Tanggal = (description: string) => Type.String({ maxLength: 20, description: `${description}, YYYY-MM-DD` });
const Jampraktek = Type.String({ maxLength: 20, description: 'The session, HH:mm-HH:mm' });
const Kodebooking = Scalar('The kodebooking of ambilantrean', 40);
const Kartu = Scalar('The BPJS card number: 13 digits', 20);
const Nik = Scalar('The NIK: 16 digits', 20);
/** Fields of the catalogue's examples Mobile JKN may leave empty or null. */
const Optional = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));

export const StatusAntreanRequest = Type.Object({
  kodepoli: Kodepoli,
  kodedokter: Kodedokter,
  tanggalperiksa: Tanggal('The visit day'),
  jampraktek: Jampraktek,
});

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

export const AmbilAntreanRequest = Type.Object({
  nomorkartu: Kartu,
  nik: Nik,
  nohp: Scalar('The mobile number', 30),
  kodepoli: Kodepoli,
  norm: Optional(Scalar('The medical record number, when Mobile JKN knows it (null or empty when not)', 12)),
  tanggalperiksa: Tanggal('The visit day'),
  kodedokter: Kodedokter,
  jampraktek: Jampraktek,
  jeniskunjungan: Scalar('1 rujukan FKTP, 2 rujukan internal, 3 kontrol, 4 rujukan antar RS', 2),
  nomorreferensi: Scalar('The referral or control letter number', 40),
});

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

export const KodebookingRequest = Type.Object({ kodebooking: Kodebooking });

export const SisaAntrean = Type.Object({
  nomorantrean: Type.String(),
  namapoli: Type.String(),
  namadokter: Type.String(),
  sisaantrean: Type.Integer({ description: 'Patients ahead' }),
  antreanpanggil: Type.String(),
  waktutunggu: Type.Integer({ description: 'Seconds until the estimated call' }),
  keterangan: Type.String(),
});

export const BatalAntreanRequest = Type.Object({
  kodebooking: Kodebooking,
  keterangan: Type.String({ maxLength: 400, description: "Why, in the patient's words" }),
});

export const CheckinAntreanRequest = Type.Object({ kodebooking: Kodebooking, waktu: Scalar('When the patient checked in: epoch milliseconds', 20) });

const Words = (maxLength: number) => Optional(Type.String({ maxLength }));
export const PasienBaruRequest = Type.Object({
  nomorkartu: Kartu,
  nik: Nik,
  nomorkk: Scalar('The family card number: 16 digits', 20),
  nama: Type.String({ maxLength: 100 }),
  jeniskelamin: Type.String({ maxLength: 1, description: 'L or P' }),
  tanggallahir: Tanggal('The birth date'),
  nohp: Scalar('The mobile number', 30),
  alamat: Type.String({ maxLength: 200 }),
  kodeprop: Optional(Scalar('', 10)),
  namaprop: Words(60),
  kodedati2: Optional(Scalar('', 10)),
  namadati2: Words(60),
  kodekec: Optional(Scalar('', 10)),
  namakec: Words(60),
  kodekel: Optional(Scalar('', 15)),
  namakel: Words(60),
  rw: Optional(Scalar('', 5)),
  rt: Optional(Scalar('', 5)),
});

/** A pasienbaru as server/jkn/input.ts has read it: every field checked, texts trimmed, empty where not given. */
export interface PasienBaruRequest {
  nomorkartu: string;
  nik: string;
  nomorkk: string;
  nama: string;
  jeniskelamin: 'L' | 'P';
  tanggallahir: string;
  nohp: string;
  alamat: string;
  kodeprop: string;
  namaprop: string;
  kodedati2: string;
  namadati2: string;
  kodekec: string;
  namakec: string;
  kodekel: string;
  namakel: string;
  rw: string;
  rt: string;
}

export const PasienBaru = Type.Object({ norm: Type.String() });

export const JadwalOperasiRsRequest = Type.Object({ tanggalawal: Tanggal('The first day'), tanggalakhir: Tanggal('The last day') });
export const JadwalOperasiPasienRequest = Type.Object({ nopeserta: Kartu });

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

// The BPJS Antrean outbox as the hospital's staff read it (docs/bpjs.md): what waits, what was
// sent, what BPJS refused and why, and what cannot go until a code is mapped.
import { Type, type Static } from 'typebox';
import { NStr, Nullable, Str } from './fields.ts';

export const BPJS_STATUSES = ['waiting', 'sent', 'refused', 'unmapped', 'failed', 'held'] as const;

export const BpjsStatus = Type.Union(
  BPJS_STATUSES.map((s) => Type.Literal(s)),
  {
    description:
      'waiting: to be sent (again, after a failure: see dicoba); sent: BPJS answered code 200; refused: BPJS answered another code (not retried); unmapped: a clinic or doctor without its BPJS code (not sent); failed: no answer by the last attempt; held: a JKN add without the NIK or card number BPJS requires (not sent)',
  },
);
export type BpjsStatus = (typeof BPJS_STATUSES)[number];

export const BpjsQuery = Type.Object(
  {
    status: Type.Optional(BpjsStatus),
    limit: Type.Optional(Type.String({ pattern: '^([1-9][0-9]{0,2}|1000)$', description: 'Rows, newest first: 1 to 1000; 100 unless given' })),
  },
  { additionalProperties: false },
);
export type BpjsQuery = Static<typeof BpjsQuery>;

export const BpjsRowId = Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,15}$', description: 'The id of the list' }) });
export type BpjsRowId = Static<typeof BpjsRowId>;

export const BpjsRow = Type.Object({
  id: Type.Integer(),
  kodebooking: Str(),
  no_reg: Str("The appointment it reports; a schedule's row: jadwal/{kd_dep}/{kd_dr}"),
  endpoint: Type.Union(
    [Type.Literal('add'), Type.Literal('updatewaktu'), Type.Literal('batal'), Type.Literal('farmasi/add'), Type.Literal('jadwaldokter/updatejadwaldokter')],
    { description: 'POST {BPJS_ANTREAN_URL}/antrean/{endpoint}; jadwaldokter/updatejadwaldokter at {BPJS_ANTREAN_URL}/jadwaldokter/updatejadwaldokter' },
  ),
  taskid: Nullable(
    Type.Integer({
      description:
        'updatewaktu: 3 check-in, 4 called, 5 done, 6 pharmacy starts, 7 medicine ready, 99 absent (skipped, or never called by the end of the visit day)',
    }),
  ),
  status: BpjsStatus,
  alasan: NStr("Why: BPJS's message, the missing code, the last error, or the earlier row it waits for"),
  kode_bpjs: Nullable(Type.Integer({ description: "BPJS's metadata.code, when it answered" })),
  percobaan: Type.Integer({ description: 'Attempts since it was queued or last retried' }),
  dibuat: Str('ISO 8601, WIB (+07:00)'),
  terkirim: NStr('ISO 8601, WIB (+07:00): when BPJS took it'),
  dicoba: NStr('ISO 8601, WIB (+07:00): a waiting row is tried then (or as soon as the rows before it are through)'),
  isi: Type.Record(Type.String(), Type.Unknown(), { description: 'The request body as it is (or was) sent' }),
});
export type BpjsRow = Static<typeof BpjsRow>;

export const BpjsHfisQuery = Type.Object(
  {
    tanggal: Type.Optional(
      Type.String({
        pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$',
        format: 'date',
        description: 'The practice date whose schedule is compared (YYYY-MM-DD); today unless given',
      }),
    ),
  },
  { additionalProperties: false },
);
export type BpjsHfisQuery = Static<typeof BpjsHfisQuery>;

export const BpjsHfisFinding = Type.Object({
  jenis: Type.Union([Type.Literal('poli'), Type.Literal('dokter'), Type.Literal('jadwal')]),
  kode: Str('The BPJS code (a poli, a doctor), or for a session: kodepoli kodedokter HH:mm-HH:mm'),
  status: Type.Union(
    [Type.Literal('ok'), Type.Literal('tidak dikenal'), Type.Literal('berbeda'), Type.Literal('tidak ada di BPJS'), Type.Literal('tidak ada di RS')],
    {
      description:
        "ok; tidak dikenal: a mapped code BPJS's reference lacks; berbeda: hours or capacity differ; tidak ada di BPJS / di RS: a session one side lacks",
    },
  ),
  keterangan: Str('What differs, naming our kd_dep and kd_dr'),
});
export type BpjsHfisFinding = Static<typeof BpjsHfisFinding>;

export const BpjsDashboardQuery = Type.Object(
  {
    tanggal: Type.Optional(Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', format: 'date', description: 'One day (YYYY-MM-DD); or bulan and tahun' })),
    bulan: Type.Optional(Type.String({ pattern: '^(0[1-9]|1[0-2])$', description: 'A month, 01–12, with tahun' })),
    tahun: Type.Optional(Type.String({ pattern: '^20[0-9]{2}$', description: 'The year of bulan' })),
    waktu: Type.Optional(
      Type.Union([Type.Literal('rs'), Type.Literal('server')], {
        description: "Whose clock the times are by: rs (the hospital's, the default) or server (BPJS's)",
      }),
    ),
  },
  { additionalProperties: false },
);
export type BpjsDashboardQuery = Static<typeof BpjsDashboardQuery>;

export const BpjsDashboardRow = Type.Record(Type.String(), Type.Unknown(), {
  description:
    "A row of BPJS's dashboard as BPJS answers it: per poli and day, the number of visits (jumlah_antrean) and the waiting times of each task (waktu_task1 … 7, avg_waktu_task1 … 7, in seconds)",
});

export const BpjsReconcileBody = Type.Object(
  { tanggal: Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', format: 'date', description: 'The visit date to compare (YYYY-MM-DD)' }) },
  { additionalProperties: false },
);
export type BpjsReconcileBody = Static<typeof BpjsReconcileBody>;

export const BpjsDifference = Type.Object({
  kodebooking: Str(),
  kurang: Type.Array(Type.Integer(), { description: 'Task ids the outbox says BPJS took that BPJS does not hold' }),
  lebih: Type.Array(Type.Integer(), { description: 'Task ids BPJS holds that this server never sent (another sender, or BPJS itself)' }),
});

export const BpjsReconciliation = Type.Object({
  tanggal: Str('The visit date compared'),
  diperiksa: Type.Integer({ description: "The day's kodebookings BPJS took, each asked with antrean/getlisttask" }),
  selisih: Type.Array(BpjsDifference, { description: 'Those whose task ids differ; empty when BPJS holds what the outbox sent' }),
});

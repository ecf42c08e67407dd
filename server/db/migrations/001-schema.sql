-- The patient API's schema. Column names follow the hospital's field names (docs/product.md §3).
-- Runs on PostgreSQL 15 and on PGlite (PostgreSQL 18): nothing newer than 15.

CREATE TABLE patients (
  nomr           text PRIMARY KEY,
  nama           text NOT NULL,
  jenis_kelamin  text NOT NULL CHECK (jenis_kelamin IN ('L', 'P')),
  tgl_lahir      date NOT NULL,
  pastipe        text NOT NULL,
  alamat         text NOT NULL,
  no_jaminan     text,
  telp_hp        text
);

-- Self-registrations waiting for verification at the registration counter.
CREATE TABLE registrations (
  id            bigserial PRIMARY KEY,
  nama          text NOT NULL,
  no_ktp        text NOT NULL UNIQUE,
  tempat_lahir  text NOT NULL,
  tgl_lahir     date NOT NULL,
  telp_hp       text NOT NULL,
  email         text NOT NULL,
  pekerjaan     text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE clinics (
  kd_dep  text PRIMARY KEY,
  ds_dep  text NOT NULL
);

CREATE TABLE doctors (
  kd_dr            text PRIMARY KEY,
  nama_dr          text NOT NULL,
  nama_dr_lengkap  text NOT NULL,
  foto             text NOT NULL DEFAULT '',
  spesialis        text NOT NULL
);
CREATE INDEX doctors_spesialis ON doctors (lower(spesialis));

-- A weekly practice: one doctor, one clinic, one weekday (1 Senin … 7 Minggu), one session.
CREATE TABLE practice_schedules (
  id           serial PRIMARY KEY,
  kd_dr        text NOT NULL REFERENCES doctors,
  kd_dep       text NOT NULL REFERENCES clinics,
  hari         smallint NOT NULL CHECK (hari BETWEEN 1 AND 7),
  jam_dtg      text NOT NULL,
  jam_plg      text NOT NULL,
  sts_jam      text NOT NULL,
  sts_ue       text NOT NULL,
  batas_quota  integer NOT NULL CHECK (batas_quota >= 0),
  UNIQUE (kd_dr, kd_dep, hari, sts_jam)
);
CREATE INDEX practice_schedules_dep_hari ON practice_schedules (kd_dep, hari);

-- One dated session of a weekly practice. quota_terisi counts every booking of the session,
-- the counter's as well as the app's; the app's conditional update on it is what prevents
-- overbooking.
CREATE TABLE practice_sessions (
  schedule_id   integer NOT NULL REFERENCES practice_schedules,
  tgl           date NOT NULL,
  batas_quota   integer NOT NULL CHECK (batas_quota >= 0),
  quota_terisi  integer NOT NULL DEFAULT 0 CHECK (quota_terisi >= 0),
  PRIMARY KEY (schedule_id, tgl),
  CHECK (quota_terisi <= batas_quota)
);

CREATE TABLE appointments (
  id          bigserial PRIMARY KEY,
  nomr        text NOT NULL REFERENCES patients,
  schedule_id integer NOT NULL REFERENCES practice_schedules,
  tgl_janji   date NOT NULL,
  kd_dep      text NOT NULL,
  kd_dr       text NOT NULL,
  sts_jam     text NOT NULL,
  sts_ue      text NOT NULL,
  carabayar   text NOT NULL CHECK (carabayar IN ('B', 'P')),
  hp          text NOT NULL,
  no_urut     integer NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (nomr, schedule_id, tgl_janji),
  UNIQUE (schedule_id, tgl_janji, no_urut)
);
CREATE INDEX appointments_nomr_tgl ON appointments (nomr, tgl_janji);

-- Outpatient (jenis 'poli') and online consultation (jenis 'online') visits.
CREATE TABLE visits (
  no_reg      text PRIMARY KEY,
  no_mr       text NOT NULL REFERENCES patients,
  jenis       text NOT NULL CHECK (jenis IN ('poli', 'online')),
  tgl_reg     date NOT NULL,
  kd_dep      text NOT NULL REFERENCES clinics,
  kd_dr       text NOT NULL REFERENCES doctors,
  no_urut     integer,
  pas_baru    text NOT NULL DEFAULT 'N',
  ds_pastipe  text NOT NULL,
  resume      text,
  inap        text NOT NULL DEFAULT 'N'
);
CREATE INDEX visits_no_mr ON visits (no_mr, jenis, tgl_reg DESC);

CREATE TABLE inpatient_stays (
  no_reg              text PRIMARY KEY,
  no_mr               text NOT NULL REFERENCES patients,
  tgl_reg             date NOT NULL,
  tgl_masuk           date NOT NULL,
  tgl_pulang          date,
  tgl_keluar          date,
  ds_kmr              text NOT NULL,
  kd_bed_from         text NOT NULL,
  ds_bed_from         text NOT NULL,
  status              text NOT NULL,
  diagnosis_primer    text NOT NULL,
  diagnosis_sekunder  text
);
CREATE INDEX inpatient_stays_no_mr ON inpatient_stays (no_mr, tgl_masuk DESC);

-- Catheterization (jenis 'kath') and surgery (jenis 'bedah'), scheduled or done.
CREATE TABLE procedures (
  no_reg          text PRIMARY KEY,
  no_mr           text NOT NULL REFERENCES patients,
  jenis           text NOT NULL CHECK (jenis IN ('kath', 'bedah')),
  tanggal         date NOT NULL,
  tindakan        text NOT NULL,
  kd_dr           text NOT NULL REFERENCES doctors,
  kd_dr_anestesi  text REFERENCES doctors,
  selesai         boolean NOT NULL DEFAULT false
);
CREATE INDEX procedures_no_mr ON procedures (no_mr, jenis, tanggal);

CREATE TABLE lab_orders (
  no_lab     text PRIMARY KEY,
  no_mr      text NOT NULL REFERENCES patients,
  tgl_prksa  timestamp NOT NULL
);
CREATE INDEX lab_orders_no_mr ON lab_orders (no_mr, tgl_prksa DESC);

CREATE TABLE lab_results (
  no_lab        text NOT NULL REFERENCES lab_orders,
  seq           integer NOT NULL,
  test_nm       text NOT NULL,
  hasil         text NOT NULL,
  unit          text,
  flag          text,
  ref_range     text,
  status        text,
  test_comment  text,
  PRIMARY KEY (no_lab, seq)
);

CREATE TABLE vascular_reports (
  id            bigserial PRIMARY KEY,
  no_reg        text,
  no_mr         text NOT NULL REFERENCES patients,
  tgl_periksa   date NOT NULL,
  diagnosa      text,
  asal_rujukan  text,
  pengirim      text,
  teknisi       text
);
CREATE INDEX vascular_reports_no_mr ON vascular_reports (no_mr, tgl_periksa DESC);

CREATE TABLE vascular_findings (
  report_id  bigint NOT NULL REFERENCES vascular_reports,
  seq        integer NOT NULL,
  access     text NOT NULL,
  kanan      text,
  kiri       text,
  PRIMARY KEY (report_id, seq)
);

-- Today's queues, kept up to date by the hospital's systems.
CREATE TABLE clinic_queue (
  no_reg     text PRIMARY KEY,
  no_mr      text NOT NULL REFERENCES patients,
  tgl_janji  date NOT NULL,
  kd_dep     text NOT NULL REFERENCES clinics,
  kd_dr      text NOT NULL REFERENCES doctors,
  no_urut    integer NOT NULL,
  status     text NOT NULL DEFAULT 'menunggu',
  called_at  timestamptz
);
CREATE INDEX clinic_queue_no_mr ON clinic_queue (no_mr, tgl_janji);

CREATE TABLE pharmacy_queue (
  no_antrian   text NOT NULL,
  tgl_layanan  date NOT NULL,
  no_mr        text NOT NULL REFERENCES patients,
  status_obat  text NOT NULL,
  PRIMARY KEY (tgl_layanan, no_antrian)
);
CREATE INDEX pharmacy_queue_no_mr ON pharmacy_queue (no_mr, tgl_layanan);

-- Sessions: only a hash of the opaque token is stored.
CREATE TABLE sessions (
  token_hash    text PRIMARY KEY,
  nomr          text NOT NULL REFERENCES patients,
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_seen_at  timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  revoked_at    timestamptz
);
CREATE INDEX sessions_nomr ON sessions (nomr);

CREATE TABLE push_registrations (
  id          bigserial PRIMARY KEY,
  nomr        text NOT NULL REFERENCES patients,
  token       text NOT NULL UNIQUE,
  kind        text NOT NULL CHECK (kind IN ('fcm', 'webpush')),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_registrations_nomr ON push_registrations (nomr);

-- Notifications the hospital asked to send; the push senders work through this table.
CREATE TABLE notifications (
  id          bigserial PRIMARY KEY,
  nomr        text NOT NULL REFERENCES patients,
  title       text NOT NULL,
  body        text NOT NULL,
  url         text,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_nomr ON notifications (nomr, created_at DESC);

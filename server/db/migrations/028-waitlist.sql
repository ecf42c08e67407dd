-- The waiting list of a full dated session, and the offers of a freed seat (docs/leave.md).

-- A patient waiting for a seat: the booking they would make, and the hold they were told of.
CREATE TABLE waitlist (
  id              bigserial PRIMARY KEY,
  nomr            text NOT NULL REFERENCES patients,
  schedule_id     integer NOT NULL REFERENCES practice_schedules,
  tgl             date NOT NULL,
  carabayar       text NOT NULL CHECK (carabayar IN ('B', 'P')),
  hp              text NOT NULL,
  jeniskunjungan  smallint,
  nomorreferensi  text,
  hold_minutes    integer NOT NULL CHECK (hold_minutes BETWEEN 1 AND 1440),
  -- waiting, offered a seat, took it, left, let the offer lapse, the session was closed
  status          text NOT NULL DEFAULT 'menunggu' CHECK (status IN ('menunggu', 'ditawari', 'diambil', 'keluar', 'lewat', 'ditutup')),
  created_at      timestamptz NOT NULL DEFAULT now(),
  ended_at        timestamptz
);
-- Once in a session's line at a time.
CREATE UNIQUE INDEX waitlist_active ON waitlist (nomr, schedule_id, tgl) WHERE status IN ('menunggu', 'ditawari');
-- The line, first come first.
CREATE INDEX waitlist_line ON waitlist (schedule_id, tgl, id) WHERE status = 'menunggu';

-- A freed seat held for one patient of the line until expires_at. While open it is counted in
-- the session's quota_terisi, so nobody else can book it. `seat` names the freed seat and stays
-- with it as it passes down the line: one open offer per seat, and one offer per waiting entry,
-- whatever number of server processes free, sweep and accept at once.
CREATE SEQUENCE seat_offers_seat_seq;
CREATE TABLE seat_offers (
  id           bigserial PRIMARY KEY,
  seat         bigint NOT NULL,
  waitlist_id  bigint NOT NULL UNIQUE REFERENCES waitlist,
  schedule_id  integer NOT NULL,
  tgl          date NOT NULL,
  expires_at   timestamptz NOT NULL,
  -- open, taken (booked), lapsed, released (left, or the session closed)
  status       text NOT NULL DEFAULT 'terbuka' CHECK (status IN ('terbuka', 'diambil', 'lewat', 'dilepas')),
  no_reg       text,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX seat_offers_one_open ON seat_offers (seat) WHERE status = 'terbuka';
CREATE INDEX seat_offers_due ON seat_offers (expires_at) WHERE status = 'terbuka';

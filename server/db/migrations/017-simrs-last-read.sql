-- What the hospital's system (SIMRS) last answered for a patient's history, one row per patient
-- and call: while that system cannot be reached the call answers it, saying when it was read
-- (server/connector/last-read.ts). Not written with SIMRS=local, whose records are these tables.
CREATE TABLE simrs_last_read (
  nomr text NOT NULL,
  call text NOT NULL,
  data jsonb NOT NULL,
  read_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (nomr, call)
);

-- The doctors' sessions and pharmacy queues that open live streams follow, polled in the hospital's
-- system by one process at a time (server/connector/poll.ts): each process renews the keys its
-- streams follow (watched_until); a poll claims the due ones (SKIP LOCKED), moves due_at on, and
-- announces a key whose mark (a digest of its rows there) changed.
CREATE TABLE simrs_watch (
  key text PRIMARY KEY,
  watched_until timestamptz NOT NULL,
  due_at timestamptz NOT NULL DEFAULT now(),
  mark text
);
CREATE INDEX simrs_watch_due ON simrs_watch (due_at);

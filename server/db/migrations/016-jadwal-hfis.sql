-- A doctor's weekly clinic schedule changed through the internal call (docs/bpjs.md, HFIS): BPJS's
-- jadwaldokter/updatejadwaldokter is queued in the outbox, one row per change under the doctor's
-- and clinic's own key (kodebooking 'jadwal/{kd_dep}/{kd_dr}'), sent in order; unlike a visit's
-- add, task or cancel, that key takes many rows.
ALTER TABLE bpjs_antrean DROP CONSTRAINT IF EXISTS bpjs_antrean_endpoint_check;
ALTER TABLE bpjs_antrean ADD CONSTRAINT bpjs_antrean_endpoint_check
  CHECK (endpoint IN ('add', 'updatewaktu', 'batal', 'farmasi/add', 'jadwaldokter/updatejadwaldokter'));
DROP INDEX IF EXISTS bpjs_antrean_once;
CREATE UNIQUE INDEX bpjs_antrean_once ON bpjs_antrean (kodebooking, endpoint, coalesce(taskid, 0))
  WHERE endpoint <> 'jadwaldokter/updatejadwaldokter';

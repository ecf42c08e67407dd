-- A clinic booking joins its day's clinic queue under its own number (no_reg, no_urut) when it is
-- made; before, only the hospital's feed and the demo seed wrote queue rows. Active clinic
-- appointments of today and later that have none get theirs now.
INSERT INTO clinic_queue (no_reg, no_mr, tgl_janji, kd_dep, kd_dr, sts_jam, no_urut)
SELECT a.no_reg, a.nomr, a.tgl_janji, a.kd_dep, a.kd_dr, a.sts_jam, a.no_urut
  FROM appointments a
 WHERE a.jenis = 'poli' AND a.cancelled_at IS NULL AND a.tgl_janji >= (now() AT TIME ZONE 'Asia/Jakarta')::date
   AND NOT EXISTS (SELECT 1 FROM clinic_queue cq WHERE cq.no_reg = a.no_reg);

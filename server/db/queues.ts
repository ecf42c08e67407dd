// Today's clinic and pharmacy queues as the hospital's systems change them: each change and the
// patient's notification are written in one transaction.
import type { PharmacyChange } from '../../common/schemas/internal.ts';
import { becomesReady, calledNotification, readyNotification } from '../domain/queues.ts';
import type { Db } from './client.ts';
import { enqueueIn, type Enqueued } from './push.ts';

/** A clinic queue number of today is called; null when there is no such entry today. */
export async function callClinicQueue(db: Db, no_reg: string, today: string): Promise<Enqueued | null> {
  return db.tx(async (q) => {
    const [row] = await q.query<{ no_mr: string; no_urut: number; ds_dep: string }>(
      `UPDATE clinic_queue cq SET status = 'dipanggil', called_at = now()
         FROM clinics c
        WHERE cq.no_reg = $1 AND cq.tgl_janji = $2 AND c.kd_dep = cq.kd_dep
       RETURNING cq.no_mr, cq.no_urut, c.ds_dep`,
      [no_reg, today],
    );
    return row ? enqueueIn(q, calledNotification(row)) : null;
  });
}

/** A pharmacy queue entry of today changes status; null when there is no such entry today. */
export async function setPharmacyStatus(db: Db, no_antrian: string, status_obat: string, today: string): Promise<PharmacyChange | null> {
  return db.tx(async (q) => {
    const [row] = await q.query<{ no_mr: string; status_obat: string }>(
      'SELECT no_mr, status_obat FROM pharmacy_queue WHERE no_antrian = $1 AND tgl_layanan = $2 FOR UPDATE',
      [no_antrian, today],
    );
    if (!row) return null;
    await q.query('UPDATE pharmacy_queue SET status_obat = $3 WHERE no_antrian = $1 AND tgl_layanan = $2', [no_antrian, today, status_obat]);
    if (!becomesReady(row.status_obat, status_obat)) return { notified: null };
    return { notified: await enqueueIn(q, readyNotification(row.no_mr, no_antrian)) };
  });
}

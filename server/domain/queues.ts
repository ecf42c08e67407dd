// The two queue events the hospital's systems report, each changing what the home cards show
// and queueing the patient's notification in the same transaction.
import type { Db } from '../db/client.ts';
import { enqueueIn, type Enqueued } from '../push/queue.ts';

export const CALLED_TITLE = 'Nomor antrian Anda dipanggil';
export const READY_TITLE = 'Obat Anda siap diambil';
/** The pharmacy status that means the medicine can be collected. */
export const READY_STATUS = 'Siap diambil';

const isReady = (status: string | null | undefined) => status?.trim().toLowerCase() === READY_STATUS.toLowerCase();

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
    if (!row) return null;
    return enqueueIn(q, {
      nomr: row.no_mr,
      title: CALLED_TITLE,
      body: `${row.ds_dep}, nomor antrian ${row.no_urut}. Silakan menuju ruang periksa.`,
      url: '/home',
    });
  });
}

export interface PharmacyChange {
  /** The notification, when this change made the medicine ready. */
  notified: Enqueued | null;
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
    // Only the change to ready buzzes the phone; repeating it does not buzz again.
    if (!isReady(status_obat) || isReady(row.status_obat)) return { notified: null };
    const notified = await enqueueIn(q, {
      nomr: row.no_mr,
      title: READY_TITLE,
      body: `Nomor antrian farmasi ${no_antrian}. Silakan ambil obat Anda di loket farmasi.`,
      url: '/home',
    });
    return { notified };
  });
}

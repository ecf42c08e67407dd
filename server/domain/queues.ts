// The queue events the hospital's systems report, and what the patient's phone is told.
import type { NotifyRequest } from '../../common/schemas/internal.ts';
import { HOME } from '../../common/routes.ts';
import { pharmacyStage, READY_STATUS } from '../../common/pharmacy.ts';

export const CALLED_TITLE = 'Nomor antrian Anda dipanggil';
const READY_TITLE = 'Obat Anda siap diambil';
/** The pharmacy status that means the medicine can be collected. */
export { READY_STATUS };

const isReady = (status: string | null | undefined) => pharmacyStage(status) === 'ready';

/** Only the change to ready buzzes the phone; repeating it does not buzz again. */
export const becomesReady = (before: string, after: string): boolean => isReady(after) && !isReady(before);

export const calledNotification = (called: { no_mr: string; no_urut: number; ds_dep: string }): NotifyRequest => ({
  nomr: called.no_mr,
  title: CALLED_TITLE,
  body: `${called.ds_dep}, nomor antrian ${called.no_urut}. Silakan menuju ruang periksa.`,
  url: HOME,
});

/** Sent once per visit, when the patients ahead first come down to the threshold. */
export const nearNotification = (e: { no_mr: string; no_urut: number; ds_dep: string; ahead: number }): NotifyRequest => ({
  nomr: e.no_mr,
  title: `Antrian Anda tinggal ${e.ahead} lagi`,
  body: `${e.ds_dep}, nomor antrian ${e.no_urut}. Silakan bersiap di dekat ruang periksa.`,
  url: HOME,
});

export const readyNotification = (nomr: string, no_antrian: string): NotifyRequest => ({
  nomr,
  title: READY_TITLE,
  body: `Nomor antrian farmasi ${no_antrian}. Silakan ambil obat Anda di loket farmasi.`,
  url: HOME,
});

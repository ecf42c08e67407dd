// The pharmacy queue's statuses as the hospital's pharmacy writes them (status_obat is free text):
// the two the app tells apart by colour and words, compared ignoring case and spaces around.

/** The medicine can be collected: the phone is told once (server), the card shows it green. */
export const READY_STATUS = 'Siap diambil';
/** The medicine is being prepared. */
const PREPARING_STATUS = 'Sedang disiapkan';

export type PharmacyStage = 'ready' | 'preparing' | 'other';

const same = (a: string | null | undefined, b: string) => a?.trim().toLowerCase() === b.toLowerCase();

export function pharmacyStage(status: string | null | undefined): PharmacyStage {
  if (same(status, READY_STATUS)) return 'ready';
  if (same(status, PREPARING_STATUS)) return 'preparing';
  return 'other';
}

// The reasons a patient gives for cancelling (decisions: managing appointments): the cancel dialog lists them, the
// cancel schema accepts them. A file of their own, so the schema reads them without importing
// booking.ts, which reads the schemas' types (that closed a circle), and no other chunk carries them.

/** As the dialog lists them; 'Lainnya' asks for words. */
export const CANCEL_REASONS = ['Sudah sembuh', 'Tidak bisa datang', 'Ganti jadwal', 'Lainnya'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];
export const OTHER_REASON: CancelReason = 'Lainnya';

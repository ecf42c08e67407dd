// The hospital's fixed codes (docs/product.md §3, §5 and §9) and the text rule of every field a client
// writes. Plain values, no schema library: the app imports them, and what it imports ships to
// the phone.

// The occupation codes live in a file of their own (occupations.ts), not re-exported here: the
// registration form imports them alone, and the signed-in core, which imports these codes, does
// not carry them (nor, through them, the registration screen's chunk the core's).

/** Path values of the 13 specialty buttons (docs/product.md §2), with the 'Cardiologi' spellings. */
export const SPECIALTIES = [
  'Kardiologi',
  'Anak',
  'Bedah',
  'Bedah Dewasa',
  'Bedah Anak',
  'Gizi',
  'Gigi',
  'Penyakit Dalam',
  'Rehabilitasi',
  'Syaraf',
  'Cardiologi Pediatrik',
  'Pulmonologi & Respirasi (Paru)',
  'Cardiologi Pediatrik (Purnabakti)',
] as const;

export type Specialty = (typeof SPECIALTIES)[number];

/** Clinic whose patients may only pay Non BPJS (docs/product.md §5). */
export const EXECUTIVE_CLINIC = '20012';
/** Quota entry meaning "no practice that day" (docs/product.md §5, docs/decisions.md D19). */
export const NO_PRACTICE_CODE = 301;

/** The JSON Schema format name of free text (common/schemas/fields.ts). */
export const FREE_TEXT = 'free-text';

/** What free text may hold: common/text.ts (the format's one rule, for the app and the server). */
export { isFreeText } from '../text.ts';

// The hospital's fixed codes (spec sections 3, 5 and 9) and the text rule of every field a client
// writes. Plain values, no schema library: the app imports them, and what it imports ships to
// the phone.

// The occupation codes live in a file of their own (occupations.ts), not re-exported here: the
// registration form imports them alone, and the signed-in core, which imports these codes, does
// not carry them (nor, through them, the registration screen's chunk the core's).

/** Path values of the 13 specialty buttons (spec section 2), with the 'Cardiologi' spellings. */
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

/** Clinic whose patients may only pay Non BPJS (spec section 5). */
export const EXECUTIVE_CLINIC = '20012';
/** Quota entry meaning "no practice that day" (spec section 5, decisions 19). */
export const NO_PRACTICE_CODE = 301;

/** The JSON Schema format name of free text (common/schemas/fields.ts). */
export const FREE_TEXT = 'free-text';

/**
 * What free text may not hold: C0 and C1 control characters, and the bidirectional marks,
 * embeddings, overrides and isolates that make a name display other than it is stored
 * ("Trojan Source", CVE-2021-42574) on the counter's screens and in the audit log.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose
const UNSAFE_TEXT = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

export const isFreeText = (value: string): boolean => !UNSAFE_TEXT.test(value);

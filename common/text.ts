// What free text may hold: a name, a place, a reason, an address, a code. It reaches the
// registration counter's screens, BPJS and the audit log, so it must display as it is stored:
// no control characters, nothing invisible, nothing that reorders the text around it, no pile of
// combining marks that draws over the lines above and below. Every script's letters, accents,
// apostrophes, dots, hyphens and emoji stay allowed. One rule for the app and the server (the
// schemas' `free-text` format, common/schemas/fields.ts); the server stores text in Unicode
// normal form C (NFC), so 'Dewí' typed as i + combining acute is kept as the one letter í.

/**
 * Never in free text:
 * - C0 and C1 control characters, and line and paragraph separators (U+2028, U+2029);
 * - format characters (Cf): the bidirectional marks, embeddings, overrides and isolates that make
 *   text display other than it is stored ("Trojan Source", CVE-2021-42574), the Arabic letter mark
 *   U+061C, zero-width space and joiners U+200B-U+200D, word joiner U+2060 and the invisible
 *   operators, soft hyphen U+00AD, Mongolian vowel separator U+180E, BOM U+FEFF, the interlinear
 *   annotation marks U+FFF9-U+FFFB, the tag characters U+E0001-U+E007F;
 * - lone surrogates (not text at all);
 * - the Hangul fillers U+115F, U+1160, U+3164, U+FFA0 and the braille blank U+2800, which draw
 *   nothing and make a "name" that looks empty, and the invisible marks U+034F (grapheme joiner),
 *   U+17B4, U+17B5 and the Mongolian variation selectors U+180B-U+180D, U+180F.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\p{Cf}\p{Cs}\u115f\u1160\u3164\uffa0\u2800]|\u034f|\u17b4|\u17b5|\u180b|\u180c|\u180d|\u180f/u;

/** More than two combining marks on one letter (after NFC: é is one letter, not e + ´). */
const STACKED_MARKS = /[\p{Mn}\p{Me}]{3}/u;

/** A combining mark with no letter before it draws over whatever the screen shows before the field. */
const LEADING_MARK = /^\p{M}/u;

export type TextProblem = 'invisible' | 'stacked-marks';

/** What is wrong with a piece of free text, judged in NFC as the server stores it; null when it is fine. */
export function freeTextProblem(value: string): TextProblem | null {
  const text = value.normalize('NFC');
  if (INVISIBLE.test(text)) return 'invisible';
  if (STACKED_MARKS.test(text) || LEADING_MARK.test(text)) return 'stacked-marks';
  return null;
}

export const isFreeText = (value: string): boolean => freeTextProblem(value) === null;

/** Every string in a request's body, query or parameters, in NFC (objects and arrays walked). */
export function normalizeStrings<T>(value: T): T {
  if (typeof value === 'string') return value.normalize('NFC') as T;
  if (Array.isArray(value)) return value.map(normalizeStrings) as T;
  if (value && typeof value === 'object' && (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null)) {
    for (const [key, inner] of Object.entries(value)) (value as Record<string, unknown>)[key] = normalizeStrings(inner);
  }
  return value;
}

// A registration's reference (docs/product.md §2, after the saved message): what a new patient
// shows at the registration counter, reads aloud or lets it scan, and types with their birth date
// to look the registration up. Random, never a sequence, so one reference tells nothing of
// another's; from letters and digits that cannot be mistaken for each other when read aloud or
// written by hand (no 0/O, 1/I/L, 2/Z, 5/S, 8/B).
export const REFERENCE_ALPHABET = '34679ACDEFGHJKMNPQRTUVWXY';
export const REFERENCE_LENGTH = 6;
export const REFERENCE_PATTERN = `^REG-[${REFERENCE_ALPHABET}]{${REFERENCE_LENGTH}}$`;

/** 'reg 7k3q9m', 'REG-7K3Q9M', '7K3Q9M' are all read as 'REG-7K3Q9M'; anything else as typed. */
export function normalReference(typed: string): string {
  const compact = typed.toUpperCase().replace(/[\s-]/g, '');
  const code = compact.startsWith('REG') ? compact.slice(3) : compact;
  return code.length === REFERENCE_LENGTH ? `REG-${code}` : typed.trim();
}

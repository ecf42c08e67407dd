// How record fields are shown (docs/product.md §3 and §5): missing values as N/A, N flags as Tidak.

export const NA = 'N/A';

export function show(value: unknown): string {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return NA;
  return String(value);
}

/** pas_baru and inap: 'N' means no, anything else yes. */
export function yesNo(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return NA;
  return value === 'N' ? 'Tidak' : 'Ya';
}

/** The specialty buttons show 'Kardiologi …' where the path value spells 'Cardiologi …' (docs/product.md §2). */
export function specialtyLabel(spesialis: string): string {
  return spesialis.replace(/^Cardiologi\b/, 'Kardiologi');
}

/**
 * Where a clinic examines, as far as the hospital says: 'Ruang Periksa 3, Lantai 1', the room or
 * the floor alone, or '' where it says neither (then nothing is shown; nothing is made up).
 */
export function clinicPlace(c: { ruang?: string | null; lantai?: string | null }): string {
  const floor = c.lantai?.trim();
  return [c.ruang?.trim(), floor && (/^lantai\b/i.test(floor) ? floor : `Lantai ${floor}`)].filter(Boolean).join(', ');
}

/** A clinic's name as a title: 'POLI KARDIOLOGI DEWASA' is shown 'Poli Kardiologi Dewasa'. */
export function clinicTitle(ds_dep: string): string {
  return ds_dep.toLowerCase().replace(/(^|[\s(/&-])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase());
}

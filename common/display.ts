// How record fields are shown (docs/product.md §3 and §5): missing values as N/A (values.ts shows
// the fields themselves), a clinic's name and place.

export const NA = 'N/A';

/** The specialty buttons show 'Kardiologi …' where the path value spells 'Cardiologi …' (docs/product.md §2). */
export function specialtyLabel(spesialis: string): string {
  return spesialis.replace(/^Cardiologi\b/, 'Kardiologi');
}

/**
 * Where a clinic examines, as far as the hospital says: 'Ruang Periksa 3, Lantai 1', the room or
 * the floor alone, or '' where it says neither (then nothing is shown; nothing is made up).
 */
export const clinicPlace = (c: { ruang?: string | null; lantai?: string | null }): string =>
  [c.ruang, c.lantai && `Lantai ${c.lantai}`].filter(Boolean).join(', ');

/** A clinic's name as a title: 'POLI KARDIOLOGI DEWASA' is shown 'Poli Kardiologi Dewasa'. */
export function clinicTitle(ds_dep: string): string {
  return ds_dep.toLowerCase().replace(/(^|[\s(/&-])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase());
}

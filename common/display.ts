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

/** A clinic's name as a title: 'POLI KARDIOLOGI DEWASA' is shown 'Poli Kardiologi Dewasa'. */
export function clinicTitle(ds_dep: string): string {
  return ds_dep.toLowerCase().replace(/(^|[\s(/&-])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase());
}

// A record's field values as shown (docs/product.md §3 and §5): missing as N/A, N flags as Tidak. Apart from display.ts, which the code every signed-in screen
// loads holds: only the record, profile and booking screens use these.
import { NA } from './display.ts';

export function show(value: unknown): string {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return NA;
  return String(value);
}

/** pas_baru and inap: 'N' means no, anything else yes. */
export function yesNo(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return NA;
  return value === 'N' ? 'Tidak' : 'Ya';
}

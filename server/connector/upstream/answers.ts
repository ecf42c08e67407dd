// Reading the answers of the hospital's API of docs/product.md §7 (SIMRS=upstream): its values as
// texts and numbers whatever JSON type they came in, its lists and objects under `data`, and the
// histories' rows checked against this API's schemas of them.
import type { Static, TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { isTrue } from './client.ts';

export type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
export const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
export const nstr = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null);
export const int = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?[0-9]+$/.test(v.trim()) ? Number(v) : Number.NaN;
  return Number.isInteger(n) ? n : null;
};
/** The list under data of a §7 answer; a status false, or no list, is an empty one. */
export const listOf = (body: unknown): Obj[] => (isObj(body) && isTrue(body.status) && Array.isArray(body.data) ? body.data.filter(isObj) : []);
export const dataOf = (body: unknown): Obj | null => (isObj(body) && isTrue(body.status) && isObj(body.data) ? body.data : null);

/**
 * The histories as the hospital answers them, in §7's field names, each row checked against this
 * API's schema of it: a row that does not match (a field missing, a wrong type) is left out rather
 * than handed to the app and the record export.
 */
const checkers = new Map<TSchema, { Check: (v: unknown) => boolean }>();
export function rowsOf<T extends TSchema>(schema: T, rows: Obj[]): Static<T>[] {
  const check = checkers.get(schema) ?? Compile(schema);
  checkers.set(schema, check);
  return rows.filter((r) => check.Check(r)) as Static<T>[];
}

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
 * than handed to the app and the record export. A list nested in a row (a lab order's results, a
 * vascular report's findings) is checked item by item first: a malformed result (only its name)
 * is left out alone, and the order keeps its other results (a high cholesterol among them) instead
 * of being dropped whole.
 */
const checkers = new Map<TSchema, { Check: (v: unknown) => boolean }>();
function checker(schema: TSchema): { Check: (v: unknown) => boolean } {
  const check = checkers.get(schema) ?? Compile(schema);
  checkers.set(schema, check);
  return check;
}

/** The nested lists of objects a row schema holds, by field: the schema of their items. */
function nestedLists(schema: TSchema): Array<[string, TSchema]> {
  const properties = (schema as { properties?: Record<string, TSchema> }).properties ?? {};
  return Object.entries(properties).flatMap(([key, field]) => {
    const { type, items } = field as { type?: unknown; items?: TSchema };
    return type === 'array' && items && (items as { type?: unknown }).type === 'object' ? [[key, items] as [string, TSchema]] : [];
  });
}

/** The row with each nested list holding only its well-formed items (a copy; the answer is left as it came). */
function pruned(schema: TSchema, row: Obj): Obj {
  const lists = nestedLists(schema);
  if (!lists.length) return row;
  const out: Obj = { ...row };
  for (const [key, items] of lists) {
    const value = row[key];
    if (Array.isArray(value))
      out[key] = value
        .filter(isObj)
        .map((item) => pruned(items, item))
        .filter((item) => checker(items).Check(item));
  }
  return out;
}

export function rowsOf<T extends TSchema>(schema: T, rows: Obj[]): Static<T>[] {
  const check = checker(schema);
  return rows.map((r) => pruned(schema, r)).filter((r) => check.Check(r)) as Static<T>[];
}

// JSON schemas shared by the routes: they validate requests and feed the OpenAPI document.

export const NOMR = { type: 'string', pattern: '^[0-9]{1,12}$', description: 'medical record number' } as const;
/** YYYY-MM-DD, and a real day of the calendar (no 30 February). */
export const ISO_DATE = { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', format: 'date' } as const;

/** nomr and tgllahir as the client sends them; the token decides whose records are read. */
export const patientQuery = {
  type: 'object',
  properties: { nomr: NOMR, tgllahir: ISO_DATE },
  additionalProperties: true,
} as const;

export const failure = {
  type: 'object',
  properties: { status: { const: false }, message: { type: 'string' } },
  required: ['status', 'message'],
} as const;

export function envelope(data: object) {
  return {
    type: 'object',
    properties: { status: { const: true }, data },
    required: ['status', 'data'],
  } as const;
}

export const list = (properties: Record<string, object>) => ({
  type: 'array',
  items: { type: 'object', properties },
});

const str = { type: 'string' } as const;
const nstr = { type: ['string', 'null'] } as const;
const int = { type: 'integer' } as const;
export const fields = (names: string[], type: object = str) => Object.fromEntries(names.map((n) => [n, type]));
export { int, nstr, str };

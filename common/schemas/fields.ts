// The field types the wire shapes are built from. Request fields are strict (they are what the
// server refuses); response fields are plain strings, since they are what it sends.
import { Type, type TSchema, type TStringOptions } from 'typebox';
import Format from 'typebox/format';
import { FREE_TEXT, isFreeText } from './codes.ts';

// TypeBox checks formats from its own registry (Value.Check, Compile); the server registers the
// same function with its request validator (server/app.ts).
Format.Set(FREE_TEXT, isFreeText);

/** Any text a client writes: a name, a place, a reason, an address, a code. */
export const Text = (maxLength: number, options: TStringOptions = {}) => Type.String({ format: FREE_TEXT, maxLength, ...options });

export const Nomr = Type.String({ pattern: '^[0-9]{1,12}$', description: 'Medical record number (nomr)' });

/** YYYY-MM-DD, and a real day of the calendar (no 30 February). */
export const IsoDate = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', format: 'date', description: 'YYYY-MM-DD' });

/** A value or null: the hospital's optional columns. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const Str = (description?: string) => Type.String(description ? { description } : {});
export const NStr = (description?: string) => Nullable(Str(description));

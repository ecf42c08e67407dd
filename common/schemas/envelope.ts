// The envelope every patient call answers with (docs/decisions.md D17): { status: true, data } on
// success, { status: false, message } on a business failure or an error.
import { Type, type Static, type TSchema } from 'typebox';

const failureProperties = { status: Type.Literal(false), message: Type.String() };

export const Failure = Type.Object(failureProperties);
export type Failure = Static<typeof Failure>;

/** The failure shape, described for one status of one call in the OpenAPI document. */
export const Refusal = (description: string) => Type.Object(failureProperties, { description });

export const Success = <T extends TSchema>(data: T, description = 'Success') => Type.Object({ status: Type.Literal(true), data }, { description });

/**
 * What the client reads: docs/product.md §7 lets a hospital API spell success and failure as the
 * strings 'true' and 'false' too, and some of its answers carry a message with the data.
 */
export type Envelope<T> = { status: true | 'true'; data: T; message?: string } | (Omit<Failure, 'status'> & { status: false | 'false'; data?: unknown });

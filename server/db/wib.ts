// The one SQL spelling of an instant as the API answers it: ISO 8601 on the WIB wall clock with
// its offset (common/wib.ts, docs/decisions.md D22), read in the database whatever its own zone.
import { WIB_OFFSET } from '../../common/wib.ts';

/** A timestamptz column as text: '2026-11-26T08:00:00+07:00'; NULL stays NULL. */
export const wibText = (column: string): string => `to_char(${column} AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM-DD"T"HH24:MI:SS"${WIB_OFFSET}"')`;

// How the hospital's Nomor MR looks (NOMR_WIDTH, server/config.ts), read once per page from the
// API's public answer (common/contract.ts nomrFormat). An API without that call (a hospital's own
// §7 service) answers 404: the width is unknown, the hint names no count and the number goes as
// typed — the login works as before. Loaded lazily by the forms, so the login page's first bytes
// stay as they were; apart from the signed-in core (vite.config.ts), so home does not carry it.
import { padNomr } from '../../common/nomr.ts';
import { API } from '../../common/paths.ts';
import { apiBase } from '../api/config.ts';

/** A slow line never holds a login up for it: the server fills the zeros in too. */
const WAIT_MS = 5000;
let asked: Promise<number | null> | undefined;

/** The hospital's fixed width, or null: none, or no answer. */
export function nomrWidth(): Promise<number | null> {
  asked ??= fetch(apiBase() + API.nomrFormat, { signal: AbortSignal.timeout(WAIT_MS) })
    .then((res) => (res.ok ? res.json() : null))
    .then((body) => {
      const width = body?.data?.width;
      return Number.isInteger(width) && width > 0 ? (width as number) : null;
    })
    .catch(() => {
      // Offline or refused: asked again with the next form.
      asked = undefined;
      return null;
    });
  return asked;
}

export interface NomrFormat {
  /** The hint under the field, with the count: '8 angka, seperti di kartu berobat'. */
  hint: string;
  /** The typed number with its zeros (common/nomr.ts). */
  pad: (typed: string) => string;
}

/** The field's hint and padding where the hospital's numbers have a fixed width; null where not (the field's own hint stays). */
export const fieldFormat = async (): Promise<NomrFormat | null> => {
  const width = await nomrWidth();
  return width ? { hint: `${width} angka, seperti di kartu berobat`, pad: (typed) => padNomr(typed, width) } : null;
};

/** The typed number as the hospital writes it (common/nomr.ts): what the forms send and keep. */
export const hospitalNomr = async (typed: string): Promise<string> => padNomr(typed, await nomrWidth());

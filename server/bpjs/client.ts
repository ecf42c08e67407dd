// One request to BPJS Antrean RS: POST {base}/antrean/{endpoint} (HFIS's schedule: {base}/jadwaldokter/…), signed, with a time limit; its
// answer read into an outcome (answer.ts).
import type { BpjsConfig } from '../config.ts';
import { networkOutcome, type Outcome, outcomeOf } from './answer.ts';
import { type Endpoint, pathOf } from '../domain/bpjs-antrean.ts';
import { signedHeaders, timestampOf } from './signing.ts';

export type BpjsSend = (endpoint: Endpoint, payload: unknown) => Promise<Outcome>;

/** `now` signs the request: the real clock, whatever clock decides what is due. */
export function bpjsClient(c: Pick<BpjsConfig, 'url' | 'consId' | 'secretKey' | 'userKey' | 'timeoutMs'>, now: () => number = Date.now): BpjsSend {
  return async (endpoint, payload) => {
    const timestamp = timestampOf(now());
    try {
      const res = await fetch(`${c.url}/${pathOf(endpoint)}`, {
        method: 'POST',
        headers: { ...signedHeaders(c, timestamp), 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(c.timeoutMs),
      });
      return outcomeOf(res.status, await res.text(), c, timestamp);
    } catch (err) {
      return networkOutcome(err);
    }
  };
}

/**
 * One GET of BPJS's references (HFIS): {base}/ref/poli, /ref/dokter,
 * /jadwaldokter/kodepoli/{kodepoli}/tanggal/{tanggal}; signed, its answer decrypted.
 */
export async function bpjsGet(c: Pick<BpjsConfig, 'url' | 'consId' | 'secretKey' | 'userKey' | 'timeoutMs'>, path: string, now = Date.now()): Promise<Outcome> {
  const timestamp = timestampOf(now);
  try {
    const res = await fetch(`${c.url}/${path}`, {
      headers: { ...signedHeaders(c, timestamp), Accept: 'application/json' },
      signal: AbortSignal.timeout(c.timeoutMs),
    });
    return outcomeOf(res.status, await res.text(), c, timestamp);
  } catch (err) {
    return networkOutcome(err);
  }
}

// BPJS's web-service security, as its Antrean RS v2 documentation specifies: every request
// signed with the consumer's secret, and an answer's `response` encrypted with a key derived from
// the same secret and the request's timestamp, then compressed with lz-string. No I/O here.
import { createDecipheriv, createHash, createHmac } from 'node:crypto';
import LZString from 'lz-string';

export interface Credentials {
  consId: string;
  secretKey: string;
  userKey: string;
}

/** Seconds since the epoch, UTC, as BPJS's X-timestamp. */
export const timestampOf = (nowMs: number): string => String(Math.floor(nowMs / 1000));

/** base64(HMAC-SHA256("consid&timestamp", secret)). */
export const signature = (consId: string, secretKey: string, timestamp: string): string =>
  createHmac('sha256', secretKey).update(`${consId}&${timestamp}`).digest('base64');

/** The four headers of every request. */
export function signedHeaders(c: Credentials, timestamp: string): Record<string, string> {
  return {
    'X-cons-id': c.consId,
    'X-timestamp': timestamp,
    'X-signature': signature(c.consId, c.secretKey, timestamp),
    user_key: c.userKey,
  };
}

/**
 * An answer's `response`: AES-256-CBC with key SHA-256(consid + secret + timestamp) and the key's
 * first 16 bytes as IV, then lz-string's decompressFromEncodedURIComponent. Throws when it does
 * not decrypt (another key) or decompress.
 */
export function decryptResponse(c: Pick<Credentials, 'consId' | 'secretKey'>, timestamp: string, response: string): string {
  const key = createHash('sha256').update(`${c.consId}${c.secretKey}${timestamp}`).digest();
  const decipher = createDecipheriv('aes-256-cbc', key, key.subarray(0, 16));
  const compressed = Buffer.concat([decipher.update(response, 'base64'), decipher.final()]).toString('utf8');
  const text = LZString.decompressFromEncodedURIComponent(compressed);
  if (text === null || (text === '' && compressed !== '')) throw new Error('the response does not decompress');
  return text;
}

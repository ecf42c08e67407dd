// A push service on loopback for the senders' tests: it records each request (headers and raw
// body) and answers with the status the test sets. And a subscriber with real P-256 keys that
// decrypts what arrives, as a browser would.
import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { decrypt } from 'http_ece';

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface PushEndpoint {
  url: string;
  received: Received[];
  /** The next answers' status and body. */
  answer: (status: number, body?: string) => void;
  /** Handles a request itself (FCM's token and send calls), or null for the default answer. */
  route: (fn: ((r: Received) => { status: number; body: string } | null) | null) => void;
  close: () => Promise<void>;
}

export async function pushEndpoint(): Promise<PushEndpoint> {
  const received: Received[] = [];
  let status = 201;
  let text = '';
  let handler: ((r: Received) => { status: number; body: string } | null) | null = null;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      received.push(r);
      const custom = handler?.(r) ?? null;
      res.statusCode = custom?.status ?? status;
      res.setHeader('content-type', 'application/json');
      res.end(custom?.body ?? text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer: (s, b = '') => {
      status = s;
      text = b;
    },
    route: (fn) => {
      handler = fn;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface Subscriber {
  /** The subscription as a browser serialises it (PushSubscription.toJSON()). */
  json: string;
  decrypt: (body: Buffer) => Record<string, unknown>;
}

export function subscriber(endpoint: string): Subscriber {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  return {
    json: JSON.stringify({ endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth } }),
    decrypt: (body) => JSON.parse(decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString('utf8')),
  };
}

/** Checks an ES256 JWT (VAPID) against a base64url uncompressed P-256 public key; answers its claims. */
export function verifyVapidJwt(jwt: string, publicKey: string): Record<string, unknown> | null {
  const [h, p, s] = jwt.split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const ok = verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'));
  return ok ? JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) : null;
}

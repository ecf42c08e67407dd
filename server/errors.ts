// One error handler: a clear 4xx message for anything a client sent, a generic 5xx for our own
// faults (logged with the request id), never a stack trace in an answer.
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FREE_TEXT } from '../common/schemas/codes.ts';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const MSG = {
  badRequest: 'Permintaan tidak valid.',
  unauthorized: 'Sesi tidak valid atau telah berakhir. Silakan login kembali.',
  forbidden: 'Anda hanya dapat mengakses data Anda sendiri.',
  notFound: 'Alamat tidak ditemukan.',
  tooLarge: 'Data yang dikirim terlalu besar.',
  server: 'Terjadi gangguan pada server. Silakan coba beberapa saat lagi.',
} as const;

/**
 * Fastify's own refusals before any route (a URL that does not decode, FST_ERR_BAD_URL; a
 * parameter too long; a constraint that failed), in our body instead of Fastify's: the
 * `frameworkErrors` option of every listener.
 */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const code = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
  reply.code(code).send({ status: false, message: code === 500 ? MSG.server : MSG.badRequest });
}

const CLIENT_ERROR: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Permintaan terlalu lama. Silakan coba lagi.'],
  HPE_HEADER_OVERFLOW: [431, MSG.badRequest],
};

/**
 * A request Node's HTTP parser refuses (malformed, headers too large, a body too slow): our body,
 * not Fastify's, then the connection closes (the `clientErrorHandler` option).
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [code, message] = CLIENT_ERROR[err.code ?? ''] ?? [400, MSG.badRequest];
  const body = JSON.stringify({ status: false, message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${code} ${STATUS_CODES[code]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    // PostgreSQL's data exceptions (SQLSTATE class 22: a NUL character, a value out of range)
    // are always the request's data, never our fault.
    const code = isDataException(err) ? 400 : (err.statusCode ?? 500);
    // A part behind this API that did not answer (the hospital's system): said as such, nothing written.
    if (code === 503 && err instanceof HttpError) {
      request.log.warn({ err, reqId: request.id }, 'a system behind the API did not answer');
      return reply.code(503).send({ status: false, message: err.message });
    }
    if (code >= 500) {
      request.log.error({ err, reqId: request.id }, 'request failed');
      return reply.code(500).send({ status: false, message: MSG.server });
    }
    let message: string = err instanceof HttpError ? err.message : MSG.badRequest;
    if (err.validation) message = `${MSG.badRequest} ${validationText(err)}`;
    if (code === 413) message = MSG.tooLarge;
    if (code === 401) message = MSG.unauthorized;
    return reply.code(code).send({ status: false, message });
  });
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ status: false, message: MSG.notFound, path: request.url.split('?')[0].slice(0, 200) });
  });
}

function isDataException(err: unknown): boolean {
  const sqlState = (err as { code?: unknown }).code;
  return typeof sqlState === 'string' && /^22[0-9A-Z]{3}$/.test(sqlState);
}

export function validationText(err: FastifyError): string {
  const first = err.validation?.[0];
  if (!first) return '';
  const field = String(first.instancePath || '').replace(/^\//, '') || String(first.params?.missingProperty ?? '');
  if (!field) return '';
  if (first.keyword === 'format' && first.params?.format === FREE_TEXT) {
    return `Kolom ${field} berisi karakter tak terlihat, karakter kontrol, pengatur arah teks atau tanda diakritik bertumpuk yang tidak diizinkan.`;
  }
  return `Periksa kolom ${field}.`;
}

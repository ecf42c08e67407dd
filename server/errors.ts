// One error handler: a clear 4xx message for anything a client sent, a generic 5xx for our own
// faults (logged with the request id), never a stack trace in an answer.
import type { FastifyError, FastifyInstance } from 'fastify';
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

function validationText(err: FastifyError): string {
  const first = err.validation?.[0];
  if (!first) return '';
  const field = String(first.instancePath || '').replace(/^\//, '') || String(first.params?.missingProperty ?? '');
  if (!field) return '';
  if (first.keyword === 'format' && first.params?.format === FREE_TEXT) {
    return `Kolom ${field} berisi karakter kontrol atau pengatur arah teks yang tidak diizinkan.`;
  }
  return `Periksa kolom ${field}.`;
}

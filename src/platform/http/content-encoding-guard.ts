import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

/** Whether the request carries a body (a length above zero, or chunked). */
export function declaresBody(request: FastifyRequest): boolean {
  return request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;
}

/**
 * Refuses a request body sent with a Content-Encoding the gateway does not decode (anything but
 * `identity`): read as it is, a compressed body would be taken for garbage, or worse, for some
 * other text. 415 naming the encoding, before any body parser runs; a request without a body may
 * carry the header harmlessly.
 */
export function registerContentEncodingGuard(app: FastifyInstance): void {
  app.addHook('preParsing', (request, _reply, payload, done) => {
    const encoding = request.headers['content-encoding']?.trim().toLowerCase();
    if (encoding && encoding !== 'identity' && declaresBody(request)) {
      return done(
        new AppError(
          415,
          'unsupported_content_encoding',
          `Content-Encoding ${encoding.slice(0, 100)} is not supported: send the body uncompressed (identity)`,
        ),
      );
    }
    done(null, payload);
  });
}

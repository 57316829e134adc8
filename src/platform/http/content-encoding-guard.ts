import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

/**
 * Refuses a request body sent with a Content-Encoding the gateway does not decode (anything but
 * `identity`): read as it is, a compressed body would be taken for garbage, or worse, for some
 * other text. 415 naming the encoding, before any body parser runs; a request without a body may
 * carry the header harmlessly.
 */
export function registerContentEncodingGuard(app: FastifyInstance): void {
  app.addHook('preParsing', (request, _reply, payload, done) => {
    const encoding = request.headers['content-encoding']?.trim().toLowerCase();
    const hasBody = request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;
    if (encoding && encoding !== 'identity' && hasBody) {
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

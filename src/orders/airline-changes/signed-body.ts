import type { FastifyRequest } from 'fastify';
import { AppError, badRequest, unauthorized } from '../../platform/errors.js';
import { charsetRefusal } from '../../platform/http/body-charset.js';
import { declaresBody } from '../../platform/http/content-encoding-guard.js';
import { developmentSecretProblem } from '../../platform/notify-secrets.js';
import { signatureChecker } from './notification-signature.js';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Who signs a body pushed to us, and what it must be once authenticated. */
export interface SignedSender {
  /** The source's code: the development secret's rule and the logs name it. */
  code: string;
  /** The secret it signs with; null: nothing is taken from it (`refusedWithout` says why). */
  secret: string | null;
  refusedWithout: string;
  /** The header it signs in (`x-airline-signature`, `x-duffel-signature`). */
  header: string;
  /** The sources on this gateway's public development secret (developmentSecretSources). */
  development: ReadonlyMap<string, string>;
  /** Whether the body is of the type this route reads; 415 with `wrongType` otherwise (checkDeclaredType). */
  expectedType(request: FastifyRequest): boolean;
  wrongType: string;
  /** What the body is, in the UTF-8 refusal (`the notification`). */
  what: string;
}

/** The media type a request's `Content-Type` names, lower case without parameters (`application/xml`). */
export function mediaTypeOf(request: FastifyRequest): string {
  return (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * The first check on a pushed body, on `onRequest` before any parser and before the signature:
 * what the headers declare. A body of another type than the route reads (415
 * `unsupported_media_type`) or in a charset other than UTF-8 (415 `unsupported_charset`) is
 * refused for every caller, signed or not: the type is public (the API reference names it), so
 * the answer tells a stranger nothing, and a sender with a right signature is told what is wrong
 * instead of being refused for a signature over bytes that were never read. A request without a
 * body goes on to the signature (401 unsigned).
 */
export async function checkDeclaredType(request: FastifyRequest, sender: Pick<SignedSender, 'expectedType' | 'wrongType'>) {
  if (!declaresBody(request)) return;
  if (!sender.expectedType(request)) throw new AppError(415, 'unsupported_media_type', sender.wrongType);
  const charset = charsetRefusal(request.headers['content-type']);
  if (charset) throw charset;
}

/**
 * The check before a source's pushed body is read (an airline's NDC notification, Duffel's
 * webhook event), after checkDeclaredType: the signature over the raw bytes with the source's
 * secret (401 `invalid_signature`, nothing read further), the development secret only from this
 * machine; then, authenticated only, UTF-8 (400 `invalid_notification`). The body becomes the
 * decoded text.
 */
export async function verifySignedBody(request: FastifyRequest, sender: SignedSender): Promise<void> {
  const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  const problem = sender.secret
    ? (signatureChecker(sender.header)(request.headers[sender.header] as string | undefined, body, sender.secret, new Date()) ??
      developmentSecretProblem(sender.development, sender.code, request))
    : sender.refusedWithout;
  if (problem) {
    request.log.warn({ source: sender.code, problem }, 'signed body refused');
    throw unauthorized(problem, 'invalid_signature');
  }
  // A signed request without a body: nothing of the type this route reads.
  if (!Buffer.isBuffer(request.body)) throw new AppError(415, 'unsupported_media_type', sender.wrongType);
  try {
    request.body = utf8.decode(request.body);
  } catch {
    throw badRequest(`${sender.what} is not valid UTF-8`, 'invalid_notification');
  }
}

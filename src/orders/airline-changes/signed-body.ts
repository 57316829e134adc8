import type { FastifyRequest } from 'fastify';
import { AppError, badRequest, unauthorized } from '../../platform/errors.js';
import { charsetRefusal } from '../../platform/http/body-charset.js';
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
  /** Whether the authenticated body is of the type this route reads; 415 with `wrongType` otherwise. */
  expectedType(request: FastifyRequest): boolean;
  wrongType: string;
  /** What the body is, in the UTF-8 refusal (`the notification`). */
  what: string;
}

/**
 * The one check before a source's pushed body is read (an airline's NDC notification, Duffel's
 * webhook event): the signature over the raw bytes with the source's secret (401
 * `invalid_signature`, nothing read further), the development secret only from this machine;
 * then, authenticated only, the content type (415), its charset and UTF-8 (400
 * `invalid_notification`). The body becomes the decoded text.
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
  // Only now, authenticated, is the caller told what it sent wrong.
  if (!Buffer.isBuffer(request.body) || !sender.expectedType(request))
    throw new AppError(415, 'unsupported_media_type', sender.wrongType);
  const charset = charsetRefusal(request.headers['content-type']);
  if (charset) throw charset;
  try {
    request.body = utf8.decode(request.body);
  } catch {
    throw badRequest(`${sender.what} is not valid UTF-8`, 'invalid_notification');
  }
}

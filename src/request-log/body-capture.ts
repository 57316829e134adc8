import type { FastifyReply, FastifyRequest } from 'fastify';
import { storedNameOf } from '../platform/http/compression.js';
import { receivedJsonBody } from '../platform/http/json-body-parser.js';
import type { BodyCapture } from './body-render.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The answer's body as the route serialized it, before compression (set by the request log's onSend hook). */
    sentPayload: unknown;
  }
}

/** A logged request's two bodies as captured, or WRITER_BEHIND when the log held too many already. */
export type CapturedBodies = { request: BodyCapture; response: BodyCapture } | typeof WRITER_BEHIND;

/** In place of the bodies of a request recorded while the writer was behind (storage slow or down). */
export const WRITER_BEHIND = Object.freeze({ behind: true as const });

function headerText(value: ReturnType<FastifyReply['getHeader']>): string | undefined {
  if (typeof value === 'string') return value;
  return Array.isArray(value) ? value[0] : undefined;
}

/** Said in place of a successful answer of a route that declares `answerLogged: 'noted'` (route-policy.ts). */
export const REFERENCE_ANSWER_NOTE = 'not recorded: reference data, answered again by the same request';

/**
 * The bodies of a finished request, as references to what it already had: the JSON it sent, as
 * it arrived (json-body-parser.ts keeps the bytes; a body another parser read is its parsed form),
 * and the answer as serialized, before any compression. Nothing is copied or read here.
 *
 * None for a successful answer of a route that notes its answers (public reference data, all GETs
 * with no body): nothing is kept or written, and the read (body-service.ts) answers the note from
 * the logged request and its route. An error answer is kept whatever the route declares: it says
 * what the client got wrong.
 */
export function capturedBodies(request: FastifyRequest, reply: FastifyReply): CapturedBodies | undefined {
  if (request.routeOptions.config.answerLogged === 'noted' && reply.statusCode < 300) return undefined;
  return {
    request: { payload: receivedJsonBody(request) ?? request.body, contentType: request.headers['content-type'] },
    response: {
      payload: request.sentPayload,
      contentType: headerText(reply.getHeader('content-type')),
      storedName: storedNameOf(reply),
    },
  };
}

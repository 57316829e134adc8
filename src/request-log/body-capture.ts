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

/**
 * The bodies of a finished request, as references to what it already had: the JSON it sent, as
 * it arrived (json-body-parser.ts keeps the bytes; a body another parser read is its parsed form),
 * and the answer as serialized, before any compression. Nothing is copied or read here.
 */
export function capturedBodies(request: FastifyRequest, reply: FastifyReply): CapturedBodies {
  return {
    request: { payload: receivedJsonBody(request) ?? request.body, contentType: request.headers['content-type'] },
    response: {
      payload: request.sentPayload,
      contentType: headerText(reply.getHeader('content-type')),
      storedName: storedNameOf(reply),
    },
  };
}

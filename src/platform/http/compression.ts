import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import type { Counter } from 'prom-client';
import { compress } from './compression-codecs.js';
import { negotiateEncoding, type Coding } from './compression-negotiation.js';
import { StoredForms, type StoredName } from './compression-stored.js';

/** Answers smaller than this go as they are: below about a kilobyte a coding saves less than it costs. */
export const COMPRESSION_MIN_BYTES = 1024;

// The compressed forms of named stored bytes (searches cached in Redis) kept in this process; a
// 400 KB search answer is 20-30 KB in either coding, so this holds a few hundred answers.
const MAX_NAMED_FORM_BYTES = 16 * 1024 * 1024;

/** JSON first; text (HTML, CSS, scripts, /metrics) and SVG too. Never an event stream: see sse.ts. */
const COMPRESSIBLE =
  /^\s*(?:application\/(?:json|[\w.+-]+\+json|javascript|xml)|text\/(?!event-stream)[\w.+-]+|image\/svg\+xml)\s*(?:;|$)/i;

const storedReplies = new WeakMap<FastifyReply, { bytes: Buffer; name: StoredName }>();

/**
 * Sends bytes that are kept and sent again (a cached search, a dashboard file): each compressed form
 * of them is made once per `name` and coding and sent as stored bytes after. `name` is the Buffer
 * itself unless the bytes are read anew for each request; then a name that changes with the bytes.
 */
export function sendStored(reply: FastifyReply, bytes: Buffer, name: StoredName = bytes): FastifyReply {
  storedReplies.set(reply, { bytes, name });
  return reply.send(bytes);
}

/** The name the reply's stored bytes were sent under (`sendStored`), when it was given one. */
export function storedNameOf(reply: FastifyReply): string | undefined {
  const name = storedReplies.get(reply)?.name;
  return typeof name === 'string' ? name : undefined;
}

/** Adds `Accept-Encoding` to the answer's Vary, unless there already or Vary is `*`. */
function varyOnAcceptEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const current = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (current.trim() === '*' || /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(current)) return;
  reply.header('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * A compressed answer is not the identity one byte for byte, so its ETag is weak (`W/"…"`): the
 * same validator for every coding of one answer, which If-None-Match compares weakly (RFC 9110
 * 13.1.2), so a client's stored copy in any coding revalidates.
 */
function weakenEtag(reply: FastifyReply): void {
  const etag = reply.getHeader('etag');
  if (typeof etag === 'string' && etag.startsWith('"')) reply.header('etag', `W/${etag}`);
}

export interface CompressionOptions {
  /** `flightagg_compressions_total{encoding, cached}`: each compression made, cached="true" for stored bytes. */
  compressions: Counter<'encoding' | 'cached'>;
}

function compressionHook({ compressions }: CompressionOptions): onSendHookHandler {
  const forms = new StoredForms(MAX_NAMED_FORM_BYTES);
  const made = (coding: Coding, bytes: Buffer, cached: boolean) => {
    compressions.inc({ encoding: coding, cached: String(cached) });
    return compress(coding, bytes, cached ? 'stored' : 'dynamic');
  };
  return async function compressAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const status = reply.statusCode;
    if (status === 304) {
      // No body, but the headers the 200 would have had: Vary, and the ETag in the coding asked for.
      varyOnAcceptEncoding(reply);
      if (negotiateEncoding(request.headers['accept-encoding']) !== 'identity') weakenEtag(reply);
      return payload;
    }
    if (status < 200 || status === 204 || reply.hasHeader('content-encoding')) return payload;
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !COMPRESSIBLE.test(type)) return payload;
    varyOnAcceptEncoding(reply);
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (Buffer.byteLength(payload) < COMPRESSION_MIN_BYTES) return payload;
    const coding = negotiateEncoding(request.headers['accept-encoding']);
    if (coding === 'identity') return payload;
    const stored = storedReplies.get(reply);
    const body =
      stored && stored.bytes === payload
        ? await forms.form(stored.name, coding, () => made(coding, stored.bytes, true))
        : await made(coding, typeof payload === 'string' ? Buffer.from(payload) : payload, false);
    reply.header('content-encoding', coding);
    // Fastify sets the length from the body it writes; one a route set would be the identity's.
    reply.removeHeader('content-length');
    weakenEtag(reply);
    return body;
  };
}

/**
 * Negotiated compression of every answer (docs/operations/http.md, "Compression"): Brotli or gzip
 * as `Accept-Encoding` weighs them, for JSON and text at least COMPRESSION_MIN_BYTES long, with
 * `Vary: Accept-Encoding`; identity when the client asks for nothing. SSE streams write to the
 * socket themselves and are never compressed.
 *
 * It must see each answer last, after every other onSend hook: hooks that read the JSON (the
 * request log, test checks) run before it. Fastify runs a route's own onSend hooks after all of its
 * instance's, whenever those were added, so this is put on every route as a route hook, as the
 * route is added; it goes just before Fastify's own HEAD hook, so a HEAD's Content-Length is the
 * compressed GET's. Call before any route is added.
 */
export function registerCompression(app: FastifyInstance, options: CompressionOptions): void {
  const hook = compressionHook(options);
  app.addHook('onRoute', (route) => {
    const existing = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? [...route.onSend] : [route.onSend];
    const headHook = route.method === 'HEAD' && existing.at(-1)?.name === 'headRouteOnSendHandler' ? existing.pop() : undefined;
    route.onSend = headHook ? [...existing, hook, headHook] : [...existing, hook];
  });
}

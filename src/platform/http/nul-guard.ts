import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../errors.js';
import { firstMatch } from './json-walk.js';

// PostgreSQL cannot store U+0000 in text and answers an error, so a NUL that reached SQL would
// be a 500; one check at the edge refuses it for every route, naming the field.
const NUL = '\u0000';
const hasNul = (text: string) => text.includes(NUL);

/** The 400 for a NUL found in `field`. */
export const nulRefusal = (field: string) => badRequest(`${field} must not contain NUL characters`);

/**
 * The first place a NUL sits in a parsed JSON value, as the client would name it
 * (`passengers[0].given_name`), or null. Keys count too.
 */
export function nulFieldIn(value: unknown): string | null {
  const found = firstMatch(value, { key: hasNul, string: hasNul });
  if (!found) return null;
  if (found.at === 'value') return found.path || 'request body';
  return found.parent ? `a key of ${found.parent}` : 'a key of the request body';
}

/** A NUL in a path parameter, a query parameter (name or value) or a header value. */
function nulInRequestLine(request: FastifyRequest): string | null {
  // The URL is the only way a NUL reaches params or query: raw, or percent-encoded as %00.
  const url = request.url;
  if (url.includes('%00') || url.includes(NUL)) {
    const inParams = nulFieldIn(request.params);
    if (inParams) return inParams;
    const query = request.query as Record<string, unknown> | undefined;
    for (const [name, value] of Object.entries(query ?? {})) {
      if (name.includes(NUL)) return 'a query parameter name';
      if (nulFieldIn(value)) return name;
    }
    const path = url.split('?', 1)[0] ?? '';
    if (path.includes('%00') || path.includes(NUL)) return 'the request path';
  }
  const headers = request.headers;
  for (const name in headers) {
    const value = headers[name];
    if (typeof value === 'string' ? value.includes(NUL) : Array.isArray(value) && value.some((v) => v.includes(NUL))) {
      return `header ${name}`;
    }
  }
  return null;
}

/**
 * Refuses a NUL anywhere in the request line or headers before anything reads them: the key
 * gate, the session lookup, a handler. Bodies are checked as they are parsed (json-body-parser).
 * The common request pays two `includes` on the URL and one per header.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const field = nulInRequestLine(request);
    done(field ? nulRefusal(field) : undefined);
  });
}

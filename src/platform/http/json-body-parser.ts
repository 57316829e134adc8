import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../errors.js';
import { charsetRefusal } from './body-charset.js';
import { firstMatch } from './json-walk.js';
import { jsonSyntaxError } from './json-syntax-error.js';
import { nulFieldIn, nulRefusal } from './nul-guard.js';

export const BODY_LIMIT_BYTES = 1024 * 1024;
const MAX_DEPTH = 64;
const utf8 = new TextDecoder('utf-8', { fatal: true });
// The bytes of each JSON body as it arrived, for the request log's bodies (src/request-log/body-capture.ts).
const received = new WeakMap<FastifyRequest, Buffer>();

/** The JSON body a request sent, as its bytes arrived; undefined when it sent none. */
export const receivedJsonBody = (request: FastifyRequest): Buffer | undefined => received.get(request);

/** Keys that reach an object's prototype when code copies or merges a body: refused by name. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
// A body can spell those keys only with these letters in it, or with \u escapes.
const MAY_HOLD_PROTOTYPE_KEY = /proto|constructor|\\u/;

/** The 400 for a body holding a prototype key, naming the key and where it sits. */
function prototypeKeyIn(body: unknown) {
  const found = firstMatch(body, { key: (key) => PROTOTYPE_KEYS.has(key), string: () => false });
  if (!found) return null;
  return badRequest(
    `request body must not contain the key "${found.key}"${found.parent ? ` (in ${found.parent})` : ''}`,
    'invalid_request_body',
    { field: found.path },
  );
}

/**
 * The contract's 400 `invalid request body` for text that is not JSON, with where and what:
 * `detail` says it in a sentence, `position` gives the line, column and offset. Neither quotes
 * the body.
 */
function invalidJson(text: string) {
  const found = jsonSyntaxError(text);
  if (!found) return badRequest('invalid request body', 'invalid_request_body');
  const { line, column, offset, problem } = found;
  return badRequest('invalid request body', 'invalid_request_body', {
    detail: `not valid JSON at line ${line}, column ${column}: ${problem}`,
    position: { line, column, offset },
  });
}

/**
 * Replaces Fastify's JSON parser to refuse, each with its own sentence, what the default would
 * accept silently or answer vaguely: a charset other than UTF-8 declared in `Content-Type` (415),
 * bytes that are not UTF-8, nesting deep enough to be an
 * attack, the keys `__proto__`, `constructor` and `prototype` (naming the key), and NUL characters
 * (which PostgreSQL cannot store), naming the field.
 * An empty body counts as no body, so optional bodies work with any client.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: BODY_LIMIT_BYTES },
    (request, buffer: Buffer, done) => {
      if (buffer.length === 0) return done(null, undefined);
      received.set(request, buffer);
      const charset = charsetRefusal(request.headers['content-type']);
      if (charset) return done(charset);
      let text: string;
      try {
        text = utf8.decode(buffer);
      } catch {
        return done(badRequest('request body is not valid UTF-8', 'invalid_request_body'));
      }
      if (nestingDepth(text) > MAX_DEPTH) {
        return done(badRequest(`request body is nested more than ${MAX_DEPTH} levels deep`, 'invalid_request_body'));
      }
      let body: unknown;
      try {
        // JSON.parse makes `__proto__` an own key like any other (it never sets the prototype);
        // such keys are then refused by name below.
        body = JSON.parse(text);
      } catch {
        return done(invalidJson(text));
      }
      // An empty body is no body (optional bodies are then `{}`); a JSON null is not that, and
      // would be read as it: refused, so `null` never silently means "nothing set".
      if (body === null)
        return done(badRequest('request body must be a JSON object, or empty; not null', 'invalid_request_body'));
      const prototypeKey = MAY_HOLD_PROTOTYPE_KEY.test(text) ? prototypeKeyIn(body) : null;
      if (prototypeKey) return done(prototypeKey);
      // JSON cannot carry a raw NUL inside a string, only the escape `\u0000`: bodies without
      // that text (nearly all) skip the walk.
      const nulField = text.includes('\\u0000') ? nulFieldIn(body) : null;
      if (nulField) return done(nulRefusal(nulField));
      done(null, body);
    },
  );
}

/** Deepest bracket nesting outside strings; one pass, no recursion. */
function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) deepest = Math.max(deepest, ++depth);
    else if (c === 125 || c === 93) depth--;
  }
  return deepest;
}

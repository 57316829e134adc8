import { isDeepStrictEqual } from 'node:util';
import type { TObject, TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { badRequest } from '../errors.js';

/**
 * Former spellings of fields (docs/versioning.md, "Current deprecations"): the API's own fields
 * are snake_case, and a field first published in camelCase (`createdAt`) keeps working under that
 * name for the deprecation period. One place does it for every route:
 *
 * - a schema lists its fields by their names and says which of them had a former spelling
 *   (`withFormerSpellings`); the former one is added beside it, `deprecated: true`, naming its
 *   replacement, so /openapi.json documents both;
 * - a response carries both spellings with the same value (the handler writes the new one);
 * - a request body or query string may use either; the new one wins, and both given with different
 *   values is a 400 naming the field; a request that used a former spelling is answered with
 *   `Deprecation` and `Link: <docs>; rel="deprecation"` (RFC 9745).
 */

/** When the former spellings were deprecated (the CHANGELOG's `Deprecated` line), as RFC 9745 writes it. */
export const FORMER_SPELLINGS_DEPRECATED_AT = '@1795910400';

type Schema = Record<string, unknown>;
const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `created_at` → `createdAt`. */
export const camelSpelling = (name: string): string => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * The object schema with each field of `renamed` (named by its snake_case name) also under its
 * former camelCase spelling: optional, the same type, `deprecated: true` and naming its
 * replacement. The static type is the schema's own: handlers write the new names only.
 */
export function withFormerSpellings<T extends TObject>(schema: T, renamed: readonly (keyof T['properties'] & string)[]): T {
  const aliases: Record<string, TSchema> = {};
  for (const name of renamed) {
    const current = schema.properties[name];
    const former = camelSpelling(name);
    if (!current || former === name) throw new Error(`withFormerSpellings: ${name} is not a snake_case field of the schema`);
    const text = `Deprecated: the former spelling of \`${name}\`, sent and read during the deprecation period (docs/versioning.md); use \`${name}\`.`;
    aliases[former] = { ...current, deprecated: true, description: text } as TSchema;
  }
  return { ...schema, properties: { ...schema.properties, ...aliases } };
}

/** A field's new name and its former spelling. */
type Pair = readonly [current: string, former: string];

/** The pairs an object schema declares: a deprecated field whose snake_case form is a sibling. */
function pairsOf(schema: Schema): Pair[] {
  if (!isSchema(schema.properties)) return [];
  const properties = schema.properties;
  return Object.entries(properties).flatMap(([name, value]) => {
    if (!isSchema(value) || value.deprecated !== true) return [];
    const current = name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    return current !== name && current in properties ? [[current, name] as const] : [];
  });
}

/** Every pair declared anywhere in a (response) schema, each once. */
function deepPairsOf(schema: unknown, found = new Map<string, Pair>(), seen = new WeakSet<object>()): Map<string, Pair> {
  if (typeof schema !== 'object' || schema === null || seen.has(schema)) return found;
  seen.add(schema);
  if (isSchema(schema)) for (const pair of pairsOf(schema)) found.set(pair.join(' '), pair);
  for (const value of Object.values(schema)) deepPairsOf(value, found, seen);
  return found;
}

/**
 * Moves former spellings in a request body or query onto the new names. True when one was used.
 * Both given and different is a 400 naming the field.
 */
function readFormerSpellings(values: unknown, pairs: readonly Pair[], where: string): boolean {
  if (!isSchema(values)) return false;
  let used = false;
  for (const [current, former] of pairs) {
    if (!Object.hasOwn(values, former)) continue;
    used = true;
    if (Object.hasOwn(values, current)) {
      if (!isDeepStrictEqual(values[current], values[former])) {
        throw badRequest(
          `${where} ${current} and its former spelling ${former} differ; send ${current} only`,
          'invalid_request',
          {
            field: current,
          },
        );
      }
    } else values[current] = values[former];
    delete values[former];
  }
  return used;
}

const MAX_DEPTH = 32;

/** Writes each new name's value under its former spelling too, at every depth of a response payload. */
function writeFormerSpellings(value: unknown, pairs: readonly Pair[], seen: WeakSet<object>, depth = 0): void {
  if (typeof value !== 'object' || value === null || seen.has(value) || depth > MAX_DEPTH) return;
  seen.add(value);
  if (Array.isArray(value)) {
    for (const item of value) writeFormerSpellings(item, pairs, seen, depth + 1);
    return;
  }
  const record = value as Schema;
  for (const [current, former] of pairs) {
    if (Object.hasOwn(record, current) && !Object.hasOwn(record, former)) record[former] = record[current];
  }
  for (const inner of Object.values(record)) writeFormerSpellings(inner, pairs, seen, depth + 1);
}

const hooksOf = (hooks: unknown): unknown[] => (Array.isArray(hooks) ? hooks : hooks ? [hooks] : []);

/**
 * Adds, to every route whose schemas declare former spellings, the hooks that read them from the
 * request and write them into the response. Register at the root before any route.
 * `documentation` is the page the `Link` header names.
 */
export function registerFormerSpellings(app: FastifyInstance, documentation: string): void {
  const link = `<${documentation}>; rel="deprecation"; type="text/html"`;
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = (route.schema ?? {}) as Schema;
    const bodyPairs = isSchema(schema.body) ? pairsOf(schema.body) : [];
    const query = schema.querystring ?? schema.query;
    const queryPairs = isSchema(query) ? pairsOf(query) : [];
    const responsePairs = [...deepPairsOf(schema.response).values()];
    if (bodyPairs.length > 0 || queryPairs.length > 0) {
      const read = async (request: FastifyRequest, reply: FastifyReply) => {
        const usedInQuery = readFormerSpellings(request.query, queryPairs, 'query parameters');
        const usedInBody = readFormerSpellings(request.body, bodyPairs, 'fields');
        if (usedInQuery || usedInBody) {
          reply.header('Deprecation', FORMER_SPELLINGS_DEPRECATED_AT);
          reply.header('Link', link);
        }
      };
      route.preValidation = [read, ...hooksOf(route.preValidation)] as RouteOptions['preValidation'];
    }
    if (responsePairs.length > 0) {
      const write = async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
        // The renamed fields are the success answer's: an error body (request_id, field) keeps its own names.
        if (reply.statusCode >= 300) return payload;
        writeFormerSpellings(payload, responsePairs, new WeakSet());
        return payload;
      };
      route.preSerialization = [...hooksOf(route.preSerialization), write] as RouteOptions['preSerialization'];
    }
  });
}

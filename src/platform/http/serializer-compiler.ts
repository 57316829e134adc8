import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { compiledOnce, compilerContext } from './compiled-schemas.js';

type SerializerFactory = ReturnType<typeof SerializerSelector>;

/**
 * Fastify's own response serializer compiler (fast-json-stringify), compiling each distinct
 * response schema once. Fastify compiles one serializer per route and status at start, and most
 * of them are copies: every GET route has its HEAD twin with the same schemas, the order schema
 * answers several routes, and each route builds its own copies of the same error bodies. Each
 * serializer keeps its generated source and code, so the copies cost heap for as long as the
 * process runs, and their compilation was start time spent for nothing.
 *
 * Two schemas are the same when their JSON text is, for this app and every other app of the
 * process (compiled-schemas.ts). Compilation still happens at start for every schema not seen
 * before: a schema that cannot be compiled stops the start as before.
 */
export function sharedSerializerFactory(): SerializerFactory {
  const build = SerializerSelector();
  return (externalSchemas, options) => {
    const compile = build(externalSchemas, options);
    const context = compilerContext('serializer', externalSchemas, options);
    return (route) => compiledOnce(context, 'response', route.schema, () => compile(route));
  };
}

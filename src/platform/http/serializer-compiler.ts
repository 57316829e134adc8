import { createHash } from 'node:crypto';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type SerializerFactory = ReturnType<typeof SerializerSelector>;
type Serializer = ReturnType<ReturnType<SerializerFactory>>;

/**
 * Fastify's own response serializer compiler (fast-json-stringify), compiling each distinct
 * response schema once. Fastify compiles one serializer per route and status at start, and most
 * of them are copies: every GET route has its HEAD twin with the same schemas, the order schema
 * answers several routes, and each route builds its own copies of the same error bodies. Each
 * serializer keeps its generated source and code, so the copies cost heap for as long as the
 * process runs, and their compilation was start time spent for nothing.
 *
 * Two schemas are the same when their JSON text is (a digest of it is kept, not the text). A
 * serializer depends on nothing else than its schema and the compiler's shared schemas and options,
 * which Fastify hands to each compiler, so the reuse is per compiler. Compilation still happens at
 * start for every route: a schema that cannot be compiled stops the start as before.
 */
export function sharedSerializerFactory(): SerializerFactory {
  const build = SerializerSelector();
  return (externalSchemas, options) => {
    const compile = build(externalSchemas, options);
    const bySchema = new Map<string, Serializer>();
    return (route) => {
      const key = createHash('sha256')
        .update(JSON.stringify(route.schema) ?? '')
        .digest('base64');
      let serialize = bySchema.get(key);
      if (!serialize) {
        serialize = compile(route);
        bySchema.set(key, serialize);
      }
      return serialize;
    };
  };
}

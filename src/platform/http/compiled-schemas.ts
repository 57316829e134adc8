import { createHash } from 'node:crypto';

/**
 * Compiled request validators and response serializers, kept for the process: a schema compiles
 * once however many routes and apps use it. Every app of one process is built by the same code
 * with the same compiler options and shared schemas, so a second app (a test file's, the cluster
 * harness's in-process instances, the dashboard beside the API) finds each of its schemas compiled
 * already; compiling them again was half of what building an app cost.
 *
 * A compiled function depends on its schema, the shared schemas Fastify hands the compiler and the
 * compiler's options, nothing else: the key is a digest of the JSON text of all three (functions in
 * the options, which JSON leaves out, are the same code in every app). The functions are pure but
 * for a validator's `errors`, which Fastify reads right after each call, as it does for a validator
 * of one route.
 */
const compiled = new Map<string, unknown>();

const digest = (text: string) => createHash('sha256').update(text).digest('base64');

/** The key of a compiler's context: the shared schemas and options one app handed it. */
export function compilerContext(kind: string, externalSchemas: unknown, options: unknown): string {
  return `${kind}:${digest(JSON.stringify([externalSchemas ?? null, options ?? null]))}`;
}

/** The function compiled for `schema` in `context` (and `part`), compiled now if it is the first. */
export function compiledOnce<T>(context: string, part: string, schema: unknown, compile: () => T): T {
  const key = `${context}:${part}:${digest(JSON.stringify(schema) ?? '')}`;
  let fn = compiled.get(key) as T | undefined;
  if (fn === undefined) {
    fn = compile();
    compiled.set(key, fn);
  }
  return fn;
}

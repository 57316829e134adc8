import type { TSchema } from '@sinclair/typebox';

/** Named example bodies of one operation, as OpenAPI's `examples` map. */
export type RequestExamples = Record<string, { summary: string; value: unknown }>;

/** Builds an operation's example bodies for the moment the description is served. */
export type RequestExampleFactory = (now: Date) => RequestExamples;

// A symbol, not a schema keyword: ajv and the serializer never see it, only the description does.
const EXAMPLES = Symbol('requestExamples');

/**
 * A body schema with example requests for the docs page and generated clients. They are built
 * when /openapi.json is served, from that moment's date, so a departure date in an example is
 * never in the past (openapi-schemas.ts puts them in).
 */
export function withExamples<T extends TSchema>(schema: T, examples: RequestExampleFactory): T {
  return Object.assign({ ...schema }, { [EXAMPLES]: examples });
}

export function examplesOf(schema: unknown): RequestExampleFactory | undefined {
  return typeof schema === 'object' && schema !== null ? (schema as { [EXAMPLES]?: RequestExampleFactory })[EXAMPLES] : undefined;
}

/** The calendar date `days` after `now` (UTC), as YYYY-MM-DD. */
export function dateAhead(now: Date, days: number): string {
  return new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

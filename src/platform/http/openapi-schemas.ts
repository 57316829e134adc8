import { closedSchema } from './strict-body.js';

type Schema = Record<string, unknown>;

/**
 * How @fastify/swagger names the shared schemas it lifts into `components.schemas`: by their
 * TypeBox `$id` (`Offer`, `Order`, `ErrorBody`), so a generated client's types have the names the
 * guides use. Its default is `def-0`, `def-1`, ... (kept for a schema without an `$id`).
 */
export const componentSchemaNames = {
  buildLocalReference(json: { $id?: unknown }, _baseUri: unknown, _fragment: unknown, i: number): string {
    return typeof json.$id === 'string' ? json.$id : `def-${i}`;
  },
};

const SUCCESS_TEXT: Record<string, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted' };

/**
 * What a route's schema says in /openapi.json, beyond what it says to the validator:
 * - a response whose whole body is a named schema (`SeatMap`, `OrderQuote`, an aviation envelope)
 *   is wrapped in a one-item `allOf`, so the swagger plugin lifts it into `components.schemas` and
 *   refers to it, as it does for nested ones (it inlines a named schema at the root);
 * - a JSON body is shown as strict, as the validator applies it (validator-compiler.ts): every
 *   object refuses fields it does not list.
 */
export function documentedRouteSchema({ schema, url }: { schema?: object; url: string }): { schema: object; url: string } {
  if (!isSchema(schema)) return { schema: schema ?? {}, url };
  const documented: Schema = { ...schema };
  if (isSchema(schema.body)) documented.body = closedSchema(schema.body);
  if (isSchema(schema.response)) {
    documented.response = Object.fromEntries(
      Object.entries(schema.response).map(([status, response]) => [status, namedResponse(status, response)]),
    );
  }
  return { schema: documented, url };
}

function namedResponse(status: string, response: unknown): unknown {
  if (!isSchema(response) || typeof response.$id !== 'string') return response;
  const description = typeof response.description === 'string' ? response.description : (SUCCESS_TEXT[status] ?? 'Answer');
  return { description, allOf: [response] };
}

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

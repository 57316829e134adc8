import { withCatalogueErrors } from './error-responses.js';
import { openApiPath, type OperationFacts } from './error-scopes.js';
import type { RouteAuth, RoutePolicy } from './route-policy.js';
import { declaredHeaders } from './response-headers.js';
import { examplesOf, type RequestExampleFactory } from './request-examples.js';
import { acceptsEmptyObject, closedSchema } from './strict-body.js';

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
 * What a client must send, by the route's declared authentication: the description says it from the
 * same policy the gate enforces, so an operation cannot be documented as needing a key it does not
 * need, or the reverse. The scrape endpoint (`metrics-token`) is not in the description.
 */
const SECURITY_OF: Record<RouteAuth, { [scheme: string]: string[] }[] | null> = {
  public: [],
  'api-key': [{ ApiKey: [] }],
  session: [{ SessionBearer: [] }],
  'airline-signature': [{ AirlineSignature: [] }],
  'metrics-token': null,
};

interface BodyFacts {
  examples: RequestExampleFactory | undefined;
  optional: boolean;
}

/**
 * What a route's schema says in /openapi.json, beyond what it says to the validator, for one
 * gateway: `transform` (the swagger plugin's hook, run once per route when the description is
 * first built) and `served` (run on the built description each time it is served).
 * - A response whose whole body is a named schema (`SeatMap`, `OrderQuote`, an aviation envelope)
 *   is wrapped in a one-item `allOf`, so the plugin lifts it into `components.schemas` and refers
 *   to it, as it does for nested ones (it inlines a named schema at the root).
 * - A JSON body is shown strict, as the validator applies it (validator-compiler.ts): every object
 *   refuses fields it does not list; one whose fields are all optional is not required (the
 *   plugin marks every body required).
 * - Example bodies (request-examples.ts) are built when served, so their dates are never past.
 * - Each response lists its headers (response-headers.ts), a header always sent as `required`.
 */
export function describedRoutes() {
  const bodies = new Map<string, BodyFacts>();

  function transform({ schema, url, route }: { schema?: object; url: string; route?: { config?: unknown; method?: unknown } }): {
    schema: object;
    url: string;
  } {
    if (!isSchema(schema)) return { schema: schema ?? {}, url };
    const documented: Schema = { ...schema };
    if (isSchema(schema.body)) {
      documented.body = closedSchema(schema.body);
      if (typeof schema.operationId === 'string')
        bodies.set(schema.operationId, { examples: examplesOf(schema.body), optional: acceptsEmptyObject(schema.body) });
    }
    documented.response = documentedResponses(schema, url, route);
    const policy = (route?.config ?? {}) as Partial<RoutePolicy>;
    const security = policy.auth ? SECURITY_OF[policy.auth] : null;
    if (security) documented.security = security;
    return { schema: documented, url };
  }

  /** The built description (the plugin's cached object, updated in place) with today's examples. */
  function served<T extends object>(document: T, now: Date): T {
    const paths = (document as { paths?: Record<string, Record<string, Schema>> }).paths ?? {};
    for (const item of Object.values(paths)) {
      for (const operation of Object.values(item)) {
        requiredHeadersOf(operation);
        markDeprecatedParameters(operation);
        const facts = typeof operation.operationId === 'string' ? bodies.get(operation.operationId) : undefined;
        const requestBody = operation.requestBody as { required?: boolean; content?: Record<string, Schema> } | undefined;
        if (!facts || !requestBody) continue;
        if (facts.optional) requestBody.required = false;
        const json = requestBody.content?.['application/json'];
        if (json && facts.examples) json.examples = facts.examples(now);
      }
    }
    return document;
  }

  return { transform, served };
}

/** A route as the description and the response check (response-check.ts) read it. */
export interface DescribedRoute {
  config?: unknown;
  method?: unknown;
}

/**
 * The responses the description lists for a route, by status: its own (a named one wrapped, see
 * describedRoutes), every error status and code the catalogue gives it (the gate's by the route's
 * policy, the meter's by its meter, the route's own by its operationId), and on each the headers
 * it carries (response-headers.ts). What /openapi.json says and what the response check holds
 * every answer to.
 */
export function documentedResponses(schema: Schema, url: string, route: DescribedRoute | undefined): Record<string, Schema> {
  const own = isSchema(schema.response)
    ? Object.fromEntries(Object.entries(schema.response).map(([status, response]) => [status, namedResponse(status, response)]))
    : {};
  const policy = (route?.config ?? {}) as Partial<RoutePolicy>;
  const facts: OperationFacts = {
    operationId: typeof schema.operationId === 'string' ? schema.operationId : undefined,
    method: String(route?.method ?? ''),
    path: openApiPath(url),
    auth: policy.auth,
    meter: policy.meter,
  };
  const responses = withCatalogueErrors(own, facts, policy.surface ?? 'plain') as Record<string, Schema>;
  const statuses = Object.keys(responses);
  return Object.fromEntries(
    Object.entries(responses).map(([status, response]) => {
      const codes = Array.isArray(response['x-error-codes']) ? (response['x-error-codes'] as string[]) : [];
      const headers = declaredHeaders({
        operationId: facts.operationId,
        auth: facts.auth,
        status: Number(status),
        codes,
        statuses,
      });
      return [status, { ...response, headers }];
    }),
  );
}

/** A query parameter whose schema is deprecated (a former spelling, deprecated-fields.ts) is marked so itself, as OpenAPI reads it. */
function markDeprecatedParameters(operation: Schema): void {
  if (!Array.isArray(operation.parameters)) return;
  for (const parameter of operation.parameters as unknown[]) {
    if (isSchema(parameter) && isSchema(parameter.schema) && parameter.schema.deprecated === true) parameter.deprecated = true;
  }
}

function namedResponse(status: string, response: unknown): unknown {
  if (!isSchema(response) || typeof response.$id !== 'string') return response;
  const description = typeof response.description === 'string' ? response.description : (SUCCESS_TEXT[status] ?? 'Answer');
  return { description, allOf: [response] };
}

/**
 * The plugin copies a declared response header whole into its `schema`; `required` belongs to the
 * Header Object (in a JSON Schema it would have to be a list), so it is moved there.
 */
function requiredHeadersOf(operation: Schema): void {
  const responses = isSchema(operation.responses) ? operation.responses : {};
  for (const response of Object.values(responses)) {
    const headers = isSchema(response) && isSchema(response.headers) ? response.headers : {};
    for (const header of Object.values(headers)) {
      if (!isSchema(header) || !isSchema(header.schema) || header.schema.required !== true) continue;
      delete header.schema.required;
      header.required = true;
    }
  }
}

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

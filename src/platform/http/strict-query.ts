import type { FastifyInstance, RouteOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route takes any query string and ignores what it does not read: pages and assets a
     * browser opens with whatever the address bar carries (the dashboard, the docs page and its
     * bundle, the OpenAPI document, the error reference). Every other route refuses a query
     * parameter it does not declare with a 400 naming it.
     */
    openQuery?: boolean;
  }
}

type Schema = Record<string, unknown>;
type RouteSchema = NonNullable<RouteOptions['schema']> & { querystring?: unknown; query?: unknown };

/**
 * The query schema of a route that declares none: no parameter at all. It has no properties, so
 * the OpenAPI document lists no query parameter for the route.
 */
const NO_QUERY: Schema = Object.freeze({ type: 'object', properties: {}, additionalProperties: false });

/**
 * Query strings are strict, as bodies are (validator-compiler.ts closes every query schema):
 * `GET /v1/aviation/airports?q=heathrow` answers 400 `unknown query parameter q` instead of every
 * airport. A route with no query schema gets NO_QUERY here, in one place, so a route added later
 * is strict without saying so. A route declared `config: { openQuery: true }` is left open: its
 * own query schema, if any, is marked as taking other parameters too.
 * Register before any route, at the root, so every scope inherits the hook.
 */
export function registerStrictQuery(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema = (route.schema ?? {}) as RouteSchema;
    // Fastify takes `query` as another name for `querystring`.
    const declared = (schema.querystring ?? schema.query) as Schema | undefined;
    if (route.config?.openQuery === true) {
      if (declared && declared.additionalProperties === undefined) {
        const open: RouteSchema = { ...schema, querystring: { ...declared, additionalProperties: true } };
        delete open.query;
        route.schema = open;
      }
      return;
    }
    if (!declared) route.schema = { ...schema, querystring: NO_QUERY };
  });
}

import type { ApiAudience } from './api-audience.js';
import { API_TAGS, type ApiTagName } from './api-tags.js';
import { openApiPath } from './error-scopes.js';
import type { RouteAuth } from './route-policy.js';

export { API_AUDIENCES, type ApiAudience } from './api-audience.js';

/** Where each audience's description is served, and its title on the docs page. */
export const DESCRIPTION_OF: Record<ApiAudience, { url: string; title: string }> = {
  integrator: { url: '/openapi.json', title: 'Integrator API (X-API-Key)' },
  dashboard: { url: '/openapi/dashboard.json', title: 'Dashboard and portal API (session)' },
  operator: { url: '/openapi/operator.json', title: 'Operator API (admin, airline callbacks)' },
};

const AUDIENCE_OF_TAG = new Map<string, ApiAudience>(API_TAGS.map((tag) => [tag.name, tag.audience]));

/**
 * The audience of an operation, from what the route declares: its authentication and its tags.
 * An airline's callback is the operator's; a tag owned by the portal or the operators decides next;
 * a session route under a shared tag (the dashboard's search, price and book) is the dashboard's;
 * everything else (API key, public) is the integrator's.
 */
export function audienceOf(auth: RouteAuth | undefined, tags: readonly string[]): ApiAudience {
  if (auth === 'airline-signature') return 'operator';
  const owned = tags.map((tag) => AUDIENCE_OF_TAG.get(tag as ApiTagName)).filter((a) => a !== undefined && a !== 'integrator');
  if (owned.includes('operator')) return 'operator';
  if (owned.includes('dashboard') || auth === 'session') return 'dashboard';
  return 'integrator';
}

/** The route as the swagger plugin's `transform` hook sees it, reduced to what decides the audience. */
interface DescribedRoute {
  url: string;
  schema?: { tags?: unknown };
  route?: { method?: unknown; config?: unknown };
}

/**
 * Records each operation's audience as the description is built (the swagger plugin's `transform`
 * hook sees every route with its policy) and answers it by method and OpenAPI path, where the
 * description no longer carries the route's policy.
 */
export function operationAudiences() {
  const audiences = new Map<string, ApiAudience>();
  const key = (method: string, path: string) => `${method.toLowerCase()} ${path}`;
  return {
    record({ url, schema, route }: DescribedRoute): void {
      const methods = Array.isArray(route?.method) ? (route.method as unknown[]) : [route?.method];
      const auth = (route?.config as { auth?: RouteAuth } | undefined)?.auth;
      const tags = Array.isArray(schema?.tags) ? schema.tags.filter((tag): tag is string => typeof tag === 'string') : [];
      for (const method of methods) audiences.set(key(String(method), openApiPath(url)), audienceOf(auth, tags));
    },
    of(method: string, path: string): ApiAudience {
      return audiences.get(key(method, path)) ?? 'integrator';
    },
  };
}

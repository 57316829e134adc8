import type { DeclaredRoute } from '../../src/platform/http/route-policy.js';

/** Plausible values for every path parameter, so a request reaches the route it names. */
const PARAM_VALUES: Record<string, string> = {
  orderID: 'ord_AA_0000000000',
  offerID: 'AA1-offer',
  iataCode: 'AA',
  iata: 'JFK',
  icao: 'KJFK',
  id: '1',
  userID: 'usr_0000000000',
};

/** A request path for a route template: `/v1/orders/:orderID` → `/v1/orders/ord_AA_0000000000`. */
export function concretePath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => PARAM_VALUES[name] ?? 'x1').replace(/\*$/, 'x');
}

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** inject() options for a route's method: writes carry an empty JSON object. */
export function requestFor(route: Pick<DeclaredRoute, 'method'>, url: string, headers: Record<string, string> = {}) {
  const method = route.method as Method;
  const withBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
  return withBody
    ? { method, url, headers: { 'content-type': 'application/json', ...headers }, payload: '{}' }
    : { method, url, headers };
}

/** A query parameter no route declares, for the strict-query walks. */
export const UNKNOWN_QUERY_PARAMETER = 'strict_probe';

/** The url with UNKNOWN_QUERY_PARAMETER added to its query string. */
export function withUnknownQuery(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${UNKNOWN_QUERY_PARAMETER}=1`;
}

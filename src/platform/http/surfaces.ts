import type { FastifyRequest } from 'fastify';
import type { ErrorCode } from './error-codes.js';

/**
 * The API has two error shapes: the commerce and public paths answer `{error, code, request_id}`,
 * the aviation and reference paths answer the envelope `{data, meta, errors[{code, message}]}`.
 * Which one a request gets is declared by the route it matched (`config.surface`, see
 * route-policy.ts), or by the not-found handler of the prefix it fell into; never read from URL
 * text, which another spelling of the same path would change.
 */
export type Surface = 'plain' | 'envelope';

/**
 * Prefixes whose unmatched requests answer in another shape than plain, declared by the plugin
 * that owns them (setUnmatchedSurface in error-handler.ts).
 */
export type UnmatchedSurfaces = Map<string, Surface>;

declare module 'fastify' {
  interface FastifyInstance {
    unmatchedSurfaces: UnmatchedSurfaces;
  }
}

/**
 * Only for requests the router could not even try to match (a malformed URL, an overlong
 * parameter): the shape is picked from the raw path's prefix. It decides the error's shape only,
 * never whether a request is authenticated.
 */
function surfaceOfUnroutable(request: FastifyRequest): Surface {
  const path = request.url.split('?', 1)[0] ?? '';
  for (const [prefix, surface] of request.server.unmatchedSurfaces ?? []) {
    if (path === prefix || path.startsWith(`${prefix}/`)) return surface;
  }
  return 'plain';
}

/** The error shape for a request: the matched route's, the not-found handler's, or by prefix. */
export function surfaceOf(request: FastifyRequest): Surface {
  return request.routeOptions.config?.surface ?? surfaceOfUnroutable(request);
}

/**
 * The error body in the surface's shape. `errorsDocument` is where the error reference page is
 * served (errorsPageUrl); each body links the code's section in it as `documentation_url`.
 */
export function errorBody(
  surface: Surface,
  error: { code: ErrorCode; message: string; fields?: Record<string, unknown> },
  requestId: string,
  errorsDocument: string,
): Record<string, unknown> {
  const documentation_url = `${errorsDocument}#${error.code}`;
  if (surface === 'envelope') {
    // An error's named fields go in its item, as they go in the plain body: the meter's refusals
    // (402, 403 unknown_plan, 429) carry reason, plan_code, period_start, period_end and docs_url,
    // and their readable `message` replaces the shorter sentence.
    const item = { message: error.message, ...error.fields, code: error.code, documentation_url };
    return { data: null, meta: { request_id: requestId }, errors: [item] };
  }
  return { error: error.message, code: error.code, ...error.fields, request_id: requestId, documentation_url };
}

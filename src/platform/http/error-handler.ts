import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import FindMyWay from 'find-my-way';
import { AppError } from '../errors.js';
import { isErrorCode, type ErrorCode } from './error-codes.js';
import { declares, openApiPath, type OperationFacts } from './error-scopes.js';
import { dependencyError } from './dependency-errors.js';
import { errorBody, surfaceOf, type Surface } from './surfaces.js';
import { nearestName, nearestRoute, propertyNamesAt } from './name-suggestion.js';
import { unknownName, validationMessage } from './validation-message.js';

interface ClientError {
  status: number;
  code: ErrorCode;
  message: string;
  fields?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** The router's bound on one path parameter; offer ids are long and percent-encoded (app.ts). */
export const MAX_PARAM_LENGTH = 1000;

/** Fastify's own 4xx errors, in the words of this API. */
const FRAMEWORK_ERRORS: Record<string, Omit<ClientError, 'status'> & { status?: number }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'request_body_too_large', message: 'request body too large' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid_request_body', message: 'invalid request body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'invalid_request_body', message: 'invalid request body' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    message: 'unsupported content type: send application/json',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'invalid_request_body', message: 'request body does not match Content-Length' },
  FST_ERR_CTP_INVALID_TYPE: { code: 'invalid_request_body', message: 'invalid Content-Type header' },
  FST_ERR_BAD_URL: { code: 'invalid_path', message: 'the request path is not valid' },
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 414,
    code: 'path_parameter_too_long',
    message: `a path parameter is longer than ${MAX_PARAM_LENGTH} characters`,
  },
};

/**
 * `; did you mean offer_id?` for an unknown body field or query parameter one near a name the
 * route's schema has (`offerId`), else nothing.
 */
function suggestion(err: FastifyError, request: FastifyRequest): string {
  const first = err.validation?.[0];
  if (!first || first.keyword !== 'additionalProperties') return '';
  const schema = err.validationContext === 'body' ? request.routeOptions.schema?.body : request.routeOptions.schema?.querystring;
  const known = propertyNamesAt(schema, first.instancePath);
  const near = nearestName(String(first.params.additionalProperty), known);
  return near ? `; did you mean ${near}?` : '';
}

/**
 * A field with a code of its own that the catalogue declares for the operation answers it, as the
 * handlers' own checks of it do: a required query parameter or top-level body field that is
 * missing, `<name>_required` (`airline` on the order operations marked (R): `airline_required`;
 * `offer_id` on confirming a change: `offer_id_required`); a header out of its bounds,
 * `invalid_<name>` (`Idempotency-Key`: `invalid_idempotency_key`). Anything else is `invalid_request`.
 */
function ownCode(request: FastifyRequest, errors: FastifySchemaValidationError[], context: string | undefined): ErrorCode | null {
  const first = errors[0];
  let code: string | null = null;
  const missing = first?.keyword === 'required' && first.instancePath === '';
  if ((context === 'querystring' || context === 'body') && missing) code = `${String(first.params.missingProperty)}_required`;
  if (context === 'headers' && first) code = `invalid_${first.instancePath.slice(1).replace(/-/g, '_')}`;
  return code !== null && isErrorCode(code) && declares(operationOf(request), 400, code) ? code : null;
}

/** The operation a request matched, as the catalogue's `operations` read it. */
function operationOf(request: FastifyRequest): OperationFacts {
  const schema = (request.routeOptions.schema ?? {}) as { operationId?: unknown };
  const config = request.routeOptions.config as { auth?: string; meter?: string } | undefined;
  return {
    operationId: typeof schema.operationId === 'string' ? schema.operationId : undefined,
    method: request.method === 'HEAD' ? 'GET' : request.method,
    path: openApiPath(request.routeOptions.url ?? ''),
    auth: config?.auth,
    meter: config?.meter,
  };
}

function toClientError(err: FastifyError, request: FastifyRequest): ClientError | null {
  err = dependencyError(err) ?? err; // a database or Redis outage: 503 with Retry-After, not a 500
  if (err instanceof AppError) {
    return { status: err.status, code: err.code, message: err.message, fields: err.fields, headers: err.headers };
  }
  if (err.validation) {
    // An unknown body field or query parameter is also named in `field`, as Stripe's `param` is.
    const unknown = unknownName(err.validation, err.validationContext);
    const message = validationMessage(err.validation, err.validationContext) + (unknown === null ? '' : suggestion(err, request));
    const own = ownCode(request, err.validation, err.validationContext);
    // A missing field with a code of its own is named too (`airline` on an (R) order operation).
    const first = err.validation[0];
    const missing = own !== null && first?.keyword === 'required' ? String(first.params.missingProperty) : null;
    const field = unknown ?? missing;
    return { status: 400, code: own ?? 'invalid_request', message, ...(field === null ? {} : { fields: { field } }) };
  }
  const known = err.code ? FRAMEWORK_ERRORS[err.code] : undefined;
  if (known) return { status: known.status ?? err.statusCode ?? 400, ...known };
  // A body that breaks off before its Content-Length, or any other client fault we did not name.
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    return { status: err.statusCode, code: 'invalid_request', message: 'invalid request' };
  }
  return null;
}

function send(request: FastifyRequest, reply: FastifyReply, e: ClientError) {
  reply.errorCode = e.code;
  for (const [name, value] of Object.entries(e.headers ?? {})) reply.header(name, value);
  return reply.code(e.status).send(errorBody(surfaceOf(request), e, request.id, request.server.errorsDocument));
}

function answerError(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const clientError = toClientError(err, request);
  if (clientError) {
    if (clientError.status >= 500) request.log.warn({ code: clientError.code }, clientError.message);
    return send(request, reply, clientError);
  }
  request.log.error({ err }, 'unhandled error');
  return send(request, reply, { status: 500, code: 'internal_error', message: 'internal server error' });
}

/**
 * Fastify's `frameworkErrors` option: a malformed URL (FST_ERR_BAD_URL), a path parameter over
 * MAX_PARAM_LENGTH (FST_ERR_MAX_PARAM_LENGTH) and a failing async route constraint arrive here
 * before any route or hook, so without it Fastify writes its own body with no request id. A
 * failing constraint (FST_ERR_ASYNC_CONSTRAINT) is our fault, not the client's: a logged 500.
 */
export function answerFrameworkError(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  reply.header('X-Request-Id', request.id);
  void answerError(err, request, reply);
}

interface NotFoundOptions {
  // Fastify gives the not-found handler's context this config (fastify/lib/four-oh-four.js); its
  // typings omit it. The error handler reads `surface` from it like from a matched route's.
  config: { auth: 'public'; surface: Surface };
}

/**
 * Unmatched paths under `prefix` (the plugin's own, e.g. `/v1/aviation`) answer 404 and 405 in
 * `surface`. A not-found handler scoped to the prefix, as Fastify routes 404s by prefix.
 */
export async function setUnmatchedSurface(app: FastifyInstance, prefix: string, surface: Surface): Promise<void> {
  app.unmatchedSurfaces.set(prefix, surface);
  const answer = app.answerUnmatched;
  await app.register(
    async (scope) => {
      const options: NotFoundOptions = { config: { auth: 'public', surface } };
      scope.setNotFoundHandler(options as Parameters<typeof scope.setNotFoundHandler>[0], answer);
    },
    { prefix },
  );
}

/**
 * The single place errors become responses. Anything that is not a client error is a bug: it is
 * logged with its request id and the client sees a generic 500 that quotes only that id.
 */
export function registerErrorHandling(app: FastifyInstance, errorsDocument: string): void {
  app.decorate('errorsDocument', errorsDocument);
  app.decorateReply('errorCode', null);
  const knownRoutes = FindMyWay({ ignoreTrailingSlash: true });
  const methodsByRoute = new Map<string, Set<string>>();

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || route.url === '*') continue;
      const key = route.url;
      if (!methodsByRoute.has(key)) {
        methodsByRoute.set(key, new Set());
        knownRoutes.on(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], key, () => {}, { key });
      }
      methodsByRoute.get(key)!.add(method);
    }
  });

  app.setErrorHandler(answerError);

  // Requests that matched no route: 404, or 405 with Allow when the path exists for other methods.
  // They reach no route handler and are never authenticated (the gate skips them).
  function answerUnmatched(request: FastifyRequest, reply: FastifyReply) {
    const path = request.url.split('?')[0] ?? '/';
    const match = knownRoutes.find('GET', decodedForLookup(path));
    const allowed = match ? methodsByRoute.get((match.store as { key: string }).key) : undefined;
    if (allowed && !allowed.has(request.method)) {
      const list = [...allowed].sort();
      reply.header('Allow', list.join(', '));
      return send(request, reply, {
        status: 405,
        code: 'method_not_allowed',
        message: `method ${request.method} is not allowed here; use ${list.join(' or ')}`,
      });
    }
    const near = nearestRoute(decodedForLookup(path), methodsByRoute.keys());
    const meant = near ? `; did you mean ${[...methodsByRoute.get(near)!].sort().join(' or ')} ${near}?` : '';
    return send(request, reply, {
      status: 404,
      code: 'not_found',
      message: `no such endpoint: ${request.method} ${path}${meant}`,
    });
  }
  app.decorate('answerUnmatched', answerUnmatched);
  app.decorate('unmatchedSurfaces', new Map<string, Surface>());
  const options: NotFoundOptions = { config: { auth: 'public', surface: 'plain' } };
  app.setNotFoundHandler(options as Parameters<typeof app.setNotFoundHandler>[0], answerUnmatched);
}

/** The router decodes a path before matching (all but reserved characters, like decodeURI). */
function decodedForLookup(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

declare module 'fastify' {
  interface FastifyReply {
    /** The `code` of the error this reply answered with, set where errors become responses; null otherwise. */
    errorCode: ErrorCode | null;
  }
  interface FastifyInstance {
    answerUnmatched(request: FastifyRequest, reply: FastifyReply): FastifyReply;
    /** Where the error reference page is served (errors-page.ts); error bodies link a code's section in it. */
    readonly errorsDocument: string;
  }
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODES, isErrorCode, statusesOf } from '../../src/platform/http/error-codes.js';
import { declares, openApiPath, type OperationFacts } from '../../src/platform/http/error-scopes.js';

/**
 * Holds every error a test app answers to the error-code catalogue: the code must be catalogued at
 * the status it came with, and listed for the operation that answered it (for a request that
 * matched no route, as `unrouted`). So every test that observes an error also proves the OpenAPI
 * description declares it. `violations` is read when the app closes (test-app.ts).
 */
export function auditErrorCodes(
  app: FastifyInstance,
  skipped: ReadonlySet<string> = new Set(),
): { violations: string[]; check(): void } {
  const violations = new Set<string>();
  app.addHook('onSend', async (request, reply, payload) => {
    const status = reply.statusCode;
    if (status < 400 || skipped.has(request.routeOptions.url ?? '')) return payload;
    const code = codeOf(payload);
    if (code === null) return payload;
    const where = request.is404 ? 'unrouted' : `${request.method} ${request.routeOptions.url}`;
    if (!isErrorCode(code) || !statusesOf(code).includes(status)) {
      violations.add(`${where}: ${status} ${code} is not in the catalogue at ${status}`);
    } else if (request.is404 || request.routeOptions.url === undefined) {
      if (!(ERROR_CODES[code].operations as readonly string[]).includes('unrouted'))
        violations.add(`${where}: ${status} ${code} is not listed for unrouted requests`);
    } else if (!declares(factsOf(request), status, code)) {
      violations.add(`${where} (${factsOf(request).operationId ?? 'no operationId'}): ${status} ${code} is not declared`);
    }
    return payload;
  });
  return {
    get violations() {
      return [...violations];
    },
    /** Call when the app has closed: fails the test file that answered an error outside the catalogue. */
    check() {
      if (violations.size > 0)
        throw new Error(`errors answered outside the error-code catalogue:\n${[...violations].join('\n')}`);
    },
  };
}

function factsOf(request: FastifyRequest): OperationFacts {
  const schema = (request.routeOptions.schema ?? {}) as Record<string, unknown>;
  const config = request.routeOptions.config as { auth?: string; meter?: string };
  return {
    operationId: typeof schema.operationId === 'string' ? schema.operationId : undefined,
    method: request.method === 'HEAD' ? 'GET' : request.method,
    path: openApiPath(request.routeOptions.url ?? ''),
    auth: config.auth,
    meter: config.meter,
  };
}

/** The `code` of a plain error body or of the envelope's first error; null for anything else. */
function codeOf(payload: unknown): string | null {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return null;
  try {
    const body = JSON.parse(payload.toString()) as { code?: unknown; errors?: { code?: unknown }[] };
    const code = body.code ?? body.errors?.[0]?.code;
    return typeof code === 'string' ? code : null;
  } catch {
    return null;
  }
}

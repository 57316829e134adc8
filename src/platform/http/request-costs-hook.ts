import type { FastifyInstance } from 'fastify';
import type { CostTally, RequestCostsEntry } from '../request-costs.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** What this request has cost the database and Redis so far (request-costs.ts). */
    costs: RequestCostsEntry | null;
  }
}

/**
 * Attributes every database statement and Redis command to the request that caused it, when
 * REQUEST_COSTS is on. Register before any other hook, so the gate's and the meter's own round
 * trips are counted too.
 *
 * The request's context is entered at three points, because the chain does not always continue in
 * it: a body arrives through the socket's events (so the handler would run outside it), and the
 * response hooks run when the socket has written (so the meter's settle would too).
 */
export function registerRequestCosts(app: FastifyInstance, tally: CostTally): void {
  app.decorateRequest('costs', null);
  // REQUEST_COSTS off: no hook at all, and no AsyncLocalStorage (request-costs.ts says why).
  if (!tally.attribute) return;
  app.addHook('onRequest', (request, _reply, done) => {
    const entry = tally.open(request.routeOptions.url ?? 'unmatched');
    request.costs = entry;
    tally.run(entry, done);
  });
  const reenter = (request: { costs: RequestCostsEntry | null }, done: () => void) => {
    if (request.costs) tally.run(request.costs, done);
    else done();
  };
  app.addHook('preValidation', (request, _reply, done) => reenter(request, done));
  app.addHook('onResponse', (request, _reply, done) => reenter(request, done));
  app.addHook('onRequestAbort', (request, done) => reenter(request, done));
}

import type { FastifyInstance } from 'fastify';
import { API_KEY_ENVELOPE_ROUTE, API_KEY_ROUTE } from '../../src/platform/http/route-policy.js';

/** Routes that exist only in tests: they echo what the gate and body parser hand a handler. */
export function probeRoutes(app: FastifyInstance): void {
  const config = API_KEY_ROUTE;
  app.post('/v1/probe/echo', { config }, async (request) => ({ body: request.body ?? null, apiKey: request.apiKey }));
  app.get('/v1/probe/whoami', { config }, async (request) => ({ apiKey: request.apiKey }));
  app.get('/v1/aviation/probe', { config: API_KEY_ENVELOPE_ROUTE }, async () => ({ data: [], meta: {}, errors: [] }));
  app.get('/v1/probe/crash', { config }, async () => {
    throw new Error('database password is hunter2 and the table exploded');
  });
}

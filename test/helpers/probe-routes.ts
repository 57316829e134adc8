import type { FastifyInstance } from 'fastify';

/** Routes that exist only in tests: they echo what the gate and body parser hand a handler. */
export function probeRoutes(app: FastifyInstance): void {
  app.post('/v1/probe/echo', async (request) => ({ body: request.body ?? null, apiKey: request.apiKey }));
  app.get('/v1/probe/whoami', async (request) => ({ apiKey: request.apiKey }));
  app.get('/v1/aviation/probe', async () => ({ data: [], meta: {}, errors: [] }));
  app.get('/v1/probe/crash', async () => {
    throw new Error('database password is hunter2 and the table exploded');
  });
}

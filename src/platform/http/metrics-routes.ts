import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../errors.js';
import type { Metrics } from '../metrics.js';

/** Request counts and latency by route template and status, and the scrape endpoint. */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | null): void {
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status_code: String(reply.statusCode),
    };
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
  });

  const expected = token ? Buffer.from(`Bearer ${token}`) : null;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (expected) {
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
        throw unauthorized('metrics need Authorization: Bearer <METRICS_TOKEN>');
      }
    }
    reply.header('Content-Type', metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}

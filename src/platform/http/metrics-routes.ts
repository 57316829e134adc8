import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../errors.js';
import type { Metrics } from '../metrics.js';
import type { RoutePolicy } from './route-policy.js';

// Guarded by its own check below (a token, or this host only), not by an API key.
const METRICS_POLICY: RoutePolicy = { auth: 'metrics-token', surface: 'plain' };

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/**
 * Without METRICS_TOKEN, a scrape is answered only when it comes straight from this host: the
 * socket's peer is a loopback address and no proxy relayed it (a reverse proxy on the same host
 * connects from loopback too, but says so with X-Forwarded-For or Forwarded). The socket is read,
 * not `request.ip`, so no forwarded header can make a remote client look local.
 */
function fromThisHost(request: FastifyRequest): boolean {
  const peer = request.raw.socket?.remoteAddress ?? '';
  const relayed = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return LOOPBACK.test(peer) && !relayed;
}

/**
 * Request counts and latency by route template and status, and the scrape endpoint: with
 * METRICS_TOKEN, for `Authorization: Bearer <token>` from anywhere; without it, for a scraper on
 * this host (or a sidecar sharing its network namespace) only.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | null): void {
  // A callback hook: it runs after every request, and an async one would cost a promise each time.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.httpDuration.observe(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });

  const expected = token ? Buffer.from(`Bearer ${token}`) : null;
  app.get('/metrics', { schema: { hide: true }, config: METRICS_POLICY }, async (request, reply) => {
    if (expected) {
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
        throw unauthorized('metrics need Authorization: Bearer <METRICS_TOKEN>');
      }
    } else if (!fromThisHost(request)) {
      throw forbidden(
        'metrics are served to this host only (a loopback peer, not through a proxy); set METRICS_TOKEN to scrape from elsewhere',
        'metrics_local_only',
      );
    }
    reply.header('Content-Type', metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}

import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_ROUTE, setRoutePolicy } from '../platform/http/route-policy.js';
import type { Platform } from '../platform/platform.js';
import { capturedBodies } from './body-capture.js';
import { createRequestLogMetrics } from './metrics.js';
import { DEFAULT_LIMITS, RequestRecorder, type RecorderLimits } from './recorder.js';
import { requestFacts } from './request-facts.js';
import { sweepRequestLog } from './retention.js';
import { requestLogRoutes } from './routes.js';

export const REQUEST_LOG_FLUSH_JOB = 'request-log.flush';
export const REQUEST_LOG_SWEEP_JOB = 'request-log.retention-sweep';
// A row reaches the dashboard within about this long (or sooner, when a batch fills).
const FLUSH_INTERVAL_MS = 1_000;
// Hourly: rows live 7 days to the hour, and each sweep deletes about an hour's worth.
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export interface RequestLog {
  plugin: FastifyPluginAsync;
  /** The in-memory writer; null when REQUEST_LOG is off. */
  recorder: RequestRecorder | null;
}

/**
 * The request log (docs/dashboard.md, "Logs"): an app-wide onResponse hook that records each
 * request the API-key gate admitted, a writer that inserts them in batches, the hourly retention
 * sweep and `GET /v1/dev/requests`, and the requests' bodies (`GET /v1/dev/requests/{request_id}`, unless
 * REQUEST_LOG_BODY_RETENTION_DAYS is 0). With REQUEST_LOG=false the hook and the writer are not made;
 * the sweep and the route stay, so rows already kept still age out and can still be read.
 */
export function createRequestLog(options: { platform: Platform; limits?: RecorderLimits }): RequestLog {
  const { platform } = options;
  const clock = () => platform.clock();
  let recorder: RequestRecorder | null = null;
  if (platform.config.requestLog) {
    const metrics = createRequestLogMetrics(platform.metrics, () => recorder?.pending ?? 0);
    recorder = new RequestRecorder(
      { db: platform.db, logger: platform.logger, metrics, nowMs: () => clock().getTime() },
      options.limits ?? DEFAULT_LIMITS,
    );
  }
  const plugin = fp(
    async (app) => {
      if (recorder) {
        const writer = recorder;
        // Not encapsulated: it sees every route's requests. A callback hook: a request that is not
        // an admitted API-key request or a dashboard booking costs two property reads, one that is
        // costs an array push.
        // The arrival is read when the request comes in: an onResponse hook can run well after the
        // answer went out (behind another plugin's asynchronous hook), so "now less the time it
        // took" would place a request later than one that arrived after it.
        app.decorateRequest('arrivedAtMs', 0);
        app.addHook('onRequest', (request, _reply, done) => {
          request.arrivedAtMs = platform.clock().getTime();
          done();
        });
        const bodies = platform.config.requestLogBodyRetentionDays > 0;
        if (bodies) {
          // App-wide, so before every route's own onSend hooks, compression last among them
          // (compression.ts): the answer as serialized, not its compressed bytes. A reference, no copy.
          app.decorateRequest('sentPayload', null);
          app.addHook('onSend', (request, _reply, payload, done) => {
            if (request.apiKey !== null || request.dashboardBooking !== null) request.sentPayload = payload;
            done(null, payload);
          });
        }
        app.addHook('onResponse', (request, reply, done) => {
          const facts = request.apiKey === null && request.dashboardBooking === null ? null : requestFacts(request, reply);
          if (facts) writer.record(facts, bodies ? capturedBodies(request, reply) : undefined);
          done();
        });
        // Every instance writes what it recorded; a failed write keeps the rows (bounded) for the next run.
        platform.scheduler.add({ name: REQUEST_LOG_FLUSH_JOB, intervalMs: FLUSH_INTERVAL_MS, run: () => writer.flush() });
        app.addHook('onClose', async () => {
          await writer.flush().catch((err: unknown) => platform.logger.warn({ err }, 'request log not flushed at close'));
        });
      }
      platform.scheduler.add({
        name: REQUEST_LOG_SWEEP_JOB,
        intervalMs: SWEEP_INTERVAL_MS,
        runOnStart: true,
        oncePerCluster: true,
        run: async () =>
          void (await sweepRequestLog({
            db: platform.db,
            clock,
            bodyRetentionDays: platform.config.requestLogBodyRetentionDays,
          })),
      });
      await app.register(async (scope) => {
        setRoutePolicy(scope, SESSION_ROUTE);
        // The routes that note their answers, read from the app's declared routes once it is ready.
        let notedRoutes: Set<string> | null = null;
        const isNoted = (method: string, route: string) =>
          (notedRoutes ??= new Set(
            app.declaredRoutes.filter((r) => r.answerLogged === 'noted').map((r) => `${r.method} ${r.url}`),
          )).has(`${method} ${route}`);
        await scope.register(requestLogRoutes, {
          db: platform.db,
          noted: { isNoted, retentionDays: platform.config.requestLogBodyRetentionDays, now: clock },
        });
      });
    },
    { name: 'request-log', dependencies: ['auth', 'session-gate'] },
  );
  return { plugin, recorder };
}

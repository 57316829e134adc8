import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_ROUTE, setRoutePolicy } from '../platform/http/route-policy.js';
import type { Platform } from '../platform/platform.js';
import { createRateLimiter } from '../platform/rate-limit/rate-limiter.js';
import { createDispatcher, type Dispatcher } from './delivery/dispatcher.js';
import { createWebhookMetrics } from './delivery/metrics.js';
import { systemResolver, type GuardOptions, type Resolver } from './delivery/ssrf-guard.js';
import { endpointRoutes } from './endpoints/routes.js';
import { createEndpointService, type EndpointService } from './endpoints/service.js';
import { WEBHOOK_POLICY } from './events.js';

export const WEBHOOK_DELIVERY_JOB = 'webhooks.delivery';

export interface WebhooksOptions {
  platform: Platform;
  /** Resolves receiver host names; tests pass one they control. Defaults to the system resolver. */
  resolver?: Resolver;
  /** Extra CAs trusted for receivers (tests); in production use NODE_EXTRA_CA_CERTS. */
  ca?: string | Buffer;
  /** One attempt's time-out, connection to last byte; the contract's 15 s unless a test needs a shorter one. */
  attemptTimeoutMs?: number;
  /**
   * Tests only: webhook URLs may name any port (test receivers listen on random ports). Only code
   * that builds the app can set it; no configuration variable reaches it.
   */
  anyPortForTests?: boolean;
}

export interface Webhooks {
  plugin: FastifyPluginAsync;
  endpoints: EndpointService;
  /** The delivery worker the scheduler runs every second (`scheduler.runNow('webhooks.delivery')` in tests). */
  dispatcher: Dispatcher;
}

/**
 * Order webhooks (docs/webhooks.md): endpoint management under /v1/dev/webhooks and the delivery
 * worker that sends the order_events outbox, signed, to every subscribed endpoint.
 */
export function createWebhooks(options: WebhooksOptions): Webhooks {
  const { platform } = options;
  const clock = () => platform.clock();
  const guard: GuardOptions = {
    resolver: options.resolver ?? systemResolver,
    allowedPrivateHosts: platform.config.webhooks.allowedPrivateHosts,
    anyPortForTests: options.anyPortForTests === true,
  };
  if (guard.allowedPrivateHosts.length > 0) {
    platform.logger.warn(
      { hosts: guard.allowedPrivateHosts },
      'WEBHOOK_ALLOWED_PRIVATE_HOSTS is set: webhooks may be delivered to these names on private addresses (development and tests only)',
    );
  }
  const dispatcher = createDispatcher({
    db: platform.db,
    keyring: platform.keyring,
    clock,
    logger: platform.logger,
    mailer: platform.mailer,
    metrics: createWebhookMetrics(platform.metrics, platform.db, clock),
    guard,
    ca: options.ca,
    attemptTimeoutMs: options.attemptTimeoutMs ?? WEBHOOK_POLICY.attemptTimeoutMs,
    leaseMs: platform.config.webhooks.deliveryLeaseMs,
    publicUrl: platform.config.publicUrl,
  });
  const endpoints = createEndpointService({
    db: platform.db,
    keyring: platform.keyring,
    config: platform.config,
    clock,
    guard,
    send: dispatcher.send,
    testLimiter: createRateLimiter(platform, 'webhook-tests'),
  });
  const plugin = fp(
    async (app) => {
      app.addHook('onClose', async () => dispatcher.close());
      // Every instance runs it: claims are leases taken with SKIP LOCKED, so instances share the work.
      platform.scheduler.add({
        name: WEBHOOK_DELIVERY_JOB,
        intervalMs: WEBHOOK_POLICY.workerIntervalMs,
        run: async () => void (await dispatcher.runOnce()),
      });
      setRoutePolicy(app, SESSION_ROUTE);
      await app.register(endpointRoutes, { endpoints });
    },
    { name: 'webhooks', dependencies: ['session-gate'], encapsulate: true },
  );
  return { plugin, endpoints, dispatcher };
}

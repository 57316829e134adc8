// Entry point of the Duffel test system: our own server speaking Duffel's API (v2, JSON `{ data }`
// envelopes, Duffel's errors, rate limits and webhooks) for test keys, in process beside the gateway
// or standalone (`flightagg testsystem duffel`). Several gateway instances share one: its state is
// in a store (memory, or schema duffel_test_system on PGlite/PostgreSQL) read on every request.
// /control/* are ours, not Duffel's: clock, airline-initiated changes, rate limit, faults, webhooks.

import Fastify, { LogController, type FastifyBaseLogger } from 'fastify';
import type { Logger } from 'pino';
import type { TestSystemStorage } from '../ndc/storage/open-storage.js';
import { createDeps } from './deps.js';
import { registerControlRoutes } from './control/control-routes.js';
import { registerAirlineInitiatedChangeRoutes } from './orders/airline-initiated-changes.js';
import { registerCancellationRoutes } from './orders/cancellation-routes.js';
import { registerChangeRoutes } from './orders/change-routes.js';
import { registerOrderRoutes } from './orders/order-routes.js';
import { registerShoppingRoutes } from './shopping/shopping-routes.js';
import { openDuffelStorage } from './storage/duffel-db-store.js';
import { createWebhookSender } from './webhooks/webhook-sender.js';
import { DuffelApiError, errorBody } from './wire/duffel-errors.js';
import { DEFAULT_RATE_LIMIT, type RateLimitSetting } from './wire/rate-limiter.js';
import { registerRequestGuard, requestIdOf } from './wire/request-guard.js';
import { listenedUrl } from '../listened-url.js';

/** The access token the in-process test system accepts for test keys (like AA's aa-test-subscription-key). */
export const DUFFEL_TEST_DEVELOPMENT_TOKEN = 'duffel_test_development_token';
/** The webhook secret used when none is configured. */
export const DUFFEL_TEST_DEVELOPMENT_WEBHOOK_SECRET = 'duffel_test_development_webhook_secret';

export interface DuffelTestSystemOptions {
  host?: string;
  port?: number;
  /** The access token callers must send as `Authorization: Bearer <token>`. */
  accessToken?: string;
  logger?: Logger | false;
  /** Where resources are kept (the gateway's database, one of its own, or memory when absent). */
  storage?: TestSystemStorage;
  /** Where webhook events go and the secret that signs them (X-Duffel-Signature). */
  webhooks?: { url?: string | null; secret?: string };
  /** Requests per window per token (Duffel's rate limit) until a control route sets one; lowered in tests. */
  rateLimit?: RateLimitSetting;
  /** Days after creation before offer requests, offers and change offers are forgotten (default 1). */
  offerRetentionDays?: number;
}

export interface DuffelTestSystem {
  url: string;
  /** Points webhook events at a target (null: none are sent); the secret stays unless given. */
  notifyTo(url: string | null, secret?: string): void;
  /** Resolves when webhook deliveries under way have finished (tests). */
  webhooksSettled(): Promise<void>;
  close(): Promise<void>;
}

const OFFER_KINDS = ['offer_request', 'offer', 'order_change_request', 'order_change_offer'] as const;

export async function startDuffelTestSystem(options: DuffelTestSystemOptions = {}): Promise<DuffelTestSystem> {
  const logger = options.logger ? options.logger.child({ component: 'duffel-test-system' }) : null;
  const accessToken = options.accessToken ?? DUFFEL_TEST_DEVELOPMENT_TOKEN;
  const { store, limiter, faults } = await openDuffelStorage(options.storage, options.rateLimit ?? DEFAULT_RATE_LIMIT);
  const webhooks = createWebhookSender(
    { url: options.webhooks?.url ?? null, secret: options.webhooks?.secret ?? DUFFEL_TEST_DEVELOPMENT_WEBHOOK_SECRET },
    logger,
  );
  const deps = createDeps({
    store,
    webhooks,
    limiter,
    faults,
    logger,
  });
  const app = Fastify({
    ...(logger ? { loggerInstance: logger as FastifyBaseLogger } : { logger: false }),
    logController: new LogController({ disableRequestLogging: true }),
    forceCloseConnections: true,
    bodyLimit: 1024 * 1024,
    // @duffel/api posts offer requests to /air/offer_requests/ (with the slash).
    routerOptions: { ignoreTrailingSlash: true },
  });
  // @duffel/api posts confirm and accept actions with Content-Type: application/json and no body.
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, undefined);
    else void json(request, body as string, done);
  });
  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    let duffel: DuffelApiError;
    if (error instanceof DuffelApiError) duffel = error;
    else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
      duffel = new DuffelApiError(
        error.statusCode === 413 ? 413 : 400,
        'invalid_request_error',
        error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'unsupported_format' : 'malformed_request',
        {
          title: 'Malformed request',
          message:
            error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'Send the body as JSON (Content-Type: application/json)'
              : `The request could not be read: ${error.message}`,
        },
      );
    else {
      logger?.error({ err: error }, 'duffel test system failed');
      duffel = new DuffelApiError(500, 'api_error', 'internal_server_error', {
        title: 'Internal server error',
        message: 'Something went wrong; the request id identifies it',
      });
    }
    return reply.code(duffel.status).send(errorBody(requestIdOf(request), duffel.status, [duffel.toObject()]));
  });
  app.setNotFoundHandler((request, reply) => {
    const error = new DuffelApiError(404, 'invalid_request_error', 'not_found', {
      title: 'Not found',
      message: `No route ${request.method} ${request.url.split('?')[0]}`,
    });
    return reply.code(404).send(errorBody(requestIdOf(request), 404, [error.toObject()]));
  });
  registerRequestGuard(app, deps, accessToken);
  registerShoppingRoutes(app, deps);
  registerOrderRoutes(app, deps);
  registerCancellationRoutes(app, deps);
  registerChangeRoutes(app, deps);
  registerAirlineInitiatedChangeRoutes(app, deps);
  registerControlRoutes(app, deps);
  const retentionMs = (options.offerRetentionDays ?? 1) * 86_400_000;
  const sweep = setInterval(() => {
    deps
      .now()
      .then((now) => store.purge(OFFER_KINDS, now - retentionMs))
      .catch((err: unknown) => {
        logger?.warn({ err }, 'duffel test system offer sweep failed');
      });
  }, 3600_000);
  sweep.unref();
  try {
    await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });
  } catch (err) {
    clearInterval(sweep);
    await app.close();
    await store.close();
    throw err;
  }
  return {
    url: listenedUrl(app, options),
    notifyTo: (url, secret) => webhooks.setTarget({ url, ...(secret ? { secret } : {}) }),
    webhooksSettled: () => webhooks.settled(),
    async close() {
      clearInterval(sweep);
      webhooks.close();
      await app.close();
      await store.close();
    },
  };
}

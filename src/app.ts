import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { createAccountService, type AccountService } from './accounts/account-service.js';
import { registerApiKeyGate } from './auth/api-key-gate.js';
import { createApiKeyService, type ApiKeyService } from './auth/api-keys/key-service.js';
import { aviationRoutes } from './aviation/routes.js';
import { connectorsPlugin } from './connectors/connectors-plugin.js';
import { healthRoutes } from './health/routes.js';
import { monitoringRoutes } from './monitoring/monitoring-routes.js';
import { offerRoutes } from './offers/offer-routes.js';
import { ordersPlugin } from './orders/orders-plugin.js';
import { clientErrorHandler } from './platform/http/client-errors.js';
import { answerFrameworkError, MAX_PARAM_LENGTH, registerErrorHandling } from './platform/http/error-handler.js';
import { BODY_LIMIT_BYTES, registerJsonBodyParser } from './platform/http/json-body-parser.js';
import { registerMetrics } from './platform/http/metrics-routes.js';
import { registerNulGuard } from './platform/http/nul-guard.js';
import { registerOpenApi } from './platform/http/openapi.js';
import { requestIdFor } from './platform/http/request-id.js';
import { requireRoutePolicies } from './platform/http/route-policy.js';
import { fastifyTrustProxy } from './platform/http/trust-proxy.js';
import { partAwareValidatorFactory } from './platform/http/validator-compiler.js';
import type { Platform } from './platform/platform.js';
import { portalPlugin } from './portal/plugin.js';
import { searchRoutes } from './shopping/search-routes.js';
import { webhooksPlugin, type WebhooksPluginOptions } from './webhooks/plugin.js';

/** Services more than one feature uses, built once per app. */
export interface AppServices {
  apiKeys: ApiKeyService;
  accounts: AccountService;
}

export interface AppOptions {
  /** Where test keys reach the AA test system (the in-process one, or AA_TEST_URL). */
  aaTestSystemUrl?: string | null;
  /** Webhook delivery collaborators a test controls: the host resolver, extra trusted CAs, the attempt time-out. */
  webhooks?: Pick<WebhooksPluginOptions, 'resolver' | 'ca' | 'attemptTimeoutMs'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    platform: Platform;
    services: AppServices;
  }
}

/** Builds the HTTP API on a platform. It never listens: server.ts does, tests use inject(). */
export async function buildApp(platform: Platform, options: AppOptions = {}): Promise<FastifyInstance> {
  const { config } = platform;
  const app: FastifyInstance = Fastify({
    loggerInstance: platform.logger as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: requestIdFor,
    requestIdHeader: false,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Offer ids are long and percent-encoded; the default 100 characters would cut them.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH, ignoreTrailingSlash: true },
    // A malformed URL or an overlong parameter never reaches a route: answer it in our error format.
    frameworkErrors: answerFrameworkError,
    // A request the HTTP parser refuses (timed out, oversized headers) answers in that format too.
    clientErrorHandler: clientErrorHandler(platform.logger as FastifyBaseLogger),
    return503OnClosing: true,
    // Coercion for query strings, params and headers only; JSON bodies are validated as sent.
    schemaController: { compilersFactory: { buildValidator: partAwareValidatorFactory() } },
    // Bounds on a slow or silent client (docs/operations.md): past them the request answers 408 and
    // the connection closes. They end when the request has arrived, so a response in progress (a
    // search of up to SEARCH_TIMEOUT_MS, an SSE stream) is never cut. Checked every second.
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    http: {
      headersTimeout: config.http.headersTimeoutMs,
      requestTimeout: config.http.requestTimeoutMs,
      connectionsCheckingInterval: 1_000,
    },
  });

  const services: AppServices = {
    apiKeys: createApiKeyService(platform),
    accounts: createAccountService(platform),
  };
  app.decorate('platform', platform);
  app.decorate('services', services);
  // Every route declares its policy (`config.auth`, `config.surface`): the gate and the error
  // handler read it from the matched route. The app refuses to start while one is missing.
  requireRoutePolicies(app);

  // Set at the start, not in onSend: streamed answers (SSE) write to the socket themselves.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
  // While shutting down, a finished request must also end its keep-alive connection, or the
  // server would wait on idle sockets until their keep-alive timeout before it can close.
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('Connection', 'close');
    done(null, payload);
  });
  registerNulGuard(app);
  registerJsonBodyParser(app);
  registerErrorHandling(app);
  registerMetrics(app, platform.metrics, config.metricsToken);
  await registerOpenApi(app, config);
  registerApiKeyGate(app, services.apiKeys, platform);

  await app.register(healthRoutes, { platform });
  await app.register(connectorsPlugin, { platform, aaTestSystemUrl: options.aaTestSystemUrl ?? null });
  await app.register(searchRoutes, { platform });
  await app.register(offerRoutes, { platform });
  await app.register(monitoringRoutes, { platform });
  await app.register(portalPlugin);
  await app.register(ordersPlugin);
  await app.register(webhooksPlugin, {
    platform,
    authenticate: app.portal.authenticate,
    mailer: app.portal.services.mailer,
    ...options.webhooks,
  });
  await app.register(aviationRoutes, { platform });

  return app;
}

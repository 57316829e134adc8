import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { createAuth } from './auth/plugin.js';
import { createBilling, type Billing } from './billing/plugin.js';
import type { ApiKeyService } from './auth/api-keys/key-service.js';
import { createAviation, type Aviation } from './aviation/plugin.js';
import { createConnectors, type Connectors } from './connectors/plugin.js';
import { createDashboard } from './dashboard/plugin.js';
import { createEvents, type Events } from './events/plugin.js';
import { createHealth } from './health/plugin.js';
import { createIdentity, type Identity } from './identity/identity.js';
import { createSessionGate } from './identity/sessions/session-gate.js';
import { createMonitoring, type Monitoring } from './monitoring/plugin.js';
import { createOffers } from './offers/plugin.js';
import { createBookedOrderResolver } from './orders/booked-orders.js';
import { createOrders, type Orders } from './orders/plugin.js';
import { AccessLog } from './platform/http/access-log.js';
import { clientErrorHandler } from './platform/http/client-errors.js';
import { answerFrameworkError, MAX_PARAM_LENGTH, registerErrorHandling } from './platform/http/error-handler.js';
import { registerCompression } from './platform/http/compression.js';
import { errorsPageUrl } from './platform/http/errors-page.js';
import { registerContentEncodingGuard } from './platform/http/content-encoding-guard.js';
import { BODY_LIMIT_BYTES, registerJsonBodyParser } from './platform/http/json-body-parser.js';
import { registerMetrics } from './platform/http/metrics-routes.js';
import { registerNulGuard } from './platform/http/nul-guard.js';
import { registerOpenApi } from './platform/http/openapi.js';
import { registerRequestCosts } from './platform/http/request-costs-hook.js';
import { registerRequestSpans } from './platform/tracing/request-spans.js';
import { requestIdFor } from './platform/http/request-id.js';
import { registerResponseCheck } from './platform/http/response-check.js';
import { requireRoutePolicies } from './platform/http/route-policy.js';
import { registerFormerSpellings } from './platform/http/deprecated-fields.js';
import { registerStrictQuery } from './platform/http/strict-query.js';
import { fastifyTrustProxy } from './platform/http/trust-proxy.js';
import { sharedSerializerFactory } from './platform/http/serializer-compiler.js';
import { partAwareValidatorFactory } from './platform/http/validator-compiler.js';
import type { Platform } from './platform/platform.js';
import { sourceConnectors } from './sources/connectors.js';
import type { SourceTable } from './sources/source.js';
import { SOURCES } from './sources/table.js';
import { createPortal, type Portal } from './portal/plugin.js';
import { createRequestLog, type RequestLog } from './request-log/plugin.js';
import { createShopping, type Shopping } from './shopping/plugin.js';
import { createWebhooks, type Webhooks, type WebhooksOptions } from './webhooks/plugin.js';

export interface AppOptions {
  /**
   * The sources the gateway sells from (src/sources/table.ts by default). The platform's
   * configuration must have been loaded with the same table (src/sources/load-config.ts).
   */
  sources?: SourceTable;
  /**
   * Where test keys reach each source's test system, by source code (`{ AA: url }`): the
   * in-process one or `<CODE>_TEST_URL`. A source absent or null has none, and searches leave it out.
   */
  testSystemUrls?: Readonly<Partial<Record<string, string | null>>>;
  /** Webhook delivery collaborators a test controls: the host resolver, extra trusted CAs, the attempt time-out. */
  webhooks?: Pick<WebhooksOptions, 'resolver' | 'ca' | 'attemptTimeoutMs' | 'anyPortForTests'>;
}

/** The app and the features it was built from: what the CLI, tests and benches reach services through. */
export interface Gateway {
  app: FastifyInstance;
  identity: Identity;
  apiKeys: ApiKeyService;
  connectors: Connectors;
  shopping: Shopping;
  monitoring: Monitoring;
  portal: Portal;
  billing: Billing;
  orders: Orders;
  webhooks: Webhooks;
  events: Events;
  aviation: Aviation;
  requestLog: RequestLog;
}

declare module 'fastify' {
  interface FastifyInstance {
    platform: Platform;
  }
}

/** Builds the HTTP API on a platform. It never listens: server.ts does, tests use inject(). */
export async function buildApp(platform: Platform, options: AppOptions = {}): Promise<FastifyInstance> {
  return (await buildGateway(platform, options)).app;
}

/** Builds the app and returns it with its features' services. */
export async function buildGateway(platform: Platform, options: AppOptions = {}): Promise<Gateway> {
  const { config } = platform;
  const app: FastifyInstance = Fastify({
    loggerInstance: platform.logger as FastifyBaseLogger,
    // One access line per request, when it ends (access-log.ts).
    logController: new AccessLog(platform.logger),
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: requestIdFor,
    requestIdHeader: false,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Offer ids are long and percent-encoded; the default 100 characters would cut them.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH, ignoreTrailingSlash: true },
    // A malformed URL or an overlong parameter never reaches a route: answer it in our error format.
    frameworkErrors: answerFrameworkError,
    // A request the HTTP parser refuses (timed out, oversized headers) answers in that format too.
    clientErrorHandler: clientErrorHandler(platform.logger as FastifyBaseLogger, errorsPageUrl(config.publicUrl)),
    return503OnClosing: true,
    // Coercion for query strings, params and headers only; JSON bodies are validated as sent. Each
    // distinct response schema is compiled once, not once per route and status (778 -> 214).
    schemaController: {
      compilersFactory: { buildValidator: partAwareValidatorFactory(), buildSerializer: sharedSerializerFactory() },
    },
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

  app.decorate('platform', platform);
  // Every route declares its policy (`config.auth`, `config.surface`): the gate and the error
  // handler read it from the matched route. The app refuses to start while one is missing.
  requireRoutePolicies(app);
  // Before any route: it puts itself on each route as the route's last onSend hook, so it sees an
  // answer after every other hook has read it (compression.ts).
  if (config.http.compression) registerCompression(app, { compressions: platform.metrics.compressions });
  // A query parameter a route does not declare is a 400 naming it (strict-query.ts).
  registerStrictQuery(app);
  // Fields renamed to snake_case keep their former camelCase spelling for the deprecation period.
  registerFormerSpellings(app, `${config.publicUrl.replace(/\/+$/, '')}/docs`);
  // First of every hook: each database statement and Redis command is counted for its request.
  registerRequestCosts(app, platform.costs);
  // Tracing on (OTEL_*): a span per request, continuing the caller's `traceparent`.
  registerRequestSpans(app);

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
  registerContentEncodingGuard(app);
  registerJsonBodyParser(app);
  registerErrorHandling(app, errorsPageUrl(config.publicUrl));
  // CHECK_RESPONSES (the test suite): every answer is held to what /openapi.json declares for it.
  if (config.checkResponses) registerResponseCheck(app);
  registerMetrics(app, platform.metrics, config.metricsToken);
  await registerOpenApi(app, config);

  // The features, each built by its plugin.ts from the collaborators it names, then registered in
  // dependency order (each plugin declares its dependencies; Fastify refuses a wrong order).
  const identity = createIdentity(platform);
  const auth = createAuth({ platform });
  const connectors = createConnectors({
    platform,
    build: (shared) => sourceConnectors(options.sources ?? SOURCES, config, options.testSystemUrls ?? {}, shared),
  });
  const portal = createPortal({ platform, identity, apiKeys: auth.apiKeys });
  // Every route whose policy is `session`, whichever feature registers it, needs a portal session.
  const sessionGate = createSessionGate(portal.services.sessions);
  const billing = createBilling({ platform });
  const requestLog = createRequestLog({ platform });
  // Offers reads a booked order's seat map and services by order id (the dashboard's order page shows
  // them); orders prices extras through offers. What offers needs of orders is built first.
  const offers = createOffers({
    platform,
    connectors: connectors.registry,
    bookedOrders: createBookedOrderResolver(platform.db),
  });
  const orders = createOrders({
    platform,
    connectors: connectors.registry,
    requireAccreditation: billing.terms.requireAccreditation,
    ancillaries: offers.offers,
    sources: options.sources ?? SOURCES,
  });
  const aviation = createAviation({ platform });
  const shopping = createShopping({ platform, connectors: connectors.registry, airportCodes: aviation.airportCodes });
  const monitoring = createMonitoring({ platform, connectors: connectors.registry });
  const webhooks = createWebhooks({ platform, ...options.webhooks });
  const events = createEvents({ platform });
  const health = createHealth({ platform });
  const dashboard = createDashboard({ platform });

  await app.register(auth.plugin);
  await app.register(sessionGate);
  // Right after the gates: the meter and the standing check see every route the gates pass.
  await app.register(billing.plugin);
  // Before the features' routes: its onResponse hook records every API-key request they answer.
  await app.register(requestLog.plugin);
  await app.register(health.plugin);
  await app.register(connectors.plugin);
  await app.register(shopping.plugin);
  await app.register(offers.plugin);
  await app.register(monitoring.plugin);
  await app.register(portal.plugin);
  await app.register(orders.plugin);
  await app.register(webhooks.plugin);
  await app.register(events.plugin);
  await app.register(aviation.plugin);
  await app.register(dashboard.plugin);

  return {
    app,
    identity,
    apiKeys: auth.apiKeys,
    connectors,
    shopping,
    monitoring,
    portal,
    billing,
    orders,
    webhooks,
    events,
    aviation,
    requestLog,
  };
}

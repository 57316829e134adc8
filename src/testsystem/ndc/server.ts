// Entry point of an airline's test system: a Fastify server of its own that speaks the airline's
// NDC 21.3 XML on /ndc/21.3/<Message> and offers /control/* for tests and the monitoring probe. The
// airline is a profile (airline-profile.ts); src/testsystem/aa/ and vs/ each start one.

import Fastify, { LogController, type FastifyBaseLogger } from 'fastify';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import { PricingControl } from './fares/fare-currency.js';
import { createFaultControl } from './control/fault-control.js';
import { registerInventoryControlRoutes } from './control/inventory-control-routes.js';
import { createInventoryService } from './network/inventory-service.js';
import { HANDLERS, registerMessageRoutes, responseRootFor } from './message-router.js';
import type { AirlineProfile } from './airline-profile.js';
import { errorDocument } from './wire/ndc-errors.js';
import { startRetention } from './storage/retention.js';
import { registerControlRoutes } from './control/control-routes.js';
import { registerOrderControlRoutes } from './orders/order-control-routes.js';
import { registerScheduleChangeRoutes } from './control/schedule-change-routes.js';
import { createNotificationSender } from './notify/notification-sender.js';
import { createOfferStore } from './offers/offer-store.js';
import { createRequestValidation } from './wire/request-validation.js';
import { createGhostFlightRule, soldOutRule } from './control/scenario-triggers.js';
import { createScheduleService } from './network/schedule-service.js';
import { createSystemClock } from './system-clock.js';
import { openAirlineState, StoreUnavailableError } from './storage/airline-state.js';
import { createBookingStore } from './storage/booking-store.js';
import { openAirlinePersistence, type TestSystemStorage } from './storage/open-storage.js';
import type { TestSystemDeps } from './test-system-deps.js';
import type { FlightPattern } from './network/flight-pattern.js';
import { listenedUrl } from '../listened-url.js';

/** The schema folder sits next to the repository (../shared/ndc/schemas-21.3 from the repo root). */
export const DEFAULT_SCHEMA_DIR = '../shared/ndc/schemas-21.3';
// src/testsystem/ndc (or dist/testsystem/ndc) is three levels below the repo root, whatever the cwd.
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface NdcTestSystemOptions {
  host?: string;
  port?: number;
  subscriptionKey: string;
  schemaDir?: string;
  logger?: Logger | false;
  /**
   * Where the airline's OrderChangeNotifRQ go (the seller's notification endpoint) and the shared
   * secret that signs them (the profile's development secret when absent). The in-process test
   * system learns the gateway's URL once it listens (notifyTo).
   */
  notify?: { url?: string | null; secret?: string };
  /**
   * Where bookings, seats sold and the clock setting are kept (the profile's schema, e.g.
   * aa_test_system): the gateway's open database, or a database of its own. Absent: memory only.
   */
  storage?: TestSystemStorage;
  /**
   * Days after a booking's last flight lands before it is purged (as an airline purges PNRs after
   * travel), with the seats sold of flights that long gone; checked at start and hourly. Absent or
   * 0: kept for ever.
   */
  retentionDays?: number;
}

export interface NdcTestSystem {
  url: string;
  close(): Promise<void>;
}

/** The in-process test system: also told where the seller's notification endpoint is, once known. */
export interface InProcessNdcTestSystem extends NdcTestSystem {
  /** Points the airline's change notifications at a seller endpoint (null: none are sent). */
  notifyTo(url: string | null): void;
}

export async function startNdcTestSystem(
  profile: AirlineProfile,
  options: NdcTestSystemOptions,
): Promise<InProcessNdcTestSystem> {
  const logger = options.logger ? options.logger.child({ component: `${profile.code.toLowerCase()}-test-system` }) : null;
  const schemaDir = path.resolve(options.schemaDir ?? path.join(REPO_ROOT, DEFAULT_SCHEMA_DIR));
  let patterns: readonly FlightPattern[] = [];
  const schedule = createScheduleService(profile, {
    ghostFlights: createGhostFlightRule(profile.scenarios, () => patterns),
  });
  patterns = schedule.patterns;
  const clock = createSystemClock();
  const inventory = createInventoryService({
    clock,
    aircraft: profile.network.aircraft,
    isSoldOut: soldOutRule(profile.scenarios),
  });
  const bookings = createBookingStore();
  const persistence = await openAirlinePersistence(options.storage, profile.storage);
  let state;
  try {
    state = await openAirlineState({ bookings, inventory, clock, persistence, logger });
  } catch (err) {
    await persistence.close();
    throw err;
  }
  const deps: TestSystemDeps = {
    profile,
    schedule,
    clock,
    inventory,
    store: createOfferStore(),
    bookings,
    state,
    faults: createFaultControl(),
    pricing: new PricingControl(),
    logger,
  };
  const validation = createRequestValidation({ schemaDir, roots: HANDLERS.map((h) => h.requestRoot), logger });
  // Per-request lines would drown the gateway's log when it runs us in-process; failures are still logged.
  const app = Fastify({
    ...(logger ? { loggerInstance: logger as FastifyBaseLogger } : { logger: false }),
    logController: new LogController({ disableRequestLogging: true }),
    forceCloseConnections: true,
    bodyLimit: 2 * 1024 * 1024,
  });
  // NDC bodies are read as text whatever the declared type, so a wrong Content-Type still gets an NDC answer.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    const storeDown = error instanceof StoreUnavailableError;
    const status = storeDown
      ? 503
      : error.statusCode && error.statusCode >= 400 && error.statusCode < 500
        ? error.statusCode
        : 500;
    if (status === 500) logger?.error({ err: error }, `${profile.code} test system failed`);
    if (!request.url.startsWith('/ndc/'))
      return reply.code(status).send({ error: status === 500 ? 'internal error' : error.message });
    const detail = status >= 500 ? profile.errors.unavailable : profile.errors.malformed(error.message);
    return reply
      .code(status)
      .type('application/xml; charset=utf-8')
      .send(errorDocument(responseRootFor(request.url), [detail]));
  });
  // Before the hook below: a schedule change stores its changes atomically itself, then tells the
  // seller outside that section, because the seller re-reads the order while being told.
  const notifications = createNotificationSender({
    url: options.notify?.url ?? null,
    secret: options.notify?.secret ?? profile.notify.devSecret,
    header: profile.notify.signatureHeader,
    logger,
  });
  registerScheduleChangeRoutes(app, deps, notifications);
  // Control routes change bookings, seats and the clock: each runs alone and its changes are stored
  // before it answers. NDC messages do the same around their handler only (message-router.ts), so
  // a fault's delay never holds up other requests.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/ndc/')) return;
    const handler = route.handler;
    route.handler = function (request, reply) {
      return state.atomically(() => handler.call(this, request, reply));
    };
  });
  registerMessageRoutes(app, deps, { subscriptionKey: options.subscriptionKey, validation });
  registerInventoryControlRoutes(app, deps);
  registerOrderControlRoutes(app, deps);
  registerControlRoutes(app, deps, options.retentionDays ?? 0, () => ({
    validation: validation.mode,
    routes: schedule.routeCount(),
    flightPatterns: schedule.patterns.length,
  }));
  const sweep = setInterval(() => deps.store.sweep(clock.now()), 60_000);
  sweep.unref();
  const retention = startRetention(state, clock, options.retentionDays ?? 0, logger);
  try {
    await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });
  } catch (err) {
    clearInterval(sweep);
    retention.stop();
    await app.close();
    await state.close();
    throw err;
  }
  return {
    url: listenedUrl(app, options),
    notifyTo: (url) => notifications.target(url),
    async close() {
      clearInterval(sweep);
      retention.stop();
      notifications.close();
      await app.close();
      await state.close();
    },
  };
}

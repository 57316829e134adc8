import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { ConnectorRegistry } from '../connectors/connector-registry.js';
import type { OfferService } from '../offers/offer-service.js';
import { API_KEY_ROUTE, SESSION_ROUTE, setRoutePolicy } from '../platform/http/route-policy.js';
import type { Platform } from '../platform/platform.js';
import type { SourceTable } from '../sources/source.js';
import { BOOKING_RECOVERY_INTERVAL_MS, BOOKING_RECOVERY_JOB, runBookingRecovery } from './booking/recovery.js';
import { dashboardBookingRoutes } from './booking/dashboard-booking-routes.js';
import { bookingRoutes } from './booking/routes.js';
import { dashboardOrderRoutes } from './dashboard-routes.js';
import { runDeadlineSweep } from './deadline-sweep.js';
import { HOLD_LAPSE_SWEEP_JOB, runHoldLapseSweep } from './hold-lapse-sweep.js';
import { writeGate } from './route-context.js';
import { orderRoutes } from './routes.js';
import { orderServicingRoutes } from './servicing/routes.js';
import { acknowledgeRoutes } from './airline-changes/acknowledge-routes.js';
import { AIRLINE_SWEEP_JOB, runAirlineSweep } from './airline-changes/airline-sweep.js';
import { notificationRoutes } from './airline-changes/notification-routes.js';
import { sourcePushRoutes } from './airline-changes/source-push-routes.js';
import { DEFERRED_REFRESH_INTERVAL_MS, DEFERRED_REFRESH_JOB, runDeferredRefreshes } from './airline-changes/refresh-limiter.js';
import type { RequireAccreditation } from './booking/service.js';

const TICKETING_DEADLINE_SWEEP_JOB = 'orders.ticketing-deadline-sweep';

export interface OrdersOptions {
  platform: Platform;
  connectors: ConnectorRegistry;
  /** Billing's accreditation rule for ticketing in production (`billing.terms.requireAccreditation`). */
  requireAccreditation?: RequireAccreditation;
  /** The offers feature's seat maps and services, which the dashboard shows for a booked order. */
  ancillaries: Pick<OfferService, 'seats' | 'services'>;
  /** The table of sources: a row that declares a push of its own (`push`) gets its route here. */
  sources: SourceTable;
}

export interface Orders {
  plugin: FastifyPluginAsync;
}

/**
 * Orders: `/v1/orders` on an API key and the dashboard's order actions on a portal session, the
 * hourly ticketing-deadline sweep and the booking recovery (each once per cluster).
 */
export function createOrders({ platform, connectors, requireAccreditation, ancillaries, sources }: OrdersOptions): Orders {
  const clock = () => platform.clock();

  const plugin = fp(
    async (app) => {
      platform.scheduler.add({
        name: TICKETING_DEADLINE_SWEEP_JOB,
        intervalMs: platform.config.ticketingDeadlineSweepSeconds * 1000,
        oncePerCluster: true,
        run: async () =>
          void (await runDeadlineSweep({ db: platform.db, clock, mailer: platform.mailer, logger: platform.logger })),
      });
      // Holds past their payment deadline: re-read from the airline, so a lapse is recorded (order.cancelled) once.
      platform.scheduler.add({
        name: HOLD_LAPSE_SWEEP_JOB,
        intervalMs: platform.config.holdLapseSweepSeconds * 1000,
        oncePerCluster: true,
        run: async () => void (await runHoldLapseSweep({ db: platform.db, connectors, clock, logger: platform.logger })),
      });
      // Finishes or frees bookings whose request died between the airline call and the order insert.
      platform.scheduler.add({
        name: BOOKING_RECOVERY_JOB,
        intervalMs: BOOKING_RECOVERY_INTERVAL_MS,
        runOnStart: true,
        oncePerCluster: true,
        run: async () => void (await runBookingRecovery({ db: platform.db, connectors, clock, logger: platform.logger })),
      });
      // The safety net under airline notifications: open orders departing within 72 hours, re-read at a bounded rate.
      platform.scheduler.add({
        name: AIRLINE_SWEEP_JOB,
        intervalMs: platform.config.airlineSweep.intervalSeconds * 1000,
        oncePerCluster: true,
        run: async () =>
          void (await runAirlineSweep(
            { db: platform.db, connectors, clock, logger: platform.logger },
            platform.config.airlineSweep,
          )),
      });
      // Orders a notification named while they were re-read less than a window ago: re-read when it ends.
      platform.scheduler.add({
        name: DEFERRED_REFRESH_JOB,
        intervalMs: DEFERRED_REFRESH_INTERVAL_MS,
        oncePerCluster: true,
        run: async () =>
          void (await runDeferredRefreshes({
            db: platform.db,
            connectors,
            clock,
            logger: platform.logger,
            refreshWindowMs: platform.config.airlineNotifications.refreshSeconds * 1000,
          })),
      });
      await app.register(async (api) => {
        setRoutePolicy(api, { ...API_KEY_ROUTE, meter: 'orders' });
        await api.register(orderRoutes, { platform, connectors });
        await api.register(bookingRoutes, { platform, connectors, requireAccreditation });
        await api.register(orderServicingRoutes, { platform, connectors, requireAccreditation });
        await api.register(acknowledgeRoutes, { platform, connectors });
      });
      // Airlines pushing change notifications: their own XML body parser and signature check.
      await app.register(notificationRoutes, { platform, connectors });
      // Sources pushing their own format (Duffel's webhook events): one route per row declaring one,
      // for the sources connected here, the body kept as raw bytes for the signature check.
      for (const source of sources) {
        if (source.push && connectors.get(source.code))
          await app.register(sourcePushRoutes, { platform, connectors, code: source.code, push: source.push });
      }
      await app.register(async (dashboard) => {
        setRoutePolicy(dashboard, SESSION_ROUTE);
        await dashboard.register(dashboardOrderRoutes, {
          platform,
          connectors,
          gate: writeGate(platform.config),
          ancillaries,
        });
        await dashboard.register(dashboardBookingRoutes, { platform, connectors, requireAccreditation });
      });
    },
    { name: 'orders', dependencies: ['connectors', 'session-gate'], encapsulate: true },
  );
  return { plugin };
}

import fp from 'fastify-plugin';
import { API_KEY_ROUTE, SESSION_ROUTE, setRoutePolicy } from '../platform/http/route-policy.js';
import { createMailer } from '../platform/mail.js';
import { BOOKING_RECOVERY_INTERVAL_MS, BOOKING_RECOVERY_JOB, runBookingRecovery } from './booking-recovery.js';
import { runDeadlineSweep } from './deadline-sweep.js';
import { airlineOfOrderId } from './order-access.js';
import { findAgencyOrder } from './order-store.js';
import { dashboardOrderRoutes } from './dashboard-routes.js';
import { writeGate } from './route-context.js';
import { orderRoutes } from './routes.js';
import { orderServicingRoutes } from './servicing-routes.js';

const HOUR_MS = 60 * 60 * 1000;

/**
 * /v1/orders, the hourly ticketing-deadline sweep and the booking recovery (each once per cluster).
 * Needs the connectors plugin.
 */
export const ordersPlugin = fp(
  async (app) => {
    const platform = app.platform;
    const mailer = createMailer(platform);
    app.addHook('onClose', async () => mailer.close());
    platform.scheduler.add({
      name: 'orders.ticketing-deadline-sweep',
      intervalMs: HOUR_MS,
      oncePerCluster: true,
      run: async () =>
        void (await runDeadlineSweep({ db: platform.db, clock: () => platform.clock(), mailer, logger: platform.logger })),
    });
    // Finishes or frees bookings whose request died between the airline call and the order insert.
    platform.scheduler.add({
      name: BOOKING_RECOVERY_JOB,
      intervalMs: BOOKING_RECOVERY_INTERVAL_MS,
      runOnStart: true,
      oncePerCluster: true,
      run: async () =>
        void (await runBookingRecovery({
          db: platform.db,
          connectors: app.connectors,
          clock: () => platform.clock(),
          logger: platform.logger,
        })),
    });
    // The offers module's seats path accepts an order id of the caller's agency through this seam.
    app.decorate('orderSeatResolver', {
      async resolve(id: string, agencyId: string | null) {
        if (!agencyId || !airlineOfOrderId(id)) return null;
        const order = await findAgencyOrder(platform.db, id, agencyId);
        return order ? { airline: order.airline, airlineOrderId: order.airline_order_id } : null;
      },
    });
    await app.register(async (api) => {
      setRoutePolicy(api, API_KEY_ROUTE);
      await api.register(orderRoutes);
      await api.register(orderServicingRoutes);
    });
    // The agency dashboard's order actions take a portal session (their scope adds its hook).
    await app.register(async (dashboard) => {
      setRoutePolicy(dashboard, SESSION_ROUTE);
      await dashboard.register(dashboardOrderRoutes, { gate: writeGate(platform.config) });
    });
  },
  { name: 'orders', dependencies: ['connectors'] },
);

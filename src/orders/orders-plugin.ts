import fp from 'fastify-plugin';
import { createMailer } from '../platform/mail.js';
import { runDeadlineSweep } from './deadline-sweep.js';
import { orderRoutes } from './routes.js';

const HOUR_MS = 60 * 60 * 1000;

/** /v1/orders and the hourly ticketing-deadline sweep (once per cluster). Needs the connectors plugin. */
export const ordersPlugin = fp(
  async (app) => {
    const platform = app.platform;
    const mailer = createMailer(platform);
    app.addHook('onClose', async () => mailer.close());
    platform.scheduler.add({
      name: 'orders.ticketing-deadline-sweep',
      intervalMs: HOUR_MS,
      oncePerCluster: true,
      run: async () => void (await runDeadlineSweep({ db: platform.db, clock: () => platform.clock(), mailer, logger: platform.logger })),
    });
    await app.register(orderRoutes);
  },
  { name: 'orders', dependencies: ['connectors'] },
);

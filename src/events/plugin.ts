import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { API_KEY_ROUTE, setRoutePolicy } from '../platform/http/route-policy.js';
import { createRateLimiter } from '../platform/rate-limit/rate-limiter.js';
import type { Platform } from '../platform/platform.js';
import { EVENTS_RETENTION_INTERVAL_MS, EVENTS_RETENTION_JOB, sweepEvents } from './retention.js';
import { createEventIds } from './event-ids.js';
import { createListenSecrets } from './listen-secrets.js';
import { eventRoutes } from './routes.js';
import { eventToolRoutes } from './tool-routes.js';
import { OpenStreams } from './stream.js';
import { createStreamPlaces } from './stream-places.js';

export interface EventsOptions {
  platform: Platform;
}

export interface Events {
  plugin: FastifyPluginAsync;
  /** The event streams open on this instance. */
  streams: OpenStreams;
}

/**
 * Order events to pull and stream (docs/webhooks.md, "Events you can pull and stream"): the
 * order_events outbox read back on an API key, kept 30 days, with each event's webhook deliveries;
 * the hourly retention sweep deletes what is older, deliveries and attempts with it.
 */
export function createEvents({ platform }: EventsOptions): Events {
  const streams = new OpenStreams();
  const places = createStreamPlaces(platform);
  const ids = createEventIds(platform.keyring);
  const clock = () => platform.clock();
  const testEvents = { db: platform.db, clock, limiter: createRateLimiter(platform, 'test-events') };
  const listenSecrets = createListenSecrets({ db: platform.db, keyring: platform.keyring, clock });
  const plugin = fp(
    async (app) => {
      platform.scheduler.add({
        name: EVENTS_RETENTION_JOB,
        intervalMs: EVENTS_RETENTION_INTERVAL_MS,
        runOnStart: true,
        oncePerCluster: true,
        run: async () => {
          const swept = await sweepEvents({ db: platform.db, clock: () => platform.clock() });
          if (swept.events + swept.testDeliveries > 0) platform.logger.info(swept, 'events retention sweep');
        },
      });
      // Streams never end on their own: end them first, so closing the server does not wait on them.
      app.addHook('preClose', async () => {
        const ended = streams.endAll();
        if (ended > 0) platform.logger.info({ streams: ended }, 'ended open event streams: server shutting down');
      });
      await app.register(async (api) => {
        setRoutePolicy(api, API_KEY_ROUTE);
        await api.register(eventRoutes, { platform, streams, places, ids });
        await api.register(eventToolRoutes, { ids, testEvents, listenSecrets });
      });
    },
    { name: 'events', dependencies: ['orders', 'webhooks'], encapsulate: true },
  );
  return { plugin, streams };
}

import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { API_KEY_ROUTE, setRoutePolicy } from '../platform/http/route-policy.js';
import type { Platform } from '../platform/platform.js';
import { eventRoutes } from './routes.js';
import { OpenStreams } from './stream.js';

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
 * order_events outbox read back on an API key, kept 30 days, with each event's webhook deliveries.
 */
export function createEvents({ platform }: EventsOptions): Events {
  const streams = new OpenStreams();
  const plugin = fp(
    async (app) => {
      // Streams never end on their own: end them first, so closing the server does not wait on them.
      app.addHook('preClose', async () => {
        const ended = streams.endAll();
        if (ended > 0) platform.logger.info({ streams: ended }, 'ended open event streams: server shutting down');
      });
      await app.register(async (api) => {
        setRoutePolicy(api, API_KEY_ROUTE);
        await api.register(eventRoutes, { platform, streams });
      });
    },
    { name: 'events', dependencies: ['orders', 'webhooks'], encapsulate: true },
  );
  return { plugin, streams };
}

import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { AirportCodes } from '../aviation/airport-codes.js';
import type { ConnectorRegistry } from '../connectors/connector-registry.js';
import { API_KEY_ROUTE, SESSION_ROUTE, setRoutePolicy } from '../platform/http/route-policy.js';
import type { Platform } from '../platform/platform.js';
import { createLookToBook, LOOK_TO_BOOK_FLUSH_MS, type LookToBook } from './look-to-book.js';
import { createSearchCache } from './search-cache.js';
import { createSearchRateLimit } from './search-rate-limit.js';
import { dashboardSearchRoutes } from './dashboard-search-routes.js';
import { searchRoutes } from './search-routes.js';
import { createSearchService, type SearchService } from './search-service.js';

export interface ShoppingOptions {
  platform: Platform;
  connectors: ConnectorRegistry;
  /** The aviation data's airport codes: a search naming one it does not know is warned. */
  airportCodes: AirportCodes;
}

export interface Shopping {
  plugin: FastifyPluginAsync;
  search: SearchService;
  /** Searches and bookings per agency per day (bookings are added by the orders feature's SQL). */
  lookToBook: LookToBook;
}

/** Offer search: `/v1/shopping/offers` and its stream, the dashboard's `/v1/dev/shopping/offers`, the search cache and look-to-book counting. */
export function createShopping({ platform, connectors, airportCodes }: ShoppingOptions): Shopping {
  const lookToBook = createLookToBook(platform);
  const search = createSearchService(platform, connectors, createSearchCache(platform));

  const plugin = fp(
    async (app) => {
      platform.scheduler.add({ name: 'look-to-book-flush', intervalMs: LOOK_TO_BOOK_FLUSH_MS, run: () => lookToBook.flush() });
      // As the other counters at close: a failed write is logged, never a failed shutdown (the
      // counts it kept are this instance's and end with it).
      app.addHook('onClose', async () => {
        await lookToBook
          .flush()
          .catch((err: unknown) => platform.logger.warn({ err }, 'look-to-book counts not flushed at close'));
      });
      const rateLimit = createSearchRateLimit(platform);
      await app.register(async (api) => {
        setRoutePolicy(api, { ...API_KEY_ROUTE, meter: 'shopping' });
        await api.register(searchRoutes, { platform, search, lookToBook, rateLimit, airportCodes });
      });
      // The dashboard's search on a portal session: not metered, the same rate limit (docs/dashboard.md).
      await app.register(async (dashboard) => {
        setRoutePolicy(dashboard, SESSION_ROUTE);
        await dashboard.register(dashboardSearchRoutes, { platform, search, lookToBook, rateLimit, airportCodes });
      });
    },
    { name: 'shopping', dependencies: ['connectors', 'session-gate'], encapsulate: true },
  );
  return { plugin, search, lookToBook };
}

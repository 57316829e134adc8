import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { ConnectorRegistry } from '../connectors/connector-registry.js';
import { API_KEY_ROUTE, setRoutePolicy } from '../platform/http/route-policy.js';
import type { Platform } from '../platform/platform.js';
import { createLookToBook, LOOK_TO_BOOK_FLUSH_MS, type LookToBook } from './look-to-book.js';
import { createSearchCache } from './search-cache.js';
import { createSearchRateLimit } from './search-rate-limit.js';
import { searchRoutes } from './search-routes.js';
import { createSearchService, type SearchService } from './search-service.js';

export interface ShoppingOptions {
  platform: Platform;
  connectors: ConnectorRegistry;
}

export interface Shopping {
  plugin: FastifyPluginAsync;
  search: SearchService;
  /** Searches and bookings per agency per day (bookings are added by the orders feature's SQL). */
  lookToBook: LookToBook;
}

/** Offer search: `/v1/shopping/offers` and its stream, the search cache and look-to-book counting. */
export function createShopping({ platform, connectors }: ShoppingOptions): Shopping {
  const lookToBook = createLookToBook(platform);
  const search = createSearchService(platform, connectors, createSearchCache(platform));

  const plugin = fp(
    async (app) => {
      setRoutePolicy(app, { ...API_KEY_ROUTE, meter: 'shopping' });
      platform.scheduler.add({ name: 'look-to-book-flush', intervalMs: LOOK_TO_BOOK_FLUSH_MS, run: () => lookToBook.flush() });
      app.addHook('onClose', async () => lookToBook.flush());
      await app.register(searchRoutes, { platform, search, lookToBook, rateLimit: createSearchRateLimit(platform) });
    },
    { name: 'shopping', dependencies: ['connectors'], encapsulate: true },
  );
  return { plugin, search, lookToBook };
}

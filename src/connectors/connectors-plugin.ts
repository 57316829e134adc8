import fp from 'fastify-plugin';
import type { Platform } from '../platform/platform.js';
import { createConnectorRegistry, type ConnectorRegistry } from './connector-registry.js';
import { createOfferIdAuthenticator } from './offer-id-auth.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every registered airline; shopping, offers, orders and monitoring reach airlines only through it. */
    connectors: ConnectorRegistry;
  }
}

/** Builds the connector registry once per app and closes its connection pools with the app. */
export const connectorsPlugin = fp<{ platform: Platform; aaTestSystemUrl: string | null }>(
  async (app, { platform, aaTestSystemUrl }) => {
    const registry = createConnectorRegistry(
      {
        config: platform.config,
        testSystemUrls: { AA: aaTestSystemUrl },
        clock: () => platform.clock(),
        offerIds: createOfferIdAuthenticator(platform.keyring),
      },
      platform.metrics.registry,
    );
    app.decorate('connectors', registry);
    app.addHook('onClose', async () => registry.close());
  },
  { name: 'connectors' },
);

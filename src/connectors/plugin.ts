import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Platform } from '../platform/platform.js';
import { createConnectorRegistry, type ConnectorRegistry } from './connector-registry.js';
import { createOfferIdAuthenticator } from './offer-id-auth.js';

export interface ConnectorsOptions {
  platform: Platform;
  /** Where test keys reach the AA test system (the in-process one, or AA_TEST_URL). */
  aaTestSystemUrl: string | null;
  /** Where test keys reach the VS test system (the in-process one, or VS_TEST_URL); absent or null: none, and searches leave VS out. */
  vsTestSystemUrl?: string | null;
}

export interface Connectors {
  /** Closes the airlines' connection pools with the app. */
  plugin: FastifyPluginAsync;
  /** Every registered airline; shopping, offers, orders and monitoring reach airlines only through it. */
  registry: ConnectorRegistry;
}

/** The airline connectors, built once per app. */
export function createConnectors({ platform, aaTestSystemUrl, vsTestSystemUrl }: ConnectorsOptions): Connectors {
  const registry = createConnectorRegistry(
    {
      config: platform.config,
      testSystemUrls: { AA: aaTestSystemUrl, VS: vsTestSystemUrl ?? null },
      clock: () => platform.clock(),
      offerIds: createOfferIdAuthenticator(platform.keyring),
    },
    platform.metrics.registry,
  );
  const plugin = fp(
    async (app) => {
      app.addHook('onClose', async () => registry.close());
    },
    { name: 'connectors', encapsulate: true },
  );
  return { plugin, registry };
}

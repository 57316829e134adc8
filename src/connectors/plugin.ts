import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Platform } from '../platform/platform.js';
import {
  createConnectorRegistry,
  type ClosableConnector,
  type ConnectorRegistry,
  type SharedConnectorDeps,
} from './connector-registry.js';
import { createOfferIdAuthenticator } from './offer-id-auth.js';

export interface ConnectorsOptions {
  platform: Platform;
  /** Builds one connector per source (src/sources/connectors.ts, from the table of sources). */
  build(shared: SharedConnectorDeps): ClosableConnector[];
}

export interface Connectors {
  /** Closes the sources' connection pools with the app. */
  plugin: FastifyPluginAsync;
  /** Every registered source; shopping, offers, orders and monitoring reach sources only through it. */
  registry: ConnectorRegistry;
}

/** The connectors, one per source, built once per app. */
export function createConnectors({ platform, build }: ConnectorsOptions): Connectors {
  const registry = createConnectorRegistry(
    build({ clock: () => platform.clock(), offerIds: createOfferIdAuthenticator(platform.keyring) }),
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

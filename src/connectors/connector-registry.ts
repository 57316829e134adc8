import type { Registry } from 'prom-client';
import type { Config } from '../platform/config.js';
import { createAaConnector } from './aa/aa-connector.js';
import type { Connector } from './connector.js';
import { instrumentConnector } from './connector-metrics.js';
import type { OfferIdAuthenticator } from './offer-id-auth.js';
import { splitOfferId } from './offer-id.js';

/** What a connector factory may use: configuration, where test systems listen, the clock, and the offer id keys. */
export interface ConnectorDeps {
  config: Readonly<Config>;
  /** Test system base URL per airline code (the in-process AA test system, or AA_TEST_URL). */
  testSystemUrls: Readonly<Record<string, string | null>>;
  clock: () => Date;
  offerIds: OfferIdAuthenticator;
}

type ClosableConnector = Connector & { close?(): Promise<void> };

/** Adding an airline: a folder under connectors/ and one line here. */
const FACTORIES: ((deps: ConnectorDeps) => ClosableConnector)[] = [
  (deps) =>
    createAaConnector({
      testUrl: deps.testSystemUrls.AA ?? null,
      testSubscriptionKey: deps.config.aa.testSubscriptionKey,
      liveUrl: deps.config.aa.liveUrl,
      liveSubscriptionKey: deps.config.aa.liveSubscriptionKey,
      clock: deps.clock,
      offerIds: deps.offerIds,
    }),
];

export interface ConnectorRegistry {
  all(): readonly Connector[];
  get(code: string): Connector | undefined;
  /** The connector whose code prefixes an offer (or order) id. */
  forId(id: string): Connector | undefined;
  close(): Promise<void>;
}

export function createConnectorRegistry(deps: ConnectorDeps, metrics: Registry, factories = FACTORIES): ConnectorRegistry {
  const raw = factories.map((make) => make(deps));
  const connectors = raw.map((c) => instrumentConnector(c, metrics));
  const byCode = new Map(connectors.map((c) => [c.code, c]));
  return {
    all: () => connectors,
    get: (code) => byCode.get(code.toUpperCase()),
    forId(id) {
      const parts = splitOfferId(id);
      return parts ? byCode.get(parts.airline) : undefined;
    },
    async close() {
      await Promise.all(raw.map((c) => (c.close ? c.close() : Promise.resolve())));
    },
  };
}

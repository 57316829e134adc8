import type { Registry } from 'prom-client';
import type { AirlineConfig, Config } from '../platform/config.js';
import { AA_PROFILE } from './aa/aa-profile.js';
import type { Connector } from './connector.js';
import { instrumentConnector } from './connector-metrics.js';
import type { OfferIdAuthenticator } from './offer-id-auth.js';
import type { NdcAirlineProfile } from './ndc/ndc-airline-profile.js';
import { createNdcConnector } from './ndc/ndc-connector.js';
import { splitOfferId } from './offer-id.js';
import { VS_PROFILE } from './vs/vs-profile.js';

/** What a connector factory may use: configuration, where test systems listen, the clock, and the offer id keys. */
export interface ConnectorDeps {
  config: Readonly<Config>;
  /** Test system base URL per airline code (an in-process test system, or <CODE>_TEST_URL); null or absent: none. */
  testSystemUrls: Readonly<Record<string, string | null>>;
  clock: () => Date;
  offerIds: OfferIdAuthenticator;
}

type ClosableConnector = Connector & { close?(): Promise<void> };

/**
 * An airline that speaks NDC 21.3: the core with its profile, reached at its test system and at
 * the live endpoint its settings (config.aa, config.vs: <CODE>_LIVE_URL, <CODE>_*_SUBSCRIPTION_KEY) name.
 */
const ndcAirline =
  (profile: NdcAirlineProfile, settings: (config: Readonly<Config>) => AirlineConfig) =>
  (deps: ConnectorDeps): ClosableConnector => {
    const airline = settings(deps.config);
    return createNdcConnector(profile, {
      testUrl: deps.testSystemUrls[profile.code] ?? null,
      testSubscriptionKey: airline.testSubscriptionKey,
      liveUrl: airline.liveUrl,
      liveSubscriptionKey: airline.liveSubscriptionKey,
      clock: deps.clock,
      offerIds: deps.offerIds,
    });
  };

/** Adding an airline: a profile under connectors/<code>/ and one line here (docs/connectors.md). */
const FACTORIES: ((deps: ConnectorDeps) => ClosableConnector)[] = [
  ndcAirline(AA_PROFILE, (config) => config.aa),
  ndcAirline(VS_PROFILE, (config) => config.vs),
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

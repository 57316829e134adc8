import type { Registry } from 'prom-client';
import type { Connector } from './connector.js';
import { instrumentConnector } from './connector-metrics.js';
import type { OfferIdAuthenticator } from './offer-id-auth.js';
import { splitOfferId } from './offer-id.js';

/** What every connector is built with, whatever its source: the clock and the offer id keys. */
export interface SharedConnectorDeps {
  clock: () => Date;
  offerIds: OfferIdAuthenticator;
}

export type ClosableConnector = Connector & { close?(): Promise<void> };

export interface ConnectorRegistry {
  /** One connector per source, in the order of the table of sources (src/sources/table.ts). */
  all(): readonly Connector[];
  /** The connector of a source code (`AA`, `duffel`: any case). */
  get(code: string): Connector | undefined;
  /** The connector whose source code prefixes an offer (or order) id. */
  forId(id: string): Connector | undefined;
  close(): Promise<void>;
}

/** The registry of the connectors the table of sources built (src/sources/connectors.ts), each instrumented. */
export function createConnectorRegistry(raw: readonly ClosableConnector[], metrics: Registry): ConnectorRegistry {
  const connectors = raw.map((c) => instrumentConnector(c, metrics));
  const byCode = new Map(connectors.map((c) => [c.code, c]));
  if (byCode.size !== connectors.length) throw new Error('two connectors share a source code');
  return {
    all: () => connectors,
    get: (code) => byCode.get(code.toUpperCase()),
    forId(id) {
      const parts = splitOfferId(id);
      return parts ? byCode.get(parts.source) : undefined;
    },
    async close() {
      await Promise.all(raw.map((c) => (c.close ? c.close() : Promise.resolve())));
    },
  };
}

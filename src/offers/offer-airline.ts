import type { Connector } from '../connectors/connector.js';
import type { ConnectorRegistry } from '../connectors/connector-registry.js';
import { unknownOfferAirline } from '../connectors/offer-id-refusal.js';
import { badRequest } from '../platform/errors.js';

/**
 * The connector for an offer id: the source its prefix names, or the `airline` given. `airline`
 * names a source (`AA`, `VS`, `DUFFEL`) or, for an aggregator's offer whose id says its owner,
 * that owner airline (`ZZ` for a `DUFFEL|…` offer of Duffel Airways). An id with no known prefix
 * and no `airline`, or an airline that is neither connected nor the offer's owner, is
 * `unknown airline`.
 */
export function connectorFor(registry: ConnectorRegistry, id: string, airline: string | undefined): Connector {
  const byPrefix = registry.forId(id);
  if (airline !== undefined && airline !== '') {
    if (byPrefix && byPrefix.offerFacts(id)?.owner === airline.trim().toUpperCase()) return byPrefix;
    const named = registry.get(airline.trim());
    if (!named) throw unknownOfferAirline(id, airline, sourceCodes(registry));
    if (byPrefix && byPrefix !== named)
      throw badRequest(
        `airline ${airline.toUpperCase()} does not match the offer (it is a ${byPrefix.code} offer)`,
        'airline_mismatch',
      );
    return named;
  }
  if (!byPrefix) throw unknownOfferAirline(id, undefined, sourceCodes(registry));
  return byPrefix;
}

const sourceCodes = (registry: ConnectorRegistry) => registry.all().map((c) => c.code);

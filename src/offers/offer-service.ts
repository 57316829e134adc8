import type { ConnectorRegistry } from '../connectors/connector-registry.js';
import type { Connector } from '../connectors/connector.js';
import type { AncillarySubject, SeatMap } from '../connectors/connector-types.js';
import { failureToHttp } from '../connectors/failure-http.js';
import { explainExpiry, knownOfferFacts } from '../connectors/offer-facts.js';
import { MAX_SLICES } from '../connectors/trip-limits.js';
import { badRequest, notFound } from '../platform/errors.js';
import type { Platform } from '../platform/platform.js';
import { decimal, offerJson } from '../shopping/offer-view.js';
import { connectorFor } from './offer-airline.js';
import type { PricedOffer, SeatMapAnswer, ServiceAnswer } from './offer-schemas.js';

/**
 * Where the orders feature plugs in booked orders: given an id, it answers the source that sold it
 * (whose connector is asked), the owner airline and the airline's order id when the id is one of
 * the agency's orders, null otherwise (so the seats and
 * services paths take an order id as well as an offer id). Declared here, where it is used, and
 * passed in by app.ts: the two features meet through this port, not through imports of each other.
 */
export interface BookedOrderResolver {
  resolve(id: string, agencyId: string | null): Promise<{ source: string; airline: string; airlineOrderId: string } | null>;
}

export const SEGMENT_NOT_FOUND = 'seat_map_segment_not_found';

type Env = 'test' | 'live';

/** Who asks about an offer's seats or services: the caller's agency and environment, and how its orders are found. */
export interface AncillaryCaller {
  agencyId: string | null;
  environment: Env;
  /** Resolves an order id of the caller's agency (null: only offer ids are accepted). */
  orders: BookedOrderResolver | null;
}

export interface OfferService {
  /** Prices offers of one airline together (a repeated id once); 400 `airline_mismatch` or `too_many_offers`, the airline's failure as its HTTP error. */
  price(ids: string[], airline: string | undefined, environment: Env): Promise<PricedOffer>;
  /** The seat maps of an offer or of one of the caller's orders, all segments or `segment_id`'s (404 when it has none). */
  seats(id: string, query: { airline?: string; segment_id?: string }, caller: AncillaryCaller): Promise<SeatMapAnswer>;
  /** The extra services (bags, meals...) an offer or one of the caller's orders can add. */
  services(id: string, airline: string | undefined, caller: AncillaryCaller): Promise<ServiceAnswer[]>;
}

export function createOfferService(platform: Platform, registry: ConnectorRegistry): OfferService {
  /**
   * An order id of the caller's agency is asked about as that booked order (its airline is the
   * order's, whatever `airline` says); anything else must be an offer id this gateway issued.
   */
  async function subjectOf(
    id: string,
    airline: string | undefined,
    agencyId: string | null,
    orders: BookedOrderResolver | null,
  ): Promise<{ connector: Connector; subject: AncillarySubject }> {
    const order = orders ? await orders.resolve(id, agencyId) : null;
    if (order) {
      return {
        connector: connectorFor(registry, `${order.source}|`, order.source),
        subject: { kind: 'order', airlineOrderId: order.airlineOrderId, owner: order.airline },
      };
    }
    const connector = connectorFor(registry, id, airline);
    knownOfferFacts(connector, id);
    return { connector, subject: { kind: 'offer', offerId: id } };
  }

  return {
    async price(ids, airline, environment) {
      // The same offer twice is priced once: a repeated id must not repeat airline calls.
      const offerIds = [...new Set(ids)];
      const connector = connectorFor(registry, offerIds[0]!, airline);
      for (const id of offerIds.slice(1)) {
        if (connectorFor(registry, id, airline) !== connector)
          throw badRequest('offers priced together must be of one airline', 'airline_mismatch');
      }
      // Each airline offer inside our offers is one airline call; together they are one trip.
      const airlineOffers = offerIds.reduce((n, id) => n + knownOfferFacts(connector, id).airlineOffers, 0);
      if (airlineOffers > MAX_SLICES) {
        throw badRequest(
          `offers priced together must cover at most ${MAX_SLICES} slices (these hold ${airlineOffers} airline offers)`,
          'too_many_offers',
        );
      }
      const result = await connector.price(offerIds, { environment });
      if (!result.ok) throw explainExpiry(failureToHttp(result.failure, 'offer'), connector, offerIds, platform.clock());
      return { ...offerJson(result.value.offer), priced_at: platform.clock().toISOString(), warnings: result.value.warnings };
    },

    async seats(id, query, { agencyId, environment, orders }) {
      const { connector, subject } = await subjectOf(id, query.airline, agencyId, orders);
      const result = await connector.seatMaps(subject, { environment });
      if (!result.ok) {
        if (result.failure.kind !== 'not_available')
          throw explainExpiry(failureToHttp(result.failure, 'offer'), connector, [id], platform.clock());
        if (query.segment_id) throw notFound(SEGMENT_NOT_FOUND, SEGMENT_NOT_FOUND);
      }
      let maps: SeatMap[] = result.ok ? result.value : [];
      if (query.segment_id !== undefined) {
        maps = maps.filter((m) => m.segmentId === query.segment_id);
        // The carrier publishes no map for that segment (or the offer has no such segment).
        if (maps.length === 0) throw notFound(SEGMENT_NOT_FOUND, SEGMENT_NOT_FOUND);
      }
      return {
        offer_id: id,
        seat_maps: maps.map((m) => ({
          segment_id: m.segmentId,
          cabin: m.cabin,
          columns: m.columns,
          seats: m.seats.map((s) => ({
            segment_id: s.segmentId,
            seat: s.designator,
            row: s.row,
            column: s.column,
            available: s.available,
            characteristics: s.characteristics,
            price_amount: s.price ? decimal(s.price) : null,
            currency: s.price?.currency ?? null,
          })),
        })),
      };
    },

    async services(id, airline, { agencyId, environment, orders }) {
      const { connector, subject } = await subjectOf(id, airline, agencyId, orders);
      const result = await connector.services(subject, { environment });
      if (!result.ok) throw explainExpiry(failureToHttp(result.failure, 'offer'), connector, [id], platform.clock());
      return result.value.map((s) => ({
        service_id: s.serviceId,
        code: s.code,
        name: s.name,
        description: s.description,
        category: s.category,
        price_amount: s.price ? decimal(s.price) : null,
        currency: s.price?.currency ?? null,
        segment_ids: s.segmentIds,
        passenger_ids: s.passengerIds,
      }));
    },
  };
}

import type { Connector } from '../connector.js';
import { fail, failure, ok, type ConnectorResult } from '../connector-failure.js';
import type { CallContext, Offer, PassengerCounts, SearchQuery } from '../connector-types.js';
import type { OfferIdAuthenticator } from '../offer-id-auth.js';
import type { PassengerDetailRules } from '../passenger-rules.js';
import type { DuffelOffer, DuffelSeatMap } from './duffel-api.js';
import { seatMapsOf, servicesOf } from './duffel-extras-mapper.js';
import {
  DUFFEL_CODE,
  decodeDuffelOfferId,
  encodeDuffelOfferId,
  gatewayPassengerId,
  type DuffelOfferRef,
} from './duffel-offer-id.js';
import { offerOf } from './duffel-offer-mapper.js';
import { DUFFEL_BUDGETS_MS } from './duffel-budgets.js';
import { duffelOrderOperations } from './duffel-orders.js';
import { readDuffelWebhook } from './duffel-webhook-reader.js';
import { DuffelTransport, type DuffelAnswer, type DuffelEndpoint } from './duffel-transport.js';

/** Duffel's production API; test tokens reach its sandbox at the same address. */
export const DUFFEL_API_URL = 'https://api.duffel.com';

/** Duffel's supplier time-out bounds (offer requests' `supplier_timeout`, milliseconds). */
const SUPPLIER_TIMEOUT_MIN_MS = 2_000;
const SUPPLIER_TIMEOUT_MAX_MS = 60_000;
/** What the search keeps for listing the offers after the airlines answered Duffel. */
const LISTING_RESERVE_MS = 1_500;
/** Offers per page of `GET /air/offers`, and the most pages one search reads. */
const PAGE_SIZE = 200;
const MAX_PAGES = 10;

/** What Duffel's order passengers need beyond a name and a birth date (its Orders reference: `gender`, an E.164 `phone_number`). */
const DUFFEL_PASSENGER_DETAILS: PassengerDetailRules = {
  genders: ['m', 'f'],
  phone: 'international',
  source: "Duffel's order passengers, duffel.com/docs/api/v2/orders",
};

/** Where Duffel is reached from each environment, and with which token. */
export interface DuffelConnectorOptions {
  /** Test keys: our test system, DUFFEL_TEST_URL, or Duffel's sandbox; null: none. */
  test: DuffelEndpoint | null;
  /** Live keys: Duffel's API with the `duffel_live_` token; null: Duffel is left out of live searches. */
  live: DuffelEndpoint | null;
  /** The aggregator's search budget (SEARCH_TIMEOUT_MS): Duffel's supplier time-out is set from it. */
  searchTimeoutMs: number;
  offerIds: OfferIdAuthenticator;
  clock?: () => Date;
}

/** Passengers of an offer request in our PAX order (adults, children, infants): Duffel wants an age for the under-18s. */
function passengersOf(p: PassengerCounts): ({ type: 'adult' } | { age: number })[] {
  return [
    ...Array.from({ length: p.adults }, () => ({ type: 'adult' as const })),
    // A child is 2-11 to the gateway: 8 prices as a child everywhere; a lap infant is under 2.
    ...Array.from({ length: p.children }, () => ({ age: 8 })),
    ...Array.from({ length: p.infants }, () => ({ age: 1 })),
  ];
}

/**
 * The Duffel source: Duffel's JSON API (many airlines behind one connector) over our own undici
 * transport. Offers name their owner airline; ids are `DUFFEL|off_...`, signed like every source's.
 */
export function createDuffelConnector(options: DuffelConnectorOptions): Connector & { close(): Promise<void> } {
  const transport = new DuffelTransport();
  const clock = options.clock ?? (() => new Date());

  function endpoint(environment: 'test' | 'live'): ConnectorResult<DuffelEndpoint> {
    const target = environment === 'live' ? options.live : options.test;
    if (target) return ok(target);
    return fail(
      failure(
        'not_configured',
        environment === 'live'
          ? 'Duffel is not configured for live keys on this gateway (DUFFEL_ACCESS_TOKEN)'
          : 'the Duffel test system is not configured on this gateway',
      ),
    );
  }

  const refOf = (offerId: string): ConnectorResult<DuffelOfferRef> => {
    const ref = decodeDuffelOfferId(options.offerIds, offerId);
    return ref ? ok(ref) : fail(failure('not_found', 'offer no longer available at airline'));
  };

  const mapped = (offer: Omit<DuffelOffer, 'available_services'>, passengers: PassengerCounts): Offer | null =>
    offerOf(offer, encodeDuffelOfferId(options.offerIds, offer.id, passengers, offer.expires_at));

  /** One offer as Duffel prices it now, with its available services. */
  async function getOffer(ref: DuffelOfferRef, ctx: CallContext): Promise<ConnectorResult<DuffelOffer>> {
    const target = endpoint(ctx.environment);
    if (!target.ok) return target;
    const answer = await transport.call<DuffelOffer>(target.value, {
      method: 'GET',
      path: `/air/offers/${ref.duffelId}?return_available_services=true`,
      budgetMs: DUFFEL_BUDGETS_MS.offer,
      signal: ctx.signal,
      what: 'offer',
    });
    return answer.ok ? ok(answer.value.data) : answer;
  }

  async function getSeatMaps(ref: DuffelOfferRef, ctx: CallContext): Promise<ConnectorResult<DuffelSeatMap[]>> {
    const target = endpoint(ctx.environment);
    if (!target.ok) return target;
    const answer = await transport.call<DuffelSeatMap[]>(target.value, {
      method: 'GET',
      path: `/air/seat_maps?offer_id=${encodeURIComponent(ref.duffelId)}`,
      budgetMs: DUFFEL_BUDGETS_MS.seatMaps,
      signal: ctx.signal,
      what: 'seat maps',
    });
    return answer.ok ? ok(answer.value.data) : answer;
  }

  /**
   * An offer request (Duffel waits for its airlines up to the supplier time-out, set from our
   * search budget), then its offers page by page, each page handed out as it arrives.
   */
  async function search(query: SearchQuery, ctx: CallContext): Promise<ConnectorResult<Offer[] | null>> {
    const target = endpoint(ctx.environment);
    if (!target.ok) return target;
    const started = clock().getTime();
    const budgetMs = options.searchTimeoutMs;
    const supplierTimeout = Math.min(SUPPLIER_TIMEOUT_MAX_MS, Math.max(SUPPLIER_TIMEOUT_MIN_MS, budgetMs - LISTING_RESERVE_MS));
    const request = {
      slices: query.slices.map((s) => ({ origin: s.origin, destination: s.destination, departure_date: s.departureDate })),
      passengers: passengersOf(query.passengers),
      ...(query.cabin && { cabin_class: query.cabin }),
      ...(query.maxConnections !== null && { max_connections: Math.min(2, Math.max(0, query.maxConnections)) }),
    };
    const created = await transport.call<{ id: string }>(target.value, {
      method: 'POST',
      path: `/air/offer_requests?return_offers=false&supplier_timeout=${supplierTimeout}`,
      data: request,
      budgetMs,
      signal: ctx.signal,
      what: 'offer request',
    });
    if (!created.ok) return created;
    const offers: Offer[] = [];
    let after: string | null = null;
    for (let page = 0; page < MAX_PAGES; page++) {
      const remaining = budgetMs - (clock().getTime() - started);
      if (remaining <= 0) break;
      const params: string = `offer_request_id=${encodeURIComponent(created.value.data.id)}&limit=${PAGE_SIZE}&sort=total_amount${after ? `&after=${encodeURIComponent(after)}` : ''}`;
      const listed: ConnectorResult<DuffelAnswer<Omit<DuffelOffer, 'available_services'>[]>> = await transport.call(
        target.value,
        {
          method: 'GET',
          path: `/air/offers?${params}`,
          budgetMs: remaining,
          signal: ctx.signal,
          what: 'offers',
        },
      );
      if (!listed.ok) {
        // Offers already handed out stay the answer; without any, the failure is.
        if (offers.length > 0) break;
        return listed;
      }
      const batch = listed.value.data.flatMap((o) => mapped(o, query.passengers) ?? []);
      if (batch.length > 0) {
        offers.push(...batch);
        ctx.onOffers?.(batch);
      }
      after = listed.value.meta?.after ?? null;
      if (!after) break;
    }
    return ok(offers);
  }

  const orders = duffelOrderOperations({ transport, endpoint, offerIds: options.offerIds, getOffer, getSeatMaps });

  return {
    code: DUFFEL_CODE,
    name: 'Duffel',
    kind: 'aggregator',
    configuredFor: (environment) => endpoint(environment).ok,
    // Duffel's 3-D Secure runs through its own card vault and sessions, which take no outside result.
    carriesPaymentAuthentication: false,
    // Every passenger of a Duffel order carries a gender its airlines take and a phone number.
    passengerDetails: DUFFEL_PASSENGER_DETAILS,

    offerFacts(offerId) {
      const ref = decodeDuffelOfferId(options.offerIds, offerId);
      // Duffel confirms what it sells, partner-operated legs included.
      if (!ref) return null;
      return { partnerOperatedConnection: false, airlineOffers: 1, ...(ref.expiresAt ? { expiresAt: ref.expiresAt } : {}) };
    },

    search,

    async price(offerIds, ctx) {
      if (offerIds.length !== 1) return fail(failure('not_found', 'offer no longer available at airline'));
      const ref = refOf(offerIds[0]!);
      if (!ref.ok) return ref;
      const offer = await getOffer(ref.value, ctx);
      if (!offer.ok) return offer;
      const read = mapped(offer.value, ref.value.passengers);
      return read ? ok({ offer: read, warnings: [] }) : fail(failure('bad_response', "Duffel's offer could not be read"));
    },

    async seatMaps(subject, ctx) {
      if (subject.kind === 'order')
        return fail(failure('not_available', 'Duffel publishes seat maps for offers only, not for booked orders'));
      const ref = refOf(subject.offerId);
      if (!ref.ok) return ref;
      const maps = await getSeatMaps(ref.value, ctx);
      return maps.ok ? ok(seatMapsOf(maps.value, null)) : maps;
    },

    async services(subject, ctx) {
      if (subject.kind === 'order')
        return orders.orderServices({ airlineOrderId: subject.airlineOrderId, owner: subject.owner }, ctx);
      const ref = refOf(subject.offerId);
      if (!ref.ok) return ref;
      const offer = await getOffer(ref.value, ctx);
      if (!offer.ok) return offer;
      const index = new Map(offer.value.passengers.map((p, i) => [p.id, gatewayPassengerId(i)]));
      return ok(servicesOf(offer.value.available_services ?? [], (id) => index.get(id) ?? id));
    },

    async probe(ctx) {
      // The cheapest call that proves Duffel answers to our token: one airline of its list.
      const environment = options.live ? 'live' : 'test';
      const target = endpoint(environment);
      if (!target.ok) return target;
      const answer = await transport.call<unknown[]>(target.value, {
        method: 'GET',
        path: '/air/airlines?limit=1',
        budgetMs: DUFFEL_BUDGETS_MS.probe,
        signal: ctx.signal,
        what: 'airlines list',
      });
      return answer.ok ? ok({ environment }) : answer;
    },

    ...orders,

    readChangeNotification: readDuffelWebhook,

    close: () => transport.close(),
  };
}

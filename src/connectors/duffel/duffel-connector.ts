import type { Connector } from '../connector.js';
import { fail, failure, ok } from '../connector-failure.js';
import type { OfferIdAuthenticator } from '../offer-id-auth.js';
import type { PassengerDetailRules } from '../passenger-rules.js';
import { seatMapsOf, servicesOf } from './duffel-extras-mapper.js';
import { DUFFEL_CODE, decodeDuffelOfferId, gatewayPassengerId } from './duffel-offer-id.js';
import { DUFFEL_BUDGETS_MS } from './duffel-budgets.js';
import { duffelOfferCalls } from './duffel-offer-calls.js';
import { duffelOrderOperations } from './duffel-orders.js';
import { duffelSearch } from './duffel-search.js';
import { readDuffelWebhook } from './duffel-webhook-reader.js';
import { DuffelTransport, type DuffelEndpoint } from './duffel-transport.js';

/** Duffel's production API; test tokens reach its sandbox at the same address. */
export const DUFFEL_API_URL = 'https://api.duffel.com';

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

/**
 * The Duffel source: Duffel's JSON API (many airlines behind one connector) over our own undici
 * transport. Offers name their owner airline; ids are `DUFFEL|off_...`, signed like every source's.
 */
export function createDuffelConnector(options: DuffelConnectorOptions): Connector & { close(): Promise<void> } {
  const transport = new DuffelTransport();
  const clock = options.clock ?? (() => new Date());
  const calls = duffelOfferCalls({ transport, test: options.test, live: options.live, offerIds: options.offerIds });
  const { endpoint, refOf, mapped, getOffer, getSeatMaps } = calls;
  const search = duffelSearch({ transport, calls, searchTimeoutMs: options.searchTimeoutMs, clock });

  const orders = duffelOrderOperations({ transport, endpoint, offerIds: options.offerIds, getOffer, getSeatMaps });

  return {
    code: DUFFEL_CODE,
    name: 'Duffel',
    kind: 'aggregator',
    configuredFor: (environment) => endpoint(environment).ok,
    // Duffel's 3-D Secure runs through its own card vault and sessions, which take no outside result.
    carriesPaymentAuthentication: false,
    // Paid from the agency's Duffel balance (duffel-order-calls.ts balancePayment), or held.
    paymentTypes: ['hold', 'agency_account'],
    // Every passenger of a Duffel order carries a gender its airlines take and a phone number.
    passengerDetails: DUFFEL_PASSENGER_DETAILS,

    offerFacts(offerId) {
      const ref = decodeDuffelOfferId(options.offerIds, offerId);
      // Duffel confirms what it sells, partner-operated legs included.
      if (!ref) return null;
      return {
        partnerOperatedConnection: false,
        airlineOffers: 1,
        ...(ref.expiresAt ? { expiresAt: ref.expiresAt } : {}),
        // The owner airline, so `airline: "BA"` reaches the Duffel offer it sold (docs/connectors.md, rule 2).
        ...(ref.owner ? { owner: ref.owner } : {}),
      };
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

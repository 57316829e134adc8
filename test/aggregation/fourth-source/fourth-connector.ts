// The fourth source's connector: reads the gateway's normalized queries into the fourth source's
// JSON protocol and its answers back into Offers, owned by QX and sold by FOURTH. It sells, prices
// and is probed; it books nothing, and says so as any source that does not sell an operation would.

import type { ClosableConnector } from '../../../src/connectors/connector-registry.js';
import { fail, failure, ok, type ConnectorResult } from '../../../src/connectors/connector-failure.js';
import type { Offer } from '../../../src/connectors/connector-types.js';
import { canonicalOfferId, splitOfferId } from '../../../src/connectors/offer-id.js';

export const FOURTH_CODE = 'FOURTH';

/** Every pushed event body the connector was handed to read, oldest first. */
export const readEvents: string[] = [];

interface FourthOffer {
  ref: string;
  owner: string;
  flight: string;
  origin: string;
  destination: string;
  departing_at: string;
  arriving_at: string;
  total_minor: number;
  currency: string;
}

function offerOf(o: FourthOffer, adults: number): Offer {
  const total = { amountMinor: o.total_minor, currency: o.currency };
  const each = { amountMinor: o.total_minor / adults, currency: o.currency };
  const zero = { amountMinor: 0, currency: o.currency };
  return {
    offerId: canonicalOfferId(FOURTH_CODE, `${o.ref}~${adults}`),
    airline: o.owner,
    source: FOURTH_CODE,
    total,
    base: total,
    taxes: zero,
    passengerPrices: [{ passengerType: 'adult', count: adults, base: each, taxes: zero, total: each, taxLines: [] }],
    expiresAt: null,
    paymentDeadline: null,
    holdable: false,
    fareBrand: null,
    fareBrandCode: null,
    cabin: 'economy',
    slices: [
      {
        origin: o.origin,
        destination: o.destination,
        durationMinutes: null,
        segments: [
          {
            segmentId: 'S1',
            origin: o.origin,
            destination: o.destination,
            departingAt: o.departing_at,
            arrivingAt: o.arriving_at,
            marketingCarrier: o.owner,
            marketingFlightNumber: o.flight,
            operatingCarrier: o.owner,
            operatingCarrierName: null,
            operatingFlightNumber: o.flight,
            aircraft: null,
            cabin: 'economy',
            bookingClass: null,
            durationMinutes: null,
          },
        ],
      },
    ],
    baggage: { checkedBags: null, carryOnBags: null, description: null },
    changes: null,
    refunds: null,
    conditionsBySlice: [],
    conditionsByPassengerType: [],
  };
}

export function createFourthConnector(options: { testUrl: string | null; key: string }): ClosableConnector {
  const call = async <T>(path: string, body: unknown, signal?: AbortSignal): Promise<ConnectorResult<T>> => {
    if (!options.testUrl) return fail(failure('not_configured', 'the FOURTH test system is not configured on this gateway'));
    try {
      const res = await fetch(`${options.testUrl}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'x-fourth-key': options.key, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: signal ?? AbortSignal.timeout(5_000),
      });
      if (res.status === 404) return fail(failure('not_found', 'the fourth source does not know this offer'));
      if (!res.ok) return fail(failure('unavailable', `the fourth source answered ${res.status}`));
      return ok((await res.json()) as T);
    } catch (err) {
      return fail(failure('unavailable', `the fourth source did not answer: ${(err as Error).message}`));
    }
  };
  const notSold = async () => fail(failure('refused', 'the fourth source does not sell this'));
  const reference = (id: string) => {
    const parts = splitOfferId(id);
    const match = parts?.source === FOURTH_CODE ? /^(.+)~(\d)$/.exec(parts.reference) : null;
    return match ? { ref: match[1]!, adults: Number(match[2]) } : null;
  };
  return {
    code: FOURTH_CODE,
    name: 'The Fourth Source',
    kind: 'aggregator',
    configuredFor: (environment) => environment === 'test' && options.testUrl !== null,
    offerFacts: (id) => (reference(id) ? { owner: 'QX', partnerOperatedConnection: false, airlineOffers: 1 } : null),
    async search(query, ctx) {
      const [slice] = query.slices;
      const adults = query.passengers.adults;
      const answer = await call<{ offers: FourthOffer[] }>(
        '/search',
        { origin: slice!.origin, destination: slice!.destination, date: slice!.departureDate, adults },
        ctx.signal,
      );
      return answer.ok ? ok(answer.value.offers.map((o) => offerOf(o, adults))) : answer;
    },
    async price(offerIds) {
      const ref = reference(offerIds[0] ?? '');
      if (!ref) return fail(failure('not_found', 'not a fourth-source offer'));
      const answer = await call<{ offer: FourthOffer }>('/price', ref);
      return answer.ok ? ok({ offer: offerOf(answer.value.offer, ref.adults), warnings: [] }) : answer;
    },
    async probe() {
      const answer = await call<{ ok: boolean }>('/ping', undefined);
      return answer.ok ? ok({ environment: 'test' as const }) : answer;
    },
    seatMaps: notSold,
    services: notSold,
    priceExtras: notSold,
    createOrder: notSold,
    retrieveOrder: notSold,
    findOrderBySellerReference: notSold,
    quoteOrder: notSold,
    changeOrder: notSold,
    reshopOrder: notSold,
    acceptReshopOffers: notSold,
    cancelQuote: notSold,
    partialCancelQuote: notSold,
    acceptChange: notSold,
    acceptCancel: notSold,
    // Its pushed events name orders by the fourth source's own ids; nothing else in them is taken.
    readChangeNotification(body) {
      readEvents.push(body);
      const event = JSON.parse(body) as { orders?: unknown };
      if (!Array.isArray(event.orders) || !event.orders.every((o) => typeof o === 'string'))
        return fail(failure('bad_response', 'a fourth-source event names its orders in orders'));
      return ok({
        orders: event.orders.map((airlineOrderId: string) => ({ airlineOrderId, pnr: null, version: null })),
        kinds: [],
      });
    },
  };
}

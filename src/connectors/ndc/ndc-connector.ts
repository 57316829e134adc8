import type { Connector } from '../connector.js';
import type { OfferIdAuthenticator } from '../offer-id-auth.js';
import { MAX_SLICES } from '../trip-limits.js';
import { fail, failure, ok, type ConnectorResult } from '../connector-failure.js';
import type { CallContext, Offer, PassengerCounts, SearchQuery, SeatMap, AncillaryService } from '../connector-types.js';
import { combine } from './offer-combiner.js';
import type { MappedOffer } from './ndc-offer-mapper.js';
import type { NdcAirlineProfile } from './ndc-airline-profile.js';
import { decodeNdcOfferId, type OfferPart, type NdcOfferRef } from './offer-ref.js';
import { airShoppingRequest } from './air-shopping-request.js';
import type { Seller } from './seller.js';
import { offerPriceRequest, seatAvailabilityRequest, serviceListRequest } from './offer-requests.js';
import { readPricedOffer, readSeatMaps, readServices, readShoppingAnswer } from './offer-responses.js';
import { NdcTransport, type NdcEndpoint } from './ndc-transport.js';
import { ndcOrderOperations } from './orders/order-operations.js';
import { readChangeNotification } from './orders/change-notification-reader.js';
import { serviceRequest } from './orders/extras-pricing.js';

/**
 * Offers of a one-way search handed out before the rest of the answer is read (a streamed search
 * sends them as its first batch): about what a results page shows first, and a small part of a
 * typical 80-90 offer answer, so the first batch leaves after a fraction of the reading.
 */
const EARLY_OFFERS = 20;

/** Where an NDC airline is reached, and with what; the same for every airline. */
export interface NdcConnectorOptions {
  /** Where test keys go: the airline's test system (null: none configured). */
  testUrl: string | null;
  testSubscriptionKey: string;
  /** Where live keys go: the airline's NDC gateway (<CODE>_LIVE_URL / <CODE>_LIVE_SUBSCRIPTION_KEY). */
  liveUrl: string | null;
  liveSubscriptionKey: string | null;
  /** Who we are in the DistributionChain of every request. */
  seller?: Seller;
  /** Signs the offer ids this connector hands out and opens the ones it is given (offer-id-auth.ts). */
  offerIds: OfferIdAuthenticator;
  /** Days ahead the monitoring probe searches. */
  probeDaysAhead?: number;
  clock?: () => Date;
}

/** Runs one call per airline offer in parallel; the first failure is the answer. */
async function eachPart<T>(
  parts: OfferPart[],
  call: (part: OfferPart) => Promise<ConnectorResult<T>>,
): Promise<ConnectorResult<T[]>> {
  const results = await Promise.all(parts.map(call));
  const failed = results.find((r) => !r.ok);
  if (failed && !failed.ok) return failed;
  return ok(results.map((r) => (r as { ok: true; value: T }).value));
}

/** Who the gateway says it is to the airline when the operator names no seller of its own. */
export const DEFAULT_SELLER: Seller = { orgId: 'FLIGHTAGG', name: 'Flight Aggregation Gateway' };

/**
 * A connector for an airline that speaks NDC 21.3: the core (messages, reading, ids, servicing)
 * with the airline's profile (who it is, its dialect, its limits). Each airline's factory is one
 * call of this (aa/aa-connector.ts, vs/vs-connector.ts).
 */
export function createNdcConnector(
  profile: NdcAirlineProfile,
  options: NdcConnectorOptions,
): Connector & { close(): Promise<void> } {
  const transport = new NdcTransport(profile);
  const budgets = profile.budgetsMs;
  const seller = options.seller ?? DEFAULT_SELLER;
  const clock = options.clock ?? (() => new Date());

  function endpoint(environment: 'test' | 'live'): ConnectorResult<NdcEndpoint> {
    if (environment === 'live') {
      if (!options.liveUrl || !options.liveSubscriptionKey) {
        return fail(
          failure(
            'not_configured',
            `the ${profile.code} live connection is not configured on this gateway (${profile.liveSettings})`,
          ),
        );
      }
      return ok({ baseUrl: options.liveUrl, subscriptionKey: options.liveSubscriptionKey });
    }
    if (!options.testUrl) {
      return fail(failure('not_configured', `the ${profile.code} test system is not configured on this gateway`));
    }
    return ok({ baseUrl: options.testUrl, subscriptionKey: options.testSubscriptionKey });
  }

  // An id that is not ours (forged, tampered, out of bounds, of an old version) is an unknown
  // offer, answered before any airline call.
  function refOf(offerId: string): ConnectorResult<NdcOfferRef> {
    const ref = decodeNdcOfferId(profile.code, offerId, options.offerIds);
    return ref ? ok(ref) : fail(failure('not_found', 'offer no longer available at airline'));
  }

  // Every offer id leaves the connector signed; the mapper and combiner write only the content.
  const signed = (offer: Offer): Offer => {
    offer.offerId = options.offerIds.sign(offer.offerId);
    return offer;
  };

  async function search(query: SearchQuery, ctx: CallContext) {
    const target = endpoint(ctx.environment);
    if (!target.ok) return target;
    const onOffers = ctx.onOffers;
    let handedOut: Offer[] = [];
    const reading = readShoppingAnswer(
      query,
      profile,
      onOffers && {
        size: EARLY_OFFERS,
        emit(offers) {
          handedOut = offers.map(signed);
          onOffers(handedOut);
        },
      },
    );
    const answer = await transport.call(target.value, {
      message: 'AirShopping',
      xml: airShoppingRequest(query, seller),
      budgetMs: budgets.AirShopping,
      signal: ctx.signal,
      read: reading.options,
    });
    if (!answer.ok) {
      const f = answer.failure;
      return (f.kind === 'refused' || f.kind === 'not_found') && profile.errorTexts.noFlights.test(f.message) ? ok(null) : answer;
    }
    // The offers handed out early lead the list, signed already.
    return ok(reading.offers(answer.value).map((offer, i) => (i < handedOut.length ? offer : signed(offer))));
  }

  return {
    code: profile.code,
    name: profile.name,
    kind: 'airline',
    airlines: [profile.code],

    configuredFor: (environment) => endpoint(environment).ok,
    carriesPaymentAuthentication: profile.securePayment !== null,
    passengerRules: profile.passengerRules,

    offerFacts(offerId) {
      const ref = decodeNdcOfferId(profile.code, offerId, options.offerIds);
      if (!ref) return null;
      return {
        partnerOperatedConnection: ref.partnerConnection,
        airlineOffers: ref.parts.length,
        passengers: ref.passengers,
        ...(ref.shown ? { shownTotal: ref.shown } : {}),
        ...(ref.departureDates ? { departureDates: ref.departureDates } : {}),
        ...(ref.expiresAt ? { expiresAt: ref.expiresAt } : {}),
      };
    },

    search,

    async price(offerIds, ctx) {
      const target = endpoint(ctx.environment);
      if (!target.ok) return target;
      const refs: NdcOfferRef[] = [];
      for (const id of offerIds) {
        const ref = refOf(id);
        if (!ref.ok) return ref;
        refs.push(ref.value);
      }
      // One trip at most: the callers bound this too (offer-service.ts); here it bounds the calls below.
      if (refs.reduce((n, r) => n + r.parts.length, 0) > MAX_SLICES) {
        return fail(failure('not_found', 'offer no longer available at airline'));
      }
      const passengers: PassengerCounts = refs[0]!.passengers;
      // One OfferPrice per airline offer: every airline accepts that, not all accept several at once.
      const priced = await eachPart(
        refs.flatMap((r) => r.parts),
        async (part) => {
          const answer = await transport.call(target.value, {
            message: 'OfferPrice',
            xml: offerPriceRequest(part, passengers, seller),
            budgetMs: budgets.OfferPrice,
            signal: ctx.signal,
          });
          if (!answer.ok) return answer;
          const read = readPricedOffer(answer.value, passengers, profile);
          return read ? ok(read) : fail(failure('bad_response', 'the airline priced the offer but its answer could not be read'));
        },
      );
      if (!priced.ok) return priced;
      const parts: MappedOffer[] = priced.value.map((p) => p.mapped);
      const offer = parts.length === 1 ? parts[0]!.offer : combine(parts, passengers, profile.code);
      return ok({ offer: signed(offer), warnings: priced.value.flatMap((p) => p.warnings) });
    },

    async seatMaps(subject, ctx) {
      const target = endpoint(ctx.environment);
      if (!target.ok) return target;
      const ask = async (xml: string): Promise<ConnectorResult<SeatMap[]>> => {
        const answer = await transport.call(target.value, {
          message: 'SeatAvailability',
          xml,
          budgetMs: budgets.SeatAvailability,
          signal: ctx.signal,
        });
        return answer.ok ? ok(readSeatMaps(answer.value)) : answer;
      };
      if (subject.kind === 'order') {
        return ask(seatAvailabilityRequest({ kind: 'order', orderId: subject.airlineOrderId, owner: subject.owner }, seller));
      }
      const ref = refOf(subject.offerId);
      if (!ref.ok) return ref;
      const maps = await eachPart(ref.value.parts, (part) =>
        ask(seatAvailabilityRequest({ kind: 'offer', part, passengers: ref.value.passengers }, seller)),
      );
      return maps.ok ? ok(maps.value.flat()) : maps;
    },

    async services(subject, ctx) {
      const target = endpoint(ctx.environment);
      if (!target.ok) return target;
      const ask = async (xml: string): Promise<ConnectorResult<AncillaryService[]>> => {
        const answer = await transport.call(target.value, {
          message: 'ServiceList',
          xml,
          budgetMs: budgets.ServiceList,
          signal: ctx.signal,
        });
        return answer.ok ? ok(readServices(answer.value)) : answer;
      };
      // A booked order is asked about by its airline order id: the services that can still be added
      // to it, priced per passenger (the ids `ancillaries` changes take).
      if (subject.kind === 'order') {
        return ask(
          serviceRequest(seller, { kind: 'order', ref: { airlineOrderId: subject.airlineOrderId, owner: subject.owner } }),
        );
      }
      const ref = refOf(subject.offerId);
      if (!ref.ok) return ref;
      const lists = await eachPart(ref.value.parts, (part) => ask(serviceListRequest(part, ref.value.passengers, seller)));
      return lists.ok ? ok(lists.value.flat()) : lists;
    },

    async probe(ctx) {
      // A route the airline always flies non-stop (profile.probeRoute): a refusal or no answer means trouble.
      const environment = options.liveUrl && options.liveSubscriptionKey ? 'live' : 'test';
      const target = endpoint(environment);
      if (!target.ok) return target;
      const day = new Date(clock().getTime() + (options.probeDaysAhead ?? 14) * 86_400_000).toISOString().slice(0, 10);
      const query: SearchQuery = {
        slices: [{ ...profile.probeRoute, departureDate: day }],
        passengers: { adults: 1, children: 0, infants: 0 },
        cabin: 'economy',
        maxConnections: 0,
      };
      const answer = await transport.call(target.value, {
        message: 'AirShopping',
        xml: airShoppingRequest(query, seller),
        budgetMs: budgets.probe,
        signal: ctx.signal,
      });
      return answer.ok ? ok({ environment }) : answer;
    },

    ...ndcOrderOperations({ profile, transport, endpoint, seller, offerIds: options.offerIds }),

    readChangeNotification: (body) => readChangeNotification(body, profile),

    close: () => transport.close(),
  };
}

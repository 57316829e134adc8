import type { Connector } from '../connector.js';
import type { OfferIdAuthenticator } from '../offer-id-auth.js';
import { fail, failure, ok, type ConnectorResult } from '../connector-failure.js';
import type { Offer, SearchQuery } from '../connector-types.js';
import type { NdcAirlineProfile } from './ndc-airline-profile.js';
import { decodeNdcOfferId, type NdcOfferRef } from './offer-ref.js';
import { airShoppingRequest } from './air-shopping-request.js';
import type { Seller } from './seller.js';
import { NdcTransport, type NdcEndpoint } from './ndc-transport.js';
import { ndcShoppingOperations } from './ndc-shopping-operations.js';
import { ndcOrderOperations } from './orders/order-operations.js';
import { readChangeNotification } from './orders/change-notification-reader.js';

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
      return fail(
        failure('not_configured', `the ${profile.code} test system is not configured on this gateway (${profile.code}_TEST_URL)`),
      );
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

  async function probe(ctx: Parameters<Connector['probe']>[0]): ReturnType<Connector['probe']> {
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
      budgetMs: profile.budgetsMs.probe,
      signal: ctx.signal,
    });
    return answer.ok ? ok({ environment }) : answer;
  }

  return {
    code: profile.code,
    name: profile.name,
    kind: 'airline',
    airlines: [profile.code],

    configuredFor: (environment) => endpoint(environment).ok,
    carriesPaymentAuthentication: profile.securePayment !== null,
    takesRequestedCurrency: true,
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

    ...ndcShoppingOperations({ profile, transport, endpoint, seller, refOf, signed }),

    probe,

    ...ndcOrderOperations({ profile, transport, endpoint, seller, offerIds: options.offerIds }),

    readChangeNotification: (body) => readChangeNotification(body, profile),

    close: () => transport.close(),
  };
}

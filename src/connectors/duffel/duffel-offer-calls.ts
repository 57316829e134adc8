import { fail, failure, ok, type ConnectorResult } from '../connector-failure.js';
import type { CallContext, Offer, PassengerCounts } from '../connector-types.js';
import type { OfferIdAuthenticator } from '../offer-id-auth.js';
import type { DuffelOffer, DuffelSeatMap } from './duffel-api.js';
import { decodeDuffelOfferId, encodeDuffelOfferId, type DuffelOfferRef } from './duffel-offer-id.js';
import { offerOf } from './duffel-offer-mapper.js';
import { DUFFEL_BUDGETS_MS } from './duffel-budgets.js';
import type { DuffelTransport, DuffelEndpoint } from './duffel-transport.js';

/** What the offer calls need: the transport, where each environment reaches Duffel, and the offer-id signer. */
export interface DuffelOfferCallDeps {
  transport: DuffelTransport;
  test: DuffelEndpoint | null;
  live: DuffelEndpoint | null;
  offerIds: OfferIdAuthenticator;
}

/**
 * The Duffel calls every job of the connector shares: the endpoint for a key's environment, our
 * offer id read back, a Duffel offer mapped to ours, and one offer or its seat maps fetched.
 */
export function duffelOfferCalls(deps: DuffelOfferCallDeps) {
  const { transport, offerIds } = deps;

  function endpoint(environment: 'test' | 'live'): ConnectorResult<DuffelEndpoint> {
    const target = environment === 'live' ? deps.live : deps.test;
    if (target) return ok(target);
    return fail(
      environment === 'live'
        ? failure('not_configured', 'Duffel is not configured for live keys on this gateway (DUFFEL_ACCESS_TOKEN)')
        : failure('not_configured', 'the Duffel test system is not configured on this gateway (DUFFEL_TEST_URL)'),
    );
  }

  const refOf = (offerId: string): ConnectorResult<DuffelOfferRef> => {
    const ref = decodeDuffelOfferId(offerIds, offerId);
    return ref ? ok(ref) : fail(failure('not_found', 'offer no longer available at airline'));
  };

  const mapped = (offer: Omit<DuffelOffer, 'available_services'>, passengers: PassengerCounts): Offer | null =>
    offerOf(
      offer,
      encodeDuffelOfferId(offerIds, offer.id, passengers, { expiresAt: offer.expires_at, owner: offer.owner.iata_code }),
    );

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

  return { endpoint, refOf, mapped, getOffer, getSeatMaps };
}

export type DuffelOfferCalls = ReturnType<typeof duffelOfferCalls>;

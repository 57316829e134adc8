import { MAX_SLICES } from '../trip-limits.js';
import { fail, failure, ok, type ConnectorResult } from '../connector-failure.js';
import type {
  AncillaryService,
  AncillarySubject,
  CallContext,
  Offer,
  PassengerCounts,
  SearchQuery,
  SeatMap,
} from '../connector-types.js';
import type { Connector } from '../connector.js';
import { combine } from './offer-combiner.js';
import type { MappedOffer } from './ndc-offer-mapper.js';
import type { NdcAirlineProfile } from './ndc-airline-profile.js';
import type { OfferPart, NdcOfferRef } from './offer-ref.js';
import { airShoppingRequest } from './air-shopping-request.js';
import type { Seller } from './seller.js';
import { offerPriceRequest, seatAvailabilityRequest, serviceListRequest } from './offer-requests.js';
import { readPricedOffer, readSeatMaps, readServices, readShoppingAnswer } from './offer-responses.js';
import type { NdcEndpoint, NdcTransport } from './ndc-transport.js';
import { serviceRequest } from './orders/extras-pricing.js';

/**
 * Offers of a one-way search handed out before the rest of the answer is read (a streamed search
 * sends them as its first batch): about what a results page shows first, and a small part of a
 * typical 80-90 offer answer, so the first batch leaves after a fraction of the reading.
 */
const EARLY_OFFERS = 20;

/** What the shopping calls of an NDC connector share: the airline, how it is reached, and our offer ids. */
export interface NdcShoppingDeps {
  profile: NdcAirlineProfile;
  transport: NdcTransport;
  endpoint(environment: 'test' | 'live'): ConnectorResult<NdcEndpoint>;
  seller: Seller;
  /** The offer id read back, or not_found when it is not ours. */
  refOf(offerId: string): ConnectorResult<NdcOfferRef>;
  /** The offer with its id signed. */
  signed(offer: Offer): Offer;
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

/** The shopping half of an NDC connector: AirShopping, OfferPrice, SeatAvailability and ServiceList before booking. */
export function ndcShoppingOperations(deps: NdcShoppingDeps): Pick<Connector, 'search' | 'price' | 'seatMaps' | 'services'> {
  return {
    search: (query, ctx) => search(deps, query, ctx),
    price: (offerIds, ctx) => price(deps, offerIds, ctx),
    seatMaps: (subject, ctx) => seatMaps(deps, subject, ctx),
    services: (subject, ctx) => services(deps, subject, ctx),
  };
}

async function search(
  { profile, transport, endpoint, seller, signed }: NdcShoppingDeps,
  query: SearchQuery,
  ctx: CallContext,
): ReturnType<Connector['search']> {
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
    budgetMs: profile.budgetsMs.AirShopping,
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

async function price(
  { profile, transport, endpoint, seller, refOf, signed }: NdcShoppingDeps,
  offerIds: string[],
  ctx: CallContext,
): ReturnType<Connector['price']> {
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
        budgetMs: profile.budgetsMs.OfferPrice,
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
}

async function seatMaps(
  { profile, transport, endpoint, seller, refOf }: NdcShoppingDeps,
  subject: AncillarySubject,
  ctx: CallContext,
): ReturnType<Connector['seatMaps']> {
  const target = endpoint(ctx.environment);
  if (!target.ok) return target;
  const ask = async (xml: string): Promise<ConnectorResult<SeatMap[]>> => {
    const answer = await transport.call(target.value, {
      message: 'SeatAvailability',
      xml,
      budgetMs: profile.budgetsMs.SeatAvailability,
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
}

async function services(
  { profile, transport, endpoint, seller, refOf }: NdcShoppingDeps,
  subject: AncillarySubject,
  ctx: CallContext,
): ReturnType<Connector['services']> {
  const target = endpoint(ctx.environment);
  if (!target.ok) return target;
  const ask = async (xml: string): Promise<ConnectorResult<AncillaryService[]>> => {
    const answer = await transport.call(target.value, {
      message: 'ServiceList',
      xml,
      budgetMs: profile.budgetsMs.ServiceList,
      signal: ctx.signal,
    });
    return answer.ok ? ok(readServices(answer.value)) : answer;
  };
  // A booked order is asked about by its airline order id: the services that can still be added
  // to it, priced per passenger (the ids `ancillaries` changes take).
  if (subject.kind === 'order') {
    return ask(serviceRequest(seller, { kind: 'order', ref: { airlineOrderId: subject.airlineOrderId, owner: subject.owner } }));
  }
  const ref = refOf(subject.offerId);
  if (!ref.ok) return ref;
  const lists = await eachPart(ref.value.parts, (part) => ask(serviceListRequest(part, ref.value.passengers, seller)));
  return lists.ok ? ok(lists.value.flat()) : lists;
}

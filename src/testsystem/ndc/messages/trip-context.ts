// What SeatAvailability and ServiceList are asked about, from any of the three request shapes 21.3
// allows: a shopped or priced offer, an existing order, or segments sent by value.

import type { CabinCode } from '../network/aircraft.js';
import { fareCurrency } from '../fares/fare-currency.js';
import type { PriceClassDef } from '../fares/price-class.js';
import { isInternational, normalizePtc } from '../fares/fare-pricing.js';
import type { NdcErrorSpec } from '../wire/ndc-errors.js';
import { child, list, text, type ParsedMessage } from '../wire/ndc-request-parser.js';
import type { OfferPax } from '../offers/offer-store.js';
import type { DatedFlight } from '../network/schedule-service.js';
import type { TestSystemDeps } from '../test-system-deps.js';

export interface TripContext {
  pax: OfferPax[];
  segments: { flight: DatedFlight; cabin: CabinCode }[];
  priceClass: PriceClassDef;
  international: boolean;
  /** The filing currency of the offer or order asked about (fare-currency.ts). */
  currency: string;
}

const CABIN_BY_CODE: Readonly<Record<string, CabinCode>> = { '1': 'F', '2': 'J', '3': 'J', '4': 'W', '5': 'Y' };

function fromSegments(parsed: ParsedMessage, core: string, deps: TestSystemDeps): TripContext | NdcErrorSpec {
  const { profile } = deps;
  const carrier = profile.code;
  const request = child(parsed.root, 'Request');
  const marketing = new Map(
    list(child(request, 'DatedMarketingSegmentList'), 'DatedMarketingSegment').map((s) => [
      text(s, 'DatedMarketingSegmentId') ?? '',
      s,
    ]),
  );
  const segments: TripContext['segments'] = [];
  for (const paxSegment of list(child(request, core, 'PaxSegmentRequest'), 'PaxSegment')) {
    const dms = marketing.get(text(paxSegment, 'DatedMarketingSegmentRefId') ?? '');
    const number = text(dms, 'MarketingCarrierFlightNumberText');
    const date = text(dms, 'Dep', 'AircraftScheduledDateTime')?.slice(0, 10);
    const flight =
      number && date && text(dms, 'CarrierDesigCode') === carrier
        ? deps.schedule.flight(`${carrier}${Number(number)}/${date}`)
        : undefined;
    if (!flight)
      return profile.errors.badRequest(
        `Flight ${carrier}${number ?? '?'} on ${date ?? '?'} is not in the ${carrier} schedule`,
        'DatedMarketingSegment',
      );
    const cabinCode = text(paxSegment, 'CabinTypeAssociationChoice', 'SegmentCabinType', 'CabinTypeCode') ?? '5';
    segments.push({ flight, cabin: CABIN_BY_CODE[cabinCode] ?? 'Y' });
  }
  if (segments.length === 0) return profile.errors.badRequest(`No ${carrier} segment to answer for`, 'PaxSegmentRequest');
  const pax = list(request, 'Pax').map((p, i) => ({ id: text(p, 'PaxID') ?? `PAX${i + 1}`, ptc: normalizePtc(text(p, 'PTC')) }));
  const cabin = (segments[0] as { cabin: CabinCode }).cabin;
  const brand = profile.fares.classForCabin[cabin];
  return {
    pax: pax.length ? pax : [{ id: 'PAX1', ptc: 'ADT' }],
    segments,
    priceClass: profile.fares.priceClasses.find((p) => p.id === brand) as PriceClassDef,
    international: isInternational(profile, { legs: segments.map((s) => s.flight) }),
    currency: fareCurrency(profile, segments[0]!.flight.pattern.origin, deps.pricing.currencyOverride),
  };
}

export function resolveTrip(
  parsed: ParsedMessage,
  core: 'SeatAvailCoreRequest' | 'ServiceListCoreRequest',
  deps: TestSystemDeps,
): TripContext | NdcErrorSpec {
  const coreRequest = child(parsed.root, 'Request', core);
  const offerId = text(coreRequest, 'OfferRequest', 'Offer', 'OfferID');
  if (offerId !== undefined) {
    const offer = deps.store.offer(offerId);
    if (!offer || offer.expiresAt <= deps.clock.now()) return deps.profile.errors.expiredOffer(offerId);
    return {
      pax: offer.pax,
      segments: offer.journey.segments,
      priceClass: offer.journey.priceClass,
      international: offer.journey.international,
      currency: offer.journey.currency,
    };
  }
  const orderId = text(coreRequest, 'OrderRequest', 'Order', 'OrderID');
  if (orderId !== undefined) {
    const order = deps.bookings.get(orderId);
    if (!order || order.status === 'CANCELLED') return deps.profile.errors.orderNotFound(orderId);
    return {
      pax: order.pax,
      segments: order.journey.segments,
      priceClass: order.journey.priceClass,
      international: order.journey.international,
      currency: order.journey.currency,
    };
  }
  return fromSegments(parsed, core, deps);
}

export function isErrorSpec(value: TripContext | NdcErrorSpec): value is NdcErrorSpec {
  return 'typeCode' in value;
}

// What SeatAvailability and ServiceList are asked about, from any of the three request shapes 21.3
// allows: a shopped or priced offer, an existing order, or segments sent by value.

import type { CabinCode } from '../network/aircraft-data.js';
import { AIRPORTS } from '../network/airports-data.js';
import { fareCurrency } from '../fares/fare-currency.js';
import { priceClass, type PriceClassDef } from '../fares/fare-rules.js';
import { isInternational, normalizePtc } from '../fares/fare-pricing.js';
import { AA_ERRORS, type NdcErrorSpec } from '../wire/ndc-errors.js';
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
const CLASS_BY_CABIN: Readonly<Record<CabinCode, string>> = { F: 'FIRST', J: 'BUS', W: 'PE', Y: 'MAIN' };

function fromSegments(parsed: ParsedMessage, core: string, deps: TestSystemDeps): TripContext | NdcErrorSpec {
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
      number && date && text(dms, 'CarrierDesigCode') === 'AA' ? deps.schedule.flight(`AA${Number(number)}/${date}`) : undefined;
    if (!flight)
      return AA_ERRORS.badRequest(
        `Flight AA${number ?? '?'} on ${date ?? '?'} is not in the AA schedule`,
        'DatedMarketingSegment',
      );
    const cabinCode = text(paxSegment, 'CabinTypeAssociationChoice', 'SegmentCabinType', 'CabinTypeCode') ?? '5';
    segments.push({ flight, cabin: CABIN_BY_CODE[cabinCode] ?? 'Y' });
  }
  if (segments.length === 0) return AA_ERRORS.badRequest('No AA segment to answer for', 'PaxSegmentRequest');
  const pax = list(request, 'Pax').map((p, i) => ({ id: text(p, 'PaxID') ?? `PAX${i + 1}`, ptc: normalizePtc(text(p, 'PTC')) }));
  const cabin = (segments[0] as { cabin: CabinCode }).cabin;
  return {
    pax: pax.length ? pax : [{ id: 'PAX1', ptc: 'ADT' }],
    segments,
    priceClass: priceClass(CLASS_BY_CABIN[cabin]) as PriceClassDef,
    international: isInternational({ legs: segments.map((s) => s.flight), elapsedMinutes: 0 }),
    currency: fareCurrency(AIRPORTS.get(segments[0]!.flight.pattern.origin)?.country, deps.pricing.currencyOverride),
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
    if (!offer || offer.expiresAt <= deps.clock.now()) return AA_ERRORS.expiredOffer(offerId);
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
    if (!order || order.status === 'CANCELLED') return AA_ERRORS.badRequest(`Order ${orderId} not found`, 'OrderID');
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

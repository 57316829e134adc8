import type { PricedExtra, ReshopOffer } from '../../connectors/order-types.js';
import { segmentJson } from '../../shopping/segment-view.js';
import { decimal, money } from '../order-view.js';

export function reshopOffersView(offers: ReshopOffer[]) {
  return offers.map(({ offer, fareDifference, lowerFareDifference, penalty, amountDue }) => ({
    offer_id: offer.offerId,
    airline: offer.airline,
    fare_brand: offer.fareBrand,
    fare_brand_code: offer.fareBrandCode,
    total_amount: decimal(offer.total)!,
    currency: offer.total.currency,
    fare_difference: money(fareDifference)!,
    fare_difference_returned: lowerFareDifference && {
      method: lowerFareDifference.method,
      ...money(lowerFareDifference.amount)!,
      description: lowerFareDifference.description,
    },
    penalty: money(penalty)!,
    amount_due: money(amountDue)!,
    expires_at: offer.expiresAt,
    slices: offer.slices.map((s) => ({
      origin: s.origin,
      destination: s.destination,
      segments: s.segments.map(segmentJson),
    })),
  }));
}

/** Extras a change quote adds, as priced by the airline. */
export function addedExtrasView(extras: PricedExtra[]) {
  return extras.map((x) => ({
    kind: x.request.kind,
    passenger_id: x.request.passengerId,
    segment_id: x.request.segmentId,
    designator: x.request.kind === 'seat' ? x.request.designator : null,
    service_id: x.request.kind === 'service' ? x.request.serviceId : null,
    name: x.name,
    price: money(x.price)!,
  }));
}

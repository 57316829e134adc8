import type { ReshopOffer } from '../../connectors/order-types.js';
import { segmentJson } from '../../shopping/segment-view.js';
import { decimal, money } from '../order-view.js';

export function reshopOffersView(offers: ReshopOffer[]) {
  return offers.map(({ offer, fareDifference, penalty, amountDue }) => ({
    offer_id: offer.offerId,
    airline: offer.airline,
    total_amount: decimal(offer.total)!,
    currency: offer.total.currency,
    fare_difference: money(fareDifference)!,
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

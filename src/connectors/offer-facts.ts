import type { Offer } from './connector-types.js';

/**
 * A connection (more than one segment in a slice) with a leg another airline operates. The
 * marketing carrier does not confirm such connections at booking, so search withholds them by
 * default and order creation refuses them.
 */
export function hasPartnerOperatedConnection(offer: Pick<Offer, 'airline' | 'slices'>): boolean {
  return offer.slices.some((s) => s.segments.length > 1 && s.segments.some((seg) => seg.operatingCarrier !== offer.airline));
}

/** What a connector can tell from an offer id alone, without calling the airline. */
export interface OfferFacts {
  partnerOperatedConnection: boolean;
  /** Airline offers the id stands for: one airline call each to price it. */
  airlineOffers: number;
}

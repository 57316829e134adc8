// Offers the test system has made, kept in memory until they expire: they live 30 minutes, and an
// airline's shopping cache is not durable either. Bookings are kept by storage/booking-store.ts.
// One store per test-system instance; reset through the control endpoint.

import type { PricedJourney } from '../fares/fare-pricing.js';
import type { Ptc } from '../fares/fare-pricing.js';
import type { NdcErrorSpec } from '../wire/ndc-errors.js';

export interface OfferPax {
  id: string;
  ptc: Ptc;
}

export interface OfferItemRecord {
  offerItemId: string;
  ptc: Ptc;
  paxIds: string[];
}

export interface StoredOffer {
  offerId: string;
  createdAt: number;
  expiresAt: number;
  /** Ticket-by time of an unpaid hold; null when the airline sells this offer only paid at once (profile.sales). */
  paymentDueAt: number | null;
  journey: PricedJourney;
  pax: OfferPax[];
  items: OfferItemRecord[];
  /** Set when booking this offer must fail because a flight in it does not operate on its date. */
  bookingRefusal?: { segmentRef: string; flightKey: string; errors: NdcErrorSpec[] };
  /** Per cent added on OfferPrice (price-change scenario). */
  repriceIncreasePct?: number;
  /** The shopping offer an OfferPrice answer was made from. */
  sourceOfferId?: string;
}

export type OrderStatus = 'OPENED' | 'TICKETED' | 'CANCELLED';

/** What the seat and service handlers read of a booking (orders/booking-record.ts extends it). */
export interface StoredOrder {
  orderId: string;
  bookingReference: string;
  offerId: string;
  status: OrderStatus;
  createdAt: number;
  journey: PricedJourney;
  pax: OfferPax[];
  ticketNumbers: string[];
}

export interface OfferStore {
  putOffer(offer: StoredOffer): void;
  offer(offerId: string): StoredOffer | undefined;
  /** Drops offers that expired more than a grace period ago, so memory stays bounded. */
  sweep(now: number): void;
  clear(): void;
  counts(): { offers: number };
}

const GRACE_MS = 60 * 60 * 1000;

export function createOfferStore(): OfferStore {
  const offers = new Map<string, StoredOffer>();
  return {
    putOffer: (offer) => void offers.set(offer.offerId, offer),
    offer: (id) => offers.get(id),
    sweep(now) {
      for (const [id, offer] of offers) if (offer.expiresAt + GRACE_MS < now) offers.delete(id);
    },
    clear() {
      offers.clear();
    },
    counts: () => ({ offers: offers.size }),
  };
}

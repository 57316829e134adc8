// Turning a live offer into an order: the rules OrderCreate (orders issue) applies before it answers.
// Refuses offers whose flight does not operate (AA's bracketed error), sells the seats on every
// segment or none, and gives them back on cancellation.

import { randomInt } from 'node:crypto';
import { SoldOutError } from '../network/inventory-service.js';
import type { StoredOffer, StoredOrder } from '../offers/offer-store.js';
import type { TestSystemDeps } from '../test-system-deps.js';

export class OfferUnavailableError extends Error {}

/** Booking refused by the airline; `message` is AA's text to put in the NDC Error. */
export class BookingRefusedError extends Error {}

const LOCATOR_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function locator(): string {
  return Array.from({ length: 6 }, () => LOCATOR_ALPHABET[randomInt(LOCATOR_ALPHABET.length)]).join('');
}

function seatsTaken(offer: StoredOffer): number {
  return offer.pax.filter((p) => p.ptc !== 'INF').length;
}

export function createBooking(deps: TestSystemDeps, offerId: string): StoredOrder {
  const now = deps.clock.now();
  const offer = deps.store.offer(offerId);
  if (!offer || offer.expiresAt <= now) throw new OfferUnavailableError(`Invalid or Expired Offer ${offerId}`);
  if (offer.bookingRefusal) throw new BookingRefusedError(offer.bookingRefusal.text);
  const seats = seatsTaken(offer);
  const sold: StoredOffer['journey']['segments'] = [];
  try {
    for (const segment of offer.journey.segments) {
      deps.inventory.sell(segment.flight, segment.cabin, seats);
      sold.push(segment);
    }
  } catch (error) {
    for (const segment of sold) deps.inventory.release(segment.flight, segment.cabin, seats);
    if (error instanceof SoldOutError) {
      throw new BookingRefusedError(
        `[325] Error during booking process. Code: 21, message: Rebooked segment unavailable\nNo seats left on ${error.flightKey}`,
      );
    }
    throw error;
  }
  let bookingReference = locator();
  while (deps.store.orderByReference(bookingReference)) bookingReference = locator();
  const order: StoredOrder = {
    orderId: `AA${bookingReference}${now.toString(36).toUpperCase()}`,
    bookingReference,
    offerId,
    status: 'OPENED',
    createdAt: now,
    journey: offer.journey,
    pax: offer.pax,
    ticketNumbers: [],
  };
  deps.store.putOrder(order);
  return order;
}

export function cancelBooking(deps: TestSystemDeps, orderId: string): StoredOrder | undefined {
  const order = deps.store.order(orderId);
  if (!order || order.status === 'CANCELLED') return order;
  const seats = order.pax.filter((p) => p.ptc !== 'INF').length;
  for (const segment of order.journey.segments) deps.inventory.release(segment.flight, segment.cabin, seats);
  const cancelled: StoredOrder = { ...order, status: 'CANCELLED' };
  deps.store.putOrder(cancelled);
  return cancelled;
}

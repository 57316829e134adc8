// A booking as one JSON document: what the store writes (one row per booking) and reads back at
// start. Everything in a Booking is plain data except the quotes Map, kept as [id, quote] pairs.

import type { StoredOrder } from '../offers/offer-store.js';

/**
 * What the store needs of a booking; orders/booking-record.ts's Booking has all of it and more.
 * (Named here, not imported from orders/, so storage does not depend on the orders folder.)
 */
export interface StoredBooking extends StoredOrder {
  version: number;
  /** The seller's own reference (per seller OrgID), as OrderRetrieve finds it. */
  sellerReference: SellerReference | null;
  quotes: Map<string, unknown>;
}

export interface SellerReference {
  orgId: string;
  bookingId: string;
}

type BookingDocument = Omit<StoredBooking, 'quotes'> & { quotes?: [string, unknown][]; notices?: string[] };

export function bookingDocument(b: StoredBooking): string {
  const doc: BookingDocument = { ...b, quotes: [...b.quotes] };
  return JSON.stringify(doc);
}

/**
 * A booking from its stored document. Rows written before a field was added to Booking lack it: a
 * new field gets its default here, so an airline that remembers also remembers older bookings.
 */
export function reviveBooking(doc: unknown): StoredBooking {
  const parsed = (typeof doc === 'string' ? JSON.parse(doc) : doc) as BookingDocument;
  const revived = {
    ...parsed,
    notices: parsed.notices ?? [],
    sellerReference: parsed.sellerReference ?? null,
    quotes: new Map(parsed.quotes ?? []),
  };
  return revived;
}

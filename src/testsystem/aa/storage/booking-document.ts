// A booking as one JSON document: what the store writes (one row per booking) and reads back at
// start. Everything in a Booking is plain data except the quotes Map, kept as [id, quote] pairs.

import type { Booking, Quote } from '../orders/booking-record.js';

type BookingDocument = Omit<Booking, 'quotes'> & { quotes: [string, Quote][] };

export function bookingDocument(b: Booking): string {
  const doc: BookingDocument = { ...b, quotes: [...b.quotes] };
  return JSON.stringify(doc);
}

/**
 * A booking from its stored document. Rows written before a field was added to Booking lack it: a
 * new field gets its default here, so an airline that remembers also remembers older bookings.
 */
export function reviveBooking(doc: unknown): Booking {
  const parsed = (typeof doc === 'string' ? JSON.parse(doc) : doc) as BookingDocument;
  return {
    ...parsed,
    notices: parsed.notices ?? [],
    sellerReference: parsed.sellerReference ?? null,
    quotes: new Map(parsed.quotes ?? []),
  };
}

// What cancelling a ticketed booking gives back, by AA's rules: everything within 24 hours of purchase
// (bought at least 2 days before departure), cash for the flexible brands, a trip credit of the
// ticket's value for the other non-refundable brands, and only the unused taxes for Basic Economy.
// Sources: aa.com "Trip credit" and "24-hour cancellation"; sales-policy.ts has the window.

import { insideFullRefundWindow } from '../offers/sales-policy.js';
import type { Booking } from './booking-record.js';

export interface CancellationTerms {
  /** Cash back to the form of payment. */
  refundCents: number;
  /** Value AA keeps for a future trip (21.3's "Residual"). */
  creditCents: number;
  /** What is forfeited. */
  penaltyCents: number;
}

export function cancellationTerms(b: Booking, now: number): CancellationTerms {
  const none = { refundCents: 0, creditCents: 0, penaltyCents: 0 };
  if (b.tickets.length === 0 || b.ticketedAt === null) return none;
  const paid = b.paidCents;
  const departure = b.journey.segments[0]?.flight.depUtc ?? now;
  const def = b.journey.priceClass;
  if (insideFullRefundWindow(b.ticketedAt, departure, now) || def.refundable) return { ...none, refundCents: paid };
  if (def.tripCredit) return { ...none, creditCents: paid };
  // Basic Economy keeps the fare; the government taxes of an unused ticket are refunded.
  const penaltyCents = Math.min(
    paid,
    b.journey.perPtc.reduce((s, p) => s + p.baseCents * p.count, 0),
  );
  return { ...none, refundCents: paid - penaltyCents, penaltyCents };
}

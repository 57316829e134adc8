// What cancelling a ticketed booking, or part of it, gives back, by the brand's rules: everything
// inside the airline's full-refund window (AA: 24 hours from purchase), cash for refundable brands,
// a trip credit of the ticket's value for brands that keep one, and otherwise only what is not base
// fare (taxes, extras). The same rules apply per passenger when only part of the booking is cancelled.

import type { AirlineProfile } from '../airline-profile.js';
import { activeSegments, type Booking } from './booking-record.js';

export interface CancellationTerms {
  /** Cash back to the form of payment. */
  refundCents: number;
  /** Value the airline keeps for a future trip (21.3's "Residual"). */
  creditCents: number;
  /** What is forfeited. */
  penaltyCents: number;
}

const NONE: CancellationTerms = { refundCents: 0, creditCents: 0, penaltyCents: 0 };

/**
 * The brand's rule applied to a paid value, of which `baseCents` is base fare (what Basic Economy
 * keeps; taxes and extras are refunded).
 */
export function termsForValue(
  profile: AirlineProfile,
  b: Booking,
  valueCents: number,
  baseCents: number,
  now: number,
): CancellationTerms {
  if (b.tickets.length === 0 || b.ticketedAt === null || valueCents <= 0) return NONE;
  const departure = activeSegments(b)[0]?.flight.depUtc ?? now;
  const def = b.journey.priceClass;
  if (profile.sales.insideFullRefundWindow(b.ticketedAt, departure, now) || def.refundable)
    return { ...NONE, refundCents: valueCents };
  if (def.tripCredit) return { ...NONE, creditCents: valueCents };
  const penaltyCents = Math.min(valueCents, baseCents);
  return { ...NONE, refundCents: valueCents - penaltyCents, penaltyCents };
}

/** The whole booking: what was paid, less what partial cancellations already took off. */
export function cancellationTerms(profile: AirlineProfile, b: Booking, now: number): CancellationTerms {
  const paid = b.paidCents - (b.removedCents ?? 0);
  // Basic Economy keeps the base fares still booked.
  const base = b.items.filter((i) => i.kind === 'flight').reduce((s, i) => s + baseShare(b, i.paxIds[0], i.cents), 0);
  return termsForValue(profile, b, paid, base, now);
}

/** The base-fare part of a flight value for a passenger's type (fares scale base and taxes together). */
export function baseShare(b: Booking, paxId: string | undefined, cents: number): number {
  const ptc = b.pax.find((p) => p.id === paxId)?.ptc;
  const price = b.journey.perPtc.find((p) => p.ptc === ptc);
  if (!price || price.totalCents === 0) return 0;
  return Math.round((cents * price.baseCents) / price.totalCents);
}

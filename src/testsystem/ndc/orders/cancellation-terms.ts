// What cancelling a ticketed booking, or part of it, gives back: everything inside the airline's
// full-refund window (AA: 24 hours from purchase), otherwise the brand's rule as the airline's
// profile applies it (profile.sales.cancelTerms). The same rules apply per passenger when only part
// of the booking is cancelled.

import type { AirlineProfile, CancellationTerms } from '../airline-profile.js';
import { activeSegments, seatedPax, type Booking } from './booking-record.js';
import { emdCents, emdTerms, openEmds, type EmdTerms } from './emd-record.js';
import { owesInvoluntaryRefund } from './involuntary-change.js';

export type { CancellationTerms };

const NONE: CancellationTerms = { refundCents: 0, creditCents: 0, penaltyCents: 0 };

/**
 * The brand's rule applied to a paid value, of which `baseCents` is what a brand that forfeits the
 * fare keeps (the base fare and the taxes kept with it, fareShare; other taxes and extras are
 * refunded), for `seated` passengers.
 */
export function termsForValue(
  profile: AirlineProfile,
  b: Booking,
  value: { valueCents: number; baseCents: number; seated: number },
  now: number,
): CancellationTerms {
  const { valueCents, baseCents, seated } = value;
  if (b.tickets.length === 0 || b.ticketedAt === null || valueCents <= 0) return NONE;
  const departure = activeSegments(b)[0]?.flight.depUtc ?? now;
  if (profile.sales.insideFullRefundWindow(b.ticketedAt, departure, now)) return { ...NONE, refundCents: valueCents };
  // A cancelled flight or a significant change: everything back, whatever the brand (14 CFR 260.6).
  if (owesInvoluntaryRefund(b)) return { ...NONE, refundCents: valueCents };
  const { priceClass, currency } = b.journey;
  return profile.sales.cancelTerms({ priceClass, valueCents, baseCents, seatedPax: seated, currency });
}

/**
 * The whole booking: what was paid, less what partial cancellations already took off. The fare's
 * rule applies to the tickets' value; the open EMDs (paid seats and services) go by their own
 * (emd-record.ts): refunded ones add to the refund, kept ones to what is forfeited.
 */
export function cancellationTerms(
  profile: AirlineProfile,
  b: Booking,
  now: number,
): CancellationTerms & { emds: EmdTerms['emds'] } {
  const emds = openEmds(b);
  const paid = b.paidCents - (b.removedCents ?? 0) - emdCents(emds);
  // Basic Economy keeps the base fares still booked, and the taxes kept with them.
  const base = b.items.filter((i) => i.kind === 'flight').reduce((s, i) => s + fareShare(b, i.paxIds[0], i.cents), 0);
  const fare = termsForValue(profile, b, { valueCents: paid, baseCents: base, seated: seatedPax(b).length }, now);
  return withEmds(fare, emdTerms(profile, b, emds, now));
}

/** A fare's terms with the EMDs' beside them: one refund, one forfeit, the credit the fare's alone. */
export function withEmds(fare: CancellationTerms, emds: EmdTerms): CancellationTerms & { emds: EmdTerms['emds'] } {
  return {
    refundCents: fare.refundCents + emds.refundCents,
    creditCents: fare.creditCents,
    penaltyCents: fare.penaltyCents + emds.keptCents,
    emds: emds.emds,
  };
}

/**
 * The part of a flight value for a passenger's type that a brand forfeiting the fare keeps: the base
 * fare and the taxes kept with it (TaxLine.keptWithFare); fares scale base and taxes together.
 */
export function fareShare(b: Booking, paxId: string | undefined, cents: number): number {
  const ptc = b.pax.find((p) => p.id === paxId)?.ptc;
  const price = b.journey.perPtc.find((p) => p.ptc === ptc);
  if (!price || price.totalCents === 0) return 0;
  const kept = price.baseCents + price.taxes.filter((t) => t.keptWithFare).reduce((s, t) => s + t.cents, 0);
  return Math.round((cents * kept) / price.totalCents);
}

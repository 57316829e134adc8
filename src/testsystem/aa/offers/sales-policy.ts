// When AA sells, holds and refunds, as its published policies and its own NDC traffic say. Each
// rule names its source; docs/aa-test-system.md ("How close to AA") lists them side by side.

import type { AirlineSalesPolicy, CancelInput, CancellationTerms } from '../../ndc/airline-profile.js';
import { addDays, localToUtc, utcToLocal } from '../../ndc/network/geo-time.js';
import type { DatedFlight } from '../../ndc/network/schedule-service.js';
import type { PriceClassDef } from '../../ndc/fares/price-class.js';
import { AIRPORTS } from '../network/airports-data.js';

const DAY_MS = 86_400_000;

/**
 * AA's schedule is on sale about 331 days ahead (aa.com booking calendar; the gateway's own selling
 * window in src/shopping/search-validation.ts is the same number).
 */
export const SELLING_WINDOW_DAYS = 331;

/**
 * AA holds a reservation without payment only when it is made at least 7 days before departure
 * (aa.com, "Reservation holds": "hold … for 24 hours … if you book at least 7 days before departure").
 */
export const HOLD_MIN_DAYS_BEFORE_DEPARTURE = 7;

/**
 * The ticket-by time of a holdable offer, or null when the offer must be paid when it is booked.
 * Real AA answers give the end of the next local day ("Payment DateTime 2021-05-09T23:59:00" for a
 * search made on 2021-05-08, samples-aa-17.2 AirShoppingRS_JFKDFW_2ADT_1CNN_RoundTrip.xml).
 */
export function holdPaymentDeadline(now: number, first: DatedFlight): number | null {
  if (first.depUtc - now < HOLD_MIN_DAYS_BEFORE_DEPARTURE * DAY_MS) return null;
  const tz = AIRPORTS.get(first.pattern.origin)?.tz ?? 'UTC';
  return localToUtc(addDays(utcToLocal(now, tz).date, 1), 23 * 60 + 59, tz);
}

/**
 * AA's 24-hour rule: a ticket bought at least 2 days before departure can be cancelled for a full
 * refund within 24 hours of purchase, whatever the fare (aa.com, "24-hour cancellation";
 * US DOT 14 CFR 259.5(b)(4)).
 */
export const FULL_REFUND_WINDOW_MS = DAY_MS;
export const FULL_REFUND_MIN_DAYS_BEFORE_DEPARTURE = 2;

export function insideFullRefundWindow(ticketedAt: number, departureUtc: number, now: number): boolean {
  return now - ticketedAt <= FULL_REFUND_WINDOW_MS && departureUtc - ticketedAt >= FULL_REFUND_MIN_DAYS_BEFORE_DEPARTURE * DAY_MS;
}

/**
 * After the 24-hour window: the flexible brands refund in cash, the other brands keep the whole
 * value as a trip credit, and Basic Economy keeps the fare and returns the taxes (aa.com "Trip
 * credit"). No brand has a cancellation fee.
 */
export function aaCancelTerms(input: CancelInput): CancellationTerms {
  const { priceClass: def, valueCents, baseCents } = input;
  if (def.refundable) return { refundCents: valueCents, creditCents: 0, penaltyCents: 0 };
  if (def.tripCredit) return { refundCents: 0, creditCents: valueCents, penaltyCents: 0 };
  const penaltyCents = Math.min(valueCents, baseCents);
  return { refundCents: valueCents - penaltyCents, creditCents: 0, penaltyCents };
}

/**
 * A lap infant on a domestic trip travels free on the adult's ticket with no ticket of their own;
 * abroad they pay 10% of the adult fare and are ticketed (aa.com "Traveling with infants": "Infants
 * under 2 years old can travel on your lap for free on domestic flights"; international: 10% of the
 * adult fare plus taxes).
 */
export const ticketsLapInfant = (journey: { international: boolean }): boolean => journey.international;

/**
 * A change to a cheaper flight: the difference is refunded to the form of payment for the flexible
 * (refundable) brands and kept as a trip credit for the others (aa.com "Change trip": "if your new
 * trip costs less, you'll get the difference as a trip credit" for non-refundable tickets).
 */
export const lowerFareDifference = (def: PriceClassDef): 'credit' | 'refund' => (def.refundable ? 'refund' : 'credit');

/**
 * Prepaid seat and bag fees of a trip cancelled before they are used go back to the form of payment,
 * on their own documents (EMDs), whatever the fare does (aa.com "Refunds": baggage charge and
 * preferred seat refunds; 14 CFR 260.4 for a service not provided).
 */
export const UNUSED_SERVICES = 'refund' as const;

export const AA_SALES: AirlineSalesPolicy = {
  sellingWindowDays: SELLING_WINDOW_DAYS,
  holdDeadline: holdPaymentDeadline,
  insideFullRefundWindow,
  cancelTerms: aaCancelTerms,
  unusedServices: UNUSED_SERVICES,
  ticketsLapInfant,
  lowerFareDifference,
  disruptionRebookingDays: 7,
};

// Paid seats and services on documents of their own: one EMD-A (electronic miscellaneous document,
// associated with the passenger's ticket; 21.3 TicketDocTypeCode "J") per paid seat or service and
// passenger, numbered like the airline's tickets (VS: 932…, orderviewRS_paid_seats_and_FF_number.xml;
// AA: 001…), one coupon for the service it pays for. Its value is its own: a cancellation quotes and
// refunds it by the airline's rule for unused services (profile.sales.unusedServices), never as
// part of the ticket's fare or its trip credit.

import type { AirlineProfile } from '../airline-profile.js';
import { activeSegments, newTicketNumber, type BookedItem, type Booking, type Emd, type EmdOutcome } from './booking-record.js';
import { owesInvoluntaryRefund } from './involuntary-change.js';

export type { Emd, EmdOutcome };

export interface EmdTerms {
  refundCents: number;
  /** Value the airline keeps (a service it does not refund when unused). */
  keptCents: number;
  emds: EmdOutcome[];
}

const paidExtra = (i: BookedItem) => i.kind !== 'flight' && i.cents > 0;

/**
 * Issues the EMDs a ticketed booking owes: one per paid seat or service item and passenger that has
 * none yet, the item's price shared by its passengers (the rounding left to the first).
 */
export function issueEmds(b: Booking, profile: Pick<AirlineProfile, 'ticketPrefix'>): void {
  if (b.tickets.length === 0) return;
  const emds = b.emds ?? [];
  for (const item of b.items.filter(paidExtra)) {
    if (emds.some((e) => e.itemId === item.itemId)) continue;
    const each = Math.floor(item.cents / item.paxIds.length);
    item.paxIds.forEach((paxId, i) =>
      emds.push({
        number: newTicketNumber(profile.ticketPrefix),
        paxId,
        itemId: item.itemId,
        cents: i === 0 ? item.cents - each * (item.paxIds.length - 1) : each,
        couponStatus: 'I',
      }),
    );
  }
  if (emds.length > 0) b.emds = emds;
}

/** The open EMDs paying for these items (every item when absent). */
export function openEmds(b: Booking, itemIds?: readonly string[]): Emd[] {
  return (b.emds ?? []).filter((e) => e.couponStatus === 'I' && (!itemIds || itemIds.includes(e.itemId)));
}

export const emdCents = (emds: readonly Emd[]): number => emds.reduce((s, e) => s + e.cents, 0);

/**
 * What cancelling these unused services gives back: everything inside the airline's full-refund
 * window or when the airline changed the trip significantly (a cancelled flight: the service cannot
 * be given, 14 CFR 260.4); otherwise the airline's rule for a service not used
 * (profile.sales.unusedServices: AA refunds it to the form of payment, VS keeps it).
 */
export function emdTerms(profile: AirlineProfile, b: Booking, emds: readonly Emd[], now: number): EmdTerms {
  if (emds.length === 0 || b.ticketedAt === null) return { refundCents: 0, keptCents: 0, emds: [] };
  const departure = activeSegments(b)[0]?.flight.depUtc ?? now;
  const refund =
    profile.sales.insideFullRefundWindow(b.ticketedAt, departure, now) ||
    owesInvoluntaryRefund(b) ||
    profile.sales.unusedServices === 'refund';
  const total = emdCents(emds);
  return {
    refundCents: refund ? total : 0,
    keptCents: refund ? 0 : total,
    emds: emds.map((e) => ({ number: e.number, refund })),
  };
}

/** Settles the EMDs a cancellation quoted: refunded coupons RF, kept ones V; returns the cents refunded. */
export function settleEmds(b: Booking, outcomes: readonly EmdOutcome[] | undefined): number {
  let refunded = 0;
  for (const o of outcomes ?? []) {
    const emd = b.emds?.find((e) => e.number === o.number && e.couponStatus === 'I');
    if (!emd) continue;
    emd.couponStatus = o.refund ? 'RF' : 'V';
    if (o.refund) refunded += emd.cents;
  }
  return refunded;
}

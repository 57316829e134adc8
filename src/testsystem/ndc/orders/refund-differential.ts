// The refund of an order item the NDC 21.3 way: OrderItem/PriceDifferential with
// DifferentialTypeCode "Refund", the amount the airline pays back in DiffPrice/Price/DueByAirlineAmount,
// what the item is worth after (NewPrice) and before (OldPrice). That is how a 21.3 OrderViewRS of
// a refunded cancellation carries it (../shared/ndc/samples-21.3/orderchange/OC_RFC_OrderChangeCancelRS.xml);
// the connector adds the items' DueByAirlineAmount up into the order's refund.

import { amount } from '../messages/offer-xml-builder.js';
import { el, type XmlNode } from '../wire/xml-builder.js';
import type { AirlineProfile } from '../airline-profile.js';
import type { BookedItem, Booking } from './booking-record.js';
import { penaltyList, refundDiffPrice } from './penalty-list.js';

/**
 * The booking's refunded amount spread over its items: a refunded EMD's value to the seat or service
 * it paid for, the rest over the other items in order, each up to its own price; what a refund
 * returns beyond the items (a change fee paid earlier, waived) goes to the first item.
 */
export function refundShares(b: Booking): Map<string, number> {
  const shares = new Map<string, number>();
  let left = b.refundedCents;
  const onEmd = new Set((b.emds ?? []).map((e) => e.itemId));
  for (const e of b.emds ?? []) {
    if (e.couponStatus !== 'RF' || !b.items.some((i) => i.itemId === e.itemId)) continue;
    const share = Math.min(left, e.cents);
    shares.set(e.itemId, (shares.get(e.itemId) ?? 0) + share);
    left -= share;
  }
  for (const item of b.items) {
    if (onEmd.has(item.itemId)) continue;
    const share = Math.min(left, Math.max(0, item.cents));
    shares.set(item.itemId, share);
    left -= share;
  }
  const first = b.items[0];
  if (left > 0 && first) shares.set(first.itemId, (shares.get(first.itemId) ?? 0) + left);
  return shares;
}

/**
 * The item's PriceDifferential when part of the booking was refunded, else nothing. Where the airline
 * sends penalties in a PenaltyList (VS), the refund is a fare detail of the item's passengers, the
 * first refunded item's naming the penalty (penalty-list.ts; the PenaltyList itself: orderPenaltyList).
 */
export function refundDifferential(profile: AirlineProfile, b: Booking, item: BookedItem): XmlNode | null {
  if (b.refundedCents <= 0) return null;
  const shares = refundShares(b);
  const share = shares.get(item.itemId) ?? 0;
  if (share <= 0) return null;
  const currency = b.journey.currency;
  const wire = profile.wire.cancelPenalty;
  const firstRefunded = b.items.find((i) => (shares.get(i.itemId) ?? 0) > 0)?.itemId === item.itemId;
  return el('PriceDifferential', [
    el('DifferentialTypeCode', 'Refund'),
    wire.shape === 'penaltyList'
      ? refundDiffPrice(
          wire,
          {
            paxIds: item.paxIds,
            refundCents: share,
            valueCents: item.cents,
            penalised: firstRefunded && (b.penaltyCents ?? 0) > 0,
          },
          currency,
        )
      : el('DiffPrice', [el('Price', [amount('DueByAirlineAmount', share, currency)])]),
    el('NewPrice', [el('Price', [amount('TotalAmount', Math.max(0, item.cents - share), currency)])]),
    el('OldPrice', [el('Price', [amount('TotalAmount', item.cents, currency)])]),
  ]);
}

/** The order view's PenaltyList where the airline sends one (VS): what cancellations forfeited. */
export function orderPenaltyList(profile: AirlineProfile, b: Booking): XmlNode | null {
  const wire = profile.wire.cancelPenalty;
  if (wire.shape !== 'penaltyList' || b.refundedCents <= 0) return null;
  return penaltyList(wire, b.penaltyCents ?? 0, b.journey.currency);
}

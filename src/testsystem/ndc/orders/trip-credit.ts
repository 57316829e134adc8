// A trip credit the way the test airline keeps it: cancelling a ticket whose fare keeps its value
// (AA's Main Cabin and up after 24 hours) leaves the ticket's coupons open and its value on the
// ticket for a future trip, as AA does ("Trip credit": the unused ticket keeps its value for 12
// months from the original issue). The order view states it per passenger as the flight item's
// 21.3 PriceDifferential of type "Residual" (value the airline keeps for future use), the same
// type the cancellation quote uses (reshop-builder.ts); the ticket's IssueInfo/IssueDate gives the
// original issue the expiry runs from.

import { amount } from '../messages/offer-xml-builder.js';
import { el, type XmlNode } from '../wire/xml-builder.js';
import type { BookedItem, Booking } from './booking-record.js';

/** The credit of each open ticket: `creditCents` over the passengers by the value each paid, the rounding left to the first. */
export function creditsOnCancel(b: Booking, creditCents: number): NonNullable<Booking['credits']> {
  const open = b.tickets.filter((t) => t.couponStatus === 'I');
  if (creditCents <= 0 || open.length === 0) return [];
  const paidBy = (paxId: string) =>
    b.items.filter((i) => i.paxIds.includes(paxId)).reduce((s, i) => s + i.cents / i.paxIds.length, 0);
  const weights = open.map((t) => paidBy(t.paxId));
  const all = weights.reduce((s, w) => s + w, 0);
  const shares = weights.map((w) => (all > 0 ? Math.floor((creditCents * w) / all) : Math.floor(creditCents / open.length)));
  shares[0] = shares[0]! + creditCents - shares.reduce((s, c) => s + c, 0);
  return open.map((t, i) => ({ paxId: t.paxId, ticketNumber: t.number, cents: shares[i]! }));
}

/**
 * The flight item's "Residual" differential: per passenger of the item holding a credit, the value
 * kept (DiffPrice/FareDetail/Price/TotalAmount). Null when the item's passengers hold none.
 */
export function residualDifferential(b: Booking, item: BookedItem): XmlNode | null {
  if (item.kind !== 'flight' || !b.credits?.length) return null;
  const held = b.credits.filter((c) => item.paxIds.includes(c.paxId));
  if (held.length === 0) return null;
  const currency = b.journey.currency;
  const kept = held.reduce((s, c) => s + c.cents, 0);
  return el('PriceDifferential', [
    el('DifferentialTypeCode', 'Residual'),
    el(
      'DiffPrice',
      held.map((c) => el('FareDetail', [el('PaxRefID', c.paxId), el('Price', [amount('TotalAmount', c.cents, currency)])])),
    ),
    el('NewPrice', [el('Price', [amount('TotalAmount', Math.max(0, item.cents - kept), currency)])]),
    el('OldPrice', [el('Price', [amount('TotalAmount', item.cents, currency)])]),
  ]);
}

/** Credits of the same ticket add up: one entry per ticket. */
export function mergeCredits(
  held: NonNullable<Booking['credits']>,
  added: NonNullable<Booking['credits']>,
): NonNullable<Booking['credits']> {
  const out = held.map((c) => ({ ...c }));
  for (const c of added) {
    const same = out.find((o) => o.ticketNumber === c.ticketNumber);
    if (same) same.cents += c.cents;
    else out.push({ ...c });
  }
  return out;
}

/**
 * After an exchange: the value kept on a traveller's exchanged ticket goes with them to their new
 * ticket (the credit is the traveller's, the exchange does not spend it), one credit per ticket.
 */
export function creditsOnNewTickets(b: Booking): NonNullable<Booking['credits']> {
  const current = (paxId: string) => b.tickets.find((t) => t.paxId === paxId && t.couponStatus === 'I')?.number;
  return mergeCredits(
    [],
    (b.credits ?? []).map((c) => ({ ...c, ticketNumber: current(c.paxId) ?? c.ticketNumber })),
  );
}

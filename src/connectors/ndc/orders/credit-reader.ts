import type { OrderCredit, OrderTicket } from '../../order-types.js';
import { amount, list, node, text, type Parsed } from '../ndc-xml.js';

/**
 * How long a trip credit lasts: 12 months from the original ticket issue, as AA applies it to the
 * value of an unused non-refundable ticket. VS sells no fare that cancels to a credit (its fares
 * refund, less a penalty or not); a credit it stated would get the same rule.
 */
export const CREDIT_VALIDITY_MONTHS = 12;

/** The last day a credit of a ticket issued on `issuedOn` (YYYY-MM-DD) can be used, as an instant: its end (UTC). */
export function creditExpiry(issuedOn: string): string {
  const d = new Date(`${issuedOn.slice(0, 10)}T23:59:59Z`);
  d.setUTCMonth(d.getUTCMonth() + CREDIT_VALIDITY_MONTHS);
  return d.toISOString();
}

/** The statuses of coupons given up for a new ticket: the credit was spent on an exchange. */
const EXCHANGED = /^(E|EXC)$/i;

/**
 * The trip credits an OrderViewRS states: per order item, a 21.3 PriceDifferential of type
 * "Residual" (value the airline keeps for future use) with a FareDetail per passenger whose
 * Price/TotalAmount is the value kept. Each is the credit of that passenger's ticket; `used` once
 * the ticket's coupons were exchanged (the value paid a new ticket). Expiry from the ticket's
 * IssueInfo/IssueDate, null when the airline gives none.
 */
export function readCredits(items: Parsed[], docs: Parsed[], tickets: OrderTicket[]): OrderCredit[] {
  const issued = new Map<string, string>();
  for (const doc of docs) {
    const on = text(node(doc.IssueInfo).IssueDate);
    if (on) for (const t of list(doc.Ticket)) issued.set(text(t.TicketNumber) ?? '', on);
  }
  const credits: OrderCredit[] = [];
  for (const item of items) {
    const diff = node(item.PriceDifferential);
    if ((text(diff.DifferentialTypeCode) ?? '').toLowerCase() !== 'residual') continue;
    for (const fare of list(node(diff.DiffPrice).FareDetail)) {
      const value = amount(node(fare.Price).TotalAmount);
      const passengerId = text(fare.PaxRefID);
      if (!value || !passengerId || value.amountMinor === 0) continue;
      const ticket = tickets.filter((t) => t.passengerId === passengerId && (t.kind ?? 'ticket') === 'ticket').at(-1);
      const issuedOn = ticket ? (issued.get(ticket.ticketNumber) ?? null) : null;
      credits.push({
        passengerId,
        ticketNumber: ticket?.ticketNumber ?? null,
        amount: { ...value, amountMinor: Math.abs(value.amountMinor) },
        issuedOn,
        expiresAt: issuedOn ? creditExpiry(issuedOn) : null,
        status:
          ticket && ticket.coupons.length > 0 && ticket.coupons.every((c) => EXCHANGED.test(c.status)) ? 'used' : 'available',
      });
    }
  }
  return credits;
}

/** A document's kind: 21.3 TicketDocTypeCode T is a ticket, J and Y are EMDs (associated, standalone). */
export function documentKind(code: string | null): OrderTicket['kind'] {
  if (!code) return undefined;
  return /^[JY]$/i.test(code) ? 'emd' : 'ticket';
}

import type { Money } from '../connectors/connector-types.js';
import type { OrderCredit } from '../connectors/order-types.js';
import { creditExpiry } from '../connectors/ndc/orders/credit-reader.js';
import type { OrderRow } from '../platform/db/rows.js';
import { toDecimal } from '../platform/money.js';

/** A credit's id is its ticket's number: the airline keeps the value on that ticket, and pays with it. */
export const CREDIT_ID_PREFIX = 'crd_';
export const creditIdOf = (ticketNumber: string | null): string | null =>
  ticketNumber ? `${CREDIT_ID_PREFIX}${ticketNumber}` : null;

/** When a credit can no longer be used: the airline's expiry, else 12 months from the order's booking. */
export const creditExpiresAt = (order: Pick<OrderRow, 'created_at'>, c: OrderCredit): string =>
  c.expiresAt ?? creditExpiry(order.created_at.toISOString());

/**
 * The order's trip credits as the API shows them: what the airline states (details.airline.credits),
 * `expired` once past `expires_at`. Without an issue date from the airline, the credit runs from the
 * order's booking (the same 12 months, credit-reader.ts).
 */
export function creditsJson(order: OrderRow, now: Date) {
  return heldCredits(order).map((c: OrderCredit) => {
    const expiresAt = creditExpiresAt(order, c);
    return {
      credit_id: creditIdOf(c.ticketNumber),
      passenger_id: c.passengerId,
      ticket_number: c.ticketNumber,
      amount: toDecimal(c.amount),
      currency: c.amount.currency,
      expires_at: expiresAt,
      status: c.status === 'available' && expiresAt <= now.toISOString() ? ('expired' as const) : c.status,
    };
  });
}

/** Every credit the order holds: the airline's order view's, then those of passengers taken off it. */
export function heldCredits(order: Pick<OrderRow, 'details'>): OrderCredit[] {
  return [...(order.details.airline.credits ?? []), ...(order.details.removedPassengerCredits ?? [])];
}

/**
 * The credit a partial cancellation accepted leaves with the passengers it took off: the quote's
 * `credit` on those passengers' tickets, shared evenly (the rounding to the first). The airline's
 * order view no longer names those passengers, so the gateway keeps what the accepted quote stated;
 * the credit runs from the booking (creditsJson) since the view no longer gives the ticket's issue.
 */
export function creditsOfRemovedPassengers(
  order: Pick<OrderRow, 'details'>,
  passengerIds: string[],
  credit: Money,
): OrderCredit[] {
  if (credit.amountMinor <= 0 || passengerIds.length === 0) return [];
  const tickets = order.details.airline.tickets.filter(
    (t) => passengerIds.includes(t.passengerId) && (t.kind ?? 'ticket') === 'ticket',
  );
  const holders = tickets.length > 0 ? tickets : passengerIds.map((passengerId) => ({ passengerId, ticketNumber: null }));
  const share = Math.floor(credit.amountMinor / holders.length);
  return holders.map((t, i) => ({
    passengerId: t.passengerId,
    ticketNumber: t.ticketNumber,
    amount: { amountMinor: share + (i === 0 ? credit.amountMinor - share * holders.length : 0), currency: credit.currency },
    issuedOn: null,
    expiresAt: null,
    status: 'available' as const,
  }));
}

/** Why a cancelled order refunds nothing when its value became a credit; null when it holds none. */
export function keptAsCredit(order: OrderRow): string | null {
  return heldCredits(order).length > 0
    ? 'the ticket value is kept as a trip credit (see `credits`): nothing goes back to the form of payment'
    : null;
}

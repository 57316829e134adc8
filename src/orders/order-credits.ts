import type { OrderCredit } from '../connectors/order-types.js';
import { creditExpiry } from '../connectors/ndc/orders/credit-reader.js';
import type { OrderRow } from '../platform/db/rows.js';
import { toDecimal } from '../platform/money.js';

/**
 * The order's trip credits as the API shows them: what the airline states (details.airline.credits),
 * `expired` once past `expires_at`. Without an issue date from the airline, the credit runs from the
 * order's booking (the same 12 months, credit-reader.ts).
 */
export function creditsJson(order: OrderRow, now: Date) {
  return (order.details.airline.credits ?? []).map((c: OrderCredit) => {
    const expiresAt = c.expiresAt ?? creditExpiry(order.created_at.toISOString());
    return {
      passenger_id: c.passengerId,
      ticket_number: c.ticketNumber,
      amount: toDecimal(c.amount),
      currency: c.amount.currency,
      expires_at: expiresAt,
      status: c.status === 'available' && expiresAt <= now.toISOString() ? ('expired' as const) : c.status,
    };
  });
}

/** Why a cancelled order refunds nothing when its value became a credit; null when it holds none. */
export function keptAsCredit(order: OrderRow): string | null {
  return (order.details.airline.credits?.length ?? 0) > 0
    ? 'the ticket value is kept as a trip credit (see `credits`): nothing goes back to the form of payment'
    : null;
}

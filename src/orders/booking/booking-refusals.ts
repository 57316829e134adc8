import type { AppError } from '../../platform/errors.js';
import { unprocessable } from '../../platform/errors.js';

/** A hold the airline does not offer for this offer (its word at the re-price). */
export function holdRefusal(airline: string): AppError {
  return unprocessable(
    `payment: ${airline} does not hold this offer (its hold_available is false); pay at once with payment.type agency_account or card, or choose an offer that can be held`,
    'hold_not_available',
    { field: 'payment' },
  );
}

/** An offer that connects onto a partner-operated flight, which the airline does not confirm at booking. */
export function partnerRefusal(airline: string): AppError {
  return unprocessable(
    `this offer connects onto a flight operated by a partner airline, which ${airline} does not confirm at booking; choose an offer ${airline} operates throughout`,
    'partner_operated_connection',
  );
}

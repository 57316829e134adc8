import { AppError, badGateway, notFound, unprocessable } from '../platform/errors.js';
import type { ConnectorFailure } from './connector-failure.js';

export const OFFER_GONE = 'offer no longer available at airline';

/**
 * What the failed airline call was about, which decides what "not found" means:
 * - `offer`: pricing, seats or services of an offer, or booking one; a vanished offer is the
 *   contract's 404 `offer no longer available at airline`.
 * - `order`: servicing a booked order; the order itself was found in our store, so the airline
 *   not finding it is the airline's fault, answered as a 502 with its text.
 * - `extra`: pricing a seat or service; one the airline will not price is 422 `extra_not_priced`.
 */
export type FailureContext = 'offer' | 'order' | 'extra';

/**
 * The one HTTP answer for a failed airline call (interface: Errors table and rule 8): the thing is
 * gone (404), an extra cannot be priced (422), or the carrier's own text as a 502, its code saying
 * which kind of failure it was so a client can tell a refusal (do not retry) from an outage.
 */
export function failureToHttp(failure: ConnectorFailure, context: FailureContext): AppError {
  if (context === 'extra' && (failure.kind === 'not_available' || failure.kind === 'refused' || failure.kind === 'not_found'))
    return unprocessable(failure.message, 'extra_not_priced');
  switch (failure.kind) {
    case 'not_found':
      return context === 'offer' ? notFound(OFFER_GONE, 'offer_not_available') : badGateway(failure.message, 'airline_error');
    case 'not_configured':
      return badGateway(failure.message, 'airline_not_configured');
    case 'timeout':
      return badGateway(failure.message, 'airline_timeout');
    case 'unavailable':
    case 'bad_response':
    case 'cancelled':
      return badGateway(failure.message, 'airline_unavailable');
    case 'refused':
      return badGateway(failure.message, 'airline_refused');
    case 'not_available':
      return badGateway(failure.message, 'airline_error');
  }
}

import { AppError, badGateway, notFound } from '../platform/errors.js';
import type { ConnectorFailure } from './connector-failure.js';

export const OFFER_GONE = 'offer no longer available at airline';

/**
 * The HTTP answer for a failed airline call on an offer (or order) endpoint: the thing is gone
 * (404), or the airline's own text as a 502 (interface rule 8): refusals with their bracketed
 * code, outages, time-outs and an unconfigured live connection alike.
 */
export function failureToHttp(
  failure: ConnectorFailure,
  notFoundMessage = OFFER_GONE,
  notFoundCode = 'offer_not_available',
): AppError {
  switch (failure.kind) {
    case 'not_found':
      return notFound(notFoundMessage, notFoundCode);
    case 'not_configured':
      return badGateway(failure.message, 'airline_not_configured');
    case 'timeout':
      return badGateway(failure.message, 'airline_timeout');
    case 'unavailable':
    case 'bad_response':
    case 'cancelled':
      return badGateway(failure.message, 'airline_unavailable');
    case 'refused':
    case 'not_available':
      return badGateway(failure.message, 'airline_error');
  }
}

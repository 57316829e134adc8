import type { PassengerCounts } from './connector-types.js';

/** Slices of one trip: the most a multi-city search takes, so the most airline offers one of our offers holds. */
export const MAX_SLICES = 6;

/**
 * Passengers per request as AA counts them: adults, children and lap infants together (its
 * AirShopping refuses a tenth with "At most 9 passengers per request").
 */
export const MAX_PASSENGERS = 9;

/**
 * The one passenger rule, for a search and for the counts read back from an offer id: at least one
 * adult, no more lap infants than adults, and at most nine passengers in all. Null when the counts are fine,
 * otherwise the sentence a search answers with.
 */
export function passengerCountsProblem(p: PassengerCounts): string | null {
  const { adults, children, infants } = p;
  if (![adults, children, infants].every((n) => Number.isSafeInteger(n) && n >= 0))
    return 'passenger counts must be whole numbers';
  if (adults < 1) return 'adults must be >= 1';
  if (infants > adults) {
    return `infants must not exceed adults (${infants} infants, ${adults} adults): each infant travels on an adult's lap`;
  }
  if (adults + children + infants > MAX_PASSENGERS) {
    return `adults, children and infants together must be at most ${MAX_PASSENGERS} per search`;
  }
  return null;
}

// One tax, fee or carrier charge per passenger, as offers itemise it, and what the airline's tax
// rules (its profile's fares.taxes) are given to work one out.

import type { CabinCode } from '../network/aircraft.js';
import type { DatedFlight } from '../network/schedule-service.js';

export interface TaxLine {
  code: string;
  name: string;
  /** Minor units of the fare's currency. */
  cents: number;
  /** The country levying it; null for the carrier's own charge (YR, YQ). */
  country: string | null;
  /** The amount in the currency it is levied in, when that is not the fare's currency. */
  filed: { cents: number; currency: string } | null;
  /**
   * Kept with the fare when a brand forfeits the fare on cancellation (AA: the 7.5% US tax levied on
   * the fare, and its own YR surcharge); absent: refunded with the other taxes.
   */
  keptWithFare?: true;
}

export interface TaxInput {
  segments: readonly { flight: DatedFlight; cabin: CabinCode }[];
  baseCents: number;
  ptc: 'ADT' | 'CHD' | 'INF';
  currency: string;
}

// AA's seat products, as samples-aa-17.2 SeatAvailabilityRS names them: Main Cabin Extra (090, the
// extra-legroom and exit rows), Preferred Seats (088, window and aisle in the front third of economy) and,
// for Basic Economy, which pays for any seat it chooses, Standard Seats (093). Premium cabins'
// seats come with the fare.

import type { AirlineSeatRules } from '../../ndc/airline-profile.js';
import { fromUsdCents } from '../../ndc/fares/fare-currency.js';

/**
 * Main Cabin Extra by stage length (aa.com "Main Cabin Extra": the price depends on the flight's
 * length): USD cents up to each distance in km, the last band beyond. Amounts are the test system's,
 * set in the range AA charges (about USD 25 on a short hop to 170+ across an ocean).
 */
export const MCE_PRICE_BY_STAGE: readonly { upToKm: number; cents: number }[] = [
  { upToKm: 800, cents: 2_500 },
  { upToKm: 1_600, cents: 3_900 },
  { upToKm: 2_800, cents: 5_900 },
  { upToKm: 4_500, cents: 7_900 },
  { upToKm: 8_000, cents: 12_900 },
  { upToKm: Number.POSITIVE_INFINITY, cents: 17_900 },
];

/** Seat prices in cents by tier: Main Cabin Extra by stage length, preferred and standard seats in three steps. */
export function seatPriceCents(tier: string, distanceKm: number): number {
  if (tier === 'MCE') return MCE_PRICE_BY_STAGE.find((b) => distanceKm <= b.upToKm)!.cents;
  const scale = distanceKm > 4500 ? 3 : distanceKm > 2000 ? 1.8 : 1;
  const base = tier === 'PREFERRED' ? 1500 : 1200;
  return Math.round((base * scale) / 100) * 100;
}

export const AA_SEATS: AirlineSeatRules = {
  products: {
    MCE: { name: 'Main Cabin Extra', rfisc: '090' },
    PREFERRED: { name: 'Preferred Seats', rfisc: '088' },
    STANDARD: { name: 'Standard Seats', rfisc: '093' },
  },
  tierOf(seat, party) {
    if (seat.cabin !== 'Y') return null;
    // Exit rows are sold as Main Cabin Extra (aa.com seat maps: exit-row seats are Main Cabin Extra).
    if (seat.extraLegroom || seat.exit) return 'MCE';
    if (seat.front && seat.kind !== '9') return 'PREFERRED';
    return party.chargeStandard ? 'STANDARD' : null;
  },
  price: (tier, flight, currency) => fromUsdCents(seatPriceCents(tier, flight.pattern.distanceKm), currency),
};

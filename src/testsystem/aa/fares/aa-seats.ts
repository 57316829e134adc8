// AA's seat products, as samples-aa-17.2 SeatAvailabilityRS names them: Main Cabin Extra (090, the
// extra-legroom rows), Preferred Seats (088, window and aisle in the front third of economy) and,
// for Basic Economy, which pays for any seat it chooses, Standard Seats (093). Premium cabins'
// seats come with the fare.

import type { AirlineSeatRules } from '../../ndc/airline-profile.js';
import { fromUsdCents } from '../../ndc/fares/fare-currency.js';

/** Seat prices in cents by tier: Main Cabin Extra and preferred seats cost more on longer flights. */
export function seatPriceCents(tier: string, distanceKm: number): number {
  const scale = distanceKm > 4500 ? 3 : distanceKm > 2000 ? 1.8 : 1;
  const base = tier === 'MCE' ? 2900 : tier === 'PREFERRED' ? 1500 : 1200;
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
    if (seat.extraLegroom) return 'MCE';
    if (seat.front && seat.kind !== '9') return 'PREFERRED';
    return party.chargeStandard ? 'STANDARD' : null;
  },
  price: (tier, flight, currency) => fromUsdCents(seatPriceCents(tier, flight.pattern.distanceKm), currency),
};

// VS's seat products (dialect.ts, seatavailabilityRS_*): in Economy the Preferred Seat (ASU: the
// extra-legroom rows and the windows and aisles of the cabin's front third) and the Exit Seat (AES),
// at the samples' GBP 35 and 75; standard seats are free (0B5 at 0.00 in the samples). Delight,
// Premium and Upper choose any seat free.

import type { AirlineSeatRules } from '../ndc/airline-profile.js';
import { VS_BRANDS } from './fares/brands.js';
import { fromGbp } from './fares/vs-money.js';
import { VS_SEAT_SERVICES } from './vs-dialect.js';

const service = (rfisc: string) => VS_SEAT_SERVICES.find((s) => s.rfisc === rfisc)!;
const TIERS = { PREFERRED: service('ASU'), EXIT: service('AES') } as const;
const STANDARD = service('0B5');
const product = ({ name, rfisc, rfic, serviceCode }: (typeof VS_SEAT_SERVICES)[number]) => ({ name, rfisc, rfic, serviceCode });

/** Seat item numbers by product (vs-profile.ts's seat item ids), and the free Standard seat's. */
export const VS_SEAT_ITEM_NUMBERS = { PREFERRED: TIERS.PREFERRED.itemNumber, EXIT: TIERS.EXIT.itemNumber } as const;
export const VS_FREE_SEAT_ITEM_NUMBER = STANDARD.itemNumber;

export const VS_SEATS: AirlineSeatRules = {
  products: {
    PREFERRED: product(TIERS.PREFERRED),
    EXIT: product(TIERS.EXIT),
  },
  tierOf(seat, party) {
    if (seat.cabin !== 'Y') return null;
    if (VS_BRANDS.find((b) => b.id === party.priceClassId)?.seatSelection === 'freeAny') return null;
    if (seat.exit) return 'EXIT';
    return seat.extraLegroom || (seat.front && seat.kind !== '9') ? 'PREFERRED' : null;
  },
  // Free seats are VS's Standard Seat (0B5 at 0.00), an item of the seat map of its own.
  free: product(STANDARD),
  price: (tier, _flight, currency) => fromGbp(tier === 'EXIT' ? TIERS.EXIT.priceGbp : TIERS.PREFERRED.priceGbp, currency),
};

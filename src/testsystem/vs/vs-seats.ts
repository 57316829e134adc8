// VS's seat products (dialect.ts, seatavailabilityRS_*): in Economy the Preferred Seat (ASU: the
// extra-legroom rows and the windows and aisles of the cabin's front third) and the Exit Seat (AES),
// at the samples' GBP 35 and 75. Standard seats come free with Economy Classic (0B5 at 0.00 in the
// samples); Economy Light pays for one too (help.virginatlantic.com "Advanced seat assignment":
// standard seats are purchasable for Light, the brand table's `paid`), at GBP 25 a seat and sector,
// the fee VS set for choosing an economy seat in advance. Delight, Premium and Upper choose any seat free.

import type { AirlineSeatRules } from '../ndc/airline-profile.js';
import { VS_BRANDS } from './fares/brands.js';
import { fromGbp } from './fares/vs-money.js';
import { VS_SEAT_SERVICES } from './vs-dialect.js';

const service = (rfisc: string) => VS_SEAT_SERVICES.find((s) => s.rfisc === rfisc)!;
const TIERS = { PREFERRED: service('ASU'), EXIT: service('AES') } as const;
const STANDARD = service('0B5');
/**
 * The Standard Seat sold to Economy Light: the samples' 0B5 product at a price, under an item number
 * of its own (ours: the samples show only the free one, 6_23), so an id still names what it sells.
 */
const PAID_STANDARD = { ...STANDARD, priceGbp: 2_500, itemNumber: '8_25' } as const;
const product = ({
  name,
  rfisc,
  rfic,
  serviceCode,
}: Pick<(typeof VS_SEAT_SERVICES)[number], 'name' | 'rfisc' | 'rfic' | 'serviceCode'>) => ({
  name,
  rfisc,
  rfic,
  serviceCode,
});

/** Seat item numbers by product (vs-profile.ts's seat item ids), and the free Standard seat's. */
export const VS_SEAT_ITEM_NUMBERS = {
  PREFERRED: TIERS.PREFERRED.itemNumber,
  EXIT: TIERS.EXIT.itemNumber,
  STANDARD: PAID_STANDARD.itemNumber,
} as const;
export const VS_FREE_SEAT_ITEM_NUMBER = STANDARD.itemNumber;

const PRICES = { PREFERRED: TIERS.PREFERRED.priceGbp, EXIT: TIERS.EXIT.priceGbp, STANDARD: PAID_STANDARD.priceGbp };

export const VS_SEATS: AirlineSeatRules = {
  products: {
    PREFERRED: product(TIERS.PREFERRED),
    EXIT: product(TIERS.EXIT),
    STANDARD: product(PAID_STANDARD),
  },
  tierOf(seat, party) {
    if (seat.cabin !== 'Y') return null;
    const selection = VS_BRANDS.find((b) => b.id === party.priceClassId)?.seatSelection;
    if (selection === 'freeAny') return null;
    if (seat.exit) return 'EXIT';
    if (seat.extraLegroom || (seat.front && seat.kind !== '9')) return 'PREFERRED';
    return selection === 'paid' ? 'STANDARD' : null;
  },
  // Free seats are VS's Standard Seat (0B5 at 0.00), an item of the seat map of its own.
  free: product(STANDARD),
  price: (tier, _flight, currency) => fromGbp(PRICES[tier as keyof typeof PRICES], currency),
};

// A brand (NDC price class) as the core reads it: the cabins and booking classes it sells, its
// change and cancellation conditions, bags and seats. The airline's profile lists its brands
// (AA: fares/fare-rules.ts) and may carry more on them for its own fare model.

import type { CabinCode } from '../network/aircraft.js';

export interface PriceClassDef {
  /** The airline's own short id of the brand (AA `MAIN`, `BE`). */
  id: string;
  name: string;
  /** Cabins to fly in, in order of preference, when a leg's aircraft lacks the first one. */
  cabins: readonly CabinCode[];
  /** Booking classes, most expensive first. */
  rbds: readonly string[];
  /** Change fee per seated passenger in USD cents of the fare model; null: changes not permitted. */
  changeFeeCents: number | null;
  /** Cancelled outside any full-refund window: cash back. */
  refundable: boolean;
  /** Non-refundable but cancellable for a trip credit of the ticket's value. */
  tripCredit: boolean;
  checkedBagsDomestic: number;
  checkedBagsInternational: number;
  /** False: every seat chosen is charged (AA's Basic Economy). */
  seatSelectionFree: boolean;
  descriptions: readonly string[];
  displayOrder: number;
}

/** NDC cabin type codes as the 21.3 samples use them: 1 First, 2 Business, 4 Premium Economy, 5 Economy. */
export const CABIN_TYPE: Readonly<Record<CabinCode, { code: string; name: string }>> = {
  F: { code: '1', name: 'First' },
  J: { code: '2', name: 'Business' },
  W: { code: '4', name: 'Premium Economy' },
  Y: { code: '5', name: 'Economy' },
};

// AA's branded fares as they appear in its NDC traffic: price class names and codes, the booking
// classes each brand sells from (most expensive first), conditions, penalties and baggage.

import type { CabinCode } from '../network/aircraft-data.js';

export type PriceClassId = 'BE' | 'MAIN' | 'MAINFL' | 'PE' | 'BUS' | 'FIRST';

export interface PriceClassDef {
  id: PriceClassId;
  name: string;
  domesticCode: string;
  internationalCode: string;
  /** Cabins to fly in, in order of preference, when a leg's aircraft lacks the first one. */
  cabins: readonly CabinCode[];
  rbds: readonly string[];
  /** Multiplier on the Main Cabin base fare. */
  multiplier: number;
  changeFeeCents: number | null;
  /** Cancelled after the 24-hour window: cash back (flexible brands only). */
  refundable: boolean;
  /** Non-refundable but cancellable for a trip credit of the ticket's value (all but Basic Economy). */
  tripCredit: boolean;
  checkedBagsDomestic: number;
  checkedBagsInternational: number;
  seatSelectionFree: boolean;
  boardingGroup: number;
  descriptions: readonly string[];
  fareBasisSuffix: string;
  displayOrder: number;
}

export const PRICE_CLASSES: readonly PriceClassDef[] = [
  {
    id: 'BE',
    name: 'Basic Economy',
    domesticCode: 'AADOM-BASIC',
    internationalCode: 'AAINT-BASIC',
    cabins: ['Y'],
    rbds: ['S', 'N', 'Q', 'O', 'G'],
    multiplier: 0.82,
    changeFeeCents: null,
    refundable: false,
    tripCredit: false,
    checkedBagsDomestic: 0,
    checkedBagsInternational: 0,
    seatSelectionFree: false,
    boardingGroup: 9,
    descriptions: ['No changes or refunds after 24 hours', 'Seat assigned at check-in (fee to choose)', 'Last to board'],
    fareBasisSuffix: 'B',
    displayOrder: 1,
  },
  {
    id: 'MAIN',
    name: 'Main Cabin',
    domesticCode: 'AADOM-MAIN',
    internationalCode: 'AAINT-MAIN',
    cabins: ['Y'],
    rbds: ['Y', 'B', 'M', 'H', 'K', 'L', 'V', 'S', 'N', 'Q', 'O'],
    multiplier: 1,
    changeFeeCents: 0,
    refundable: false,
    tripCredit: true,
    checkedBagsDomestic: 0,
    checkedBagsInternational: 1,
    seatSelectionFree: true,
    boardingGroup: 6,
    descriptions: [
      'No change fees (difference in ticket price may apply)',
      'Choose your seat at no charge (fee may apply for preferred or Main Cabin Extra seats)',
      'General boarding',
    ],
    fareBasisSuffix: '',
    displayOrder: 3,
  },
  {
    id: 'MAINFL',
    name: 'Main Cabin Flexible',
    domesticCode: 'AADOM-MAINFL',
    internationalCode: 'AAINT-MAINFL',
    cabins: ['Y'],
    rbds: ['Y', 'B', 'M', 'H'],
    multiplier: 1.65,
    changeFeeCents: 0,
    refundable: true,
    tripCredit: true,
    checkedBagsDomestic: 1,
    checkedBagsInternational: 2,
    seatSelectionFree: true,
    boardingGroup: 5,
    descriptions: ['Fully refundable', 'Flight changes allowed (no fee)', 'Eligible for upgrades on American flights'],
    fareBasisSuffix: 'F',
    displayOrder: 5,
  },
  {
    id: 'PE',
    name: 'Premium Economy',
    domesticCode: 'AADOM-PREMECON',
    internationalCode: 'AAINT-PREMECON',
    cabins: ['W', 'Y'],
    rbds: ['W', 'P'],
    multiplier: 1.95,
    changeFeeCents: 0,
    refundable: false,
    tripCredit: true,
    checkedBagsDomestic: 2,
    checkedBagsInternational: 2,
    seatSelectionFree: true,
    boardingGroup: 4,
    descriptions: ['Wider seat with more legroom', '2 free checked bags', 'Priority boarding'],
    fareBasisSuffix: 'W',
    displayOrder: 6,
  },
  {
    id: 'BUS',
    name: 'Business',
    domesticCode: 'AADOM-BUS',
    internationalCode: 'AAINT-BUS',
    cabins: ['J', 'F', 'W', 'Y'],
    rbds: ['J', 'R', 'D', 'I'],
    multiplier: 4.1,
    changeFeeCents: 0,
    refundable: false,
    tripCredit: true,
    checkedBagsDomestic: 2,
    checkedBagsInternational: 2,
    seatSelectionFree: true,
    boardingGroup: 1,
    descriptions: ['Lie-flat seat', 'Admirals Club and Flagship Lounge access', '2 free checked bags'],
    fareBasisSuffix: 'J',
    displayOrder: 8,
  },
  {
    id: 'FIRST',
    name: 'First',
    domesticCode: 'AADOM-FIR',
    internationalCode: 'AAINT-FIR',
    cabins: ['F', 'J'],
    rbds: ['F', 'A'],
    multiplier: 2.6,
    changeFeeCents: 0,
    refundable: false,
    tripCredit: true,
    checkedBagsDomestic: 2,
    checkedBagsInternational: 3,
    seatSelectionFree: true,
    boardingGroup: 1,
    descriptions: ['Complimentary meals and drinks', '2 free checked bags', 'Priority check-in and boarding'],
    fareBasisSuffix: 'F',
    displayOrder: 9,
  },
];

export function priceClass(id: string): PriceClassDef | undefined {
  return PRICE_CLASSES.find((p) => p.id === id);
}

/** NDC cabin type codes as the 21.3 samples use them: 1 First, 2 Business, 4 Premium Economy, 5 Economy. */
export const CABIN_TYPE: Readonly<Record<CabinCode, { code: string; name: string }>> = {
  F: { code: '1', name: 'First' },
  J: { code: '2', name: 'Business' },
  W: { code: '4', name: 'Premium Economy' },
  Y: { code: '5', name: 'Economy' },
};

/**
 * AA-looking fare basis: booking class, advance-purchase tier letter, season digit, brand suffix and
 * "N" for a one-way fare, e.g. "QA7AZNB" for a Basic Economy fare bought a week ahead.
 */
export function fareBasisCode(rbd: string, advanceDays: number, month: number, def: PriceClassDef): string {
  const ap = advanceDays >= 21 ? '21' : advanceDays >= 14 ? '14' : advanceDays >= 7 ? '7' : '0';
  const season = month >= 6 && month <= 8 ? 'H' : month === 12 ? 'K' : 'L';
  return `${rbd}${season}A${ap}A${def.fareBasisSuffix}N`.slice(0, 15);
}

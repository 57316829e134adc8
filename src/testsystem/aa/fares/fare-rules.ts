// AA's branded fares as they appear in its NDC traffic: price class names and codes, the booking
// classes each brand sells from (most expensive first), conditions, penalties and baggage.
// Sources: samples-aa-17.2 (AADOM-MAIN, AADOM-MAINFL, AADOM-FIR, AADOM-FIRFL; Basic Economy booked
// in B on JFK-LHR), aa.com fare-type pages (Main Plus: Main Cabin Extra seat and a free bag), and
// regional codes such as AAAT-BASIC seen in agencies' AA NDC integrations for transatlantic trips.

import type { CabinCode } from '../../ndc/network/aircraft.js';
import type { DatedFlight } from '../../ndc/network/schedule-service.js';
import type { PriceClassDef } from '../../ndc/fares/price-class.js';
import { AIRPORTS } from '../network/airports-data.js';

export type PriceClassId = 'BE' | 'MAIN' | 'MAINPLUS' | 'MAINFL' | 'PE' | 'BUS' | 'FIRST' | 'FIRSTFL';

/** An AA brand: the core's price class with what AA's codes and fare model add. */
export interface AaPriceClassDef extends PriceClassDef {
  id: PriceClassId;
  /** The brand part of the code: AADOM-<this> at home, AA<region>-<this> abroad (brandCode). */
  codeSuffix: string;
  /** Multiplier on the Main Cabin base fare. */
  multiplier: number;
  boardingGroup: number;
  fareBasisSuffix: string;
}

/**
 * Checked bags on Business and First fares may weigh up to 70 lb / 32 kg, the others 50 lb / 23 kg
 * (aa.com "Checked bag policy": "Max weight 50 lbs / 23 kgs; 70 lbs / 32 kgs for First and Business").
 */
const PREMIUM_BAG_KG = 32;
const STANDARD_BAG_KG = 23;

export const PRICE_CLASSES: readonly AaPriceClassDef[] = [
  {
    id: 'BE',
    name: 'Basic Economy',
    codeSuffix: 'BASIC',
    cabins: ['Y'],
    rbds: ['B'],
    multiplier: 0.82,
    changeFeeCents: null,
    refundable: false,
    tripCredit: false,
    checkedBagsDomestic: 0,
    checkedBagsInternational: 0,
    checkedBagKg: STANDARD_BAG_KG,
    seatSelectionFree: false,
    boardingGroup: 9,
    descriptions: ['No changes or refunds after 24 hours', 'Seat assigned at check-in (fee to choose)', 'Last to board'],
    fareBasisSuffix: 'B',
    displayOrder: 1,
  },
  {
    id: 'MAIN',
    name: 'Main Cabin',
    codeSuffix: 'MAIN',
    cabins: ['Y'],
    rbds: ['Y', 'H', 'K', 'M', 'L', 'V', 'G', 'S', 'N', 'Q', 'O'],
    multiplier: 1,
    changeFeeCents: 0,
    refundable: false,
    tripCredit: true,
    checkedBagsDomestic: 0,
    checkedBagsInternational: 1,
    checkedBagKg: STANDARD_BAG_KG,
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
    id: 'MAINPLUS',
    name: 'Main Plus',
    codeSuffix: 'MAINPLUS',
    cabins: ['Y'],
    rbds: ['Y', 'H', 'K', 'M', 'L', 'V', 'G', 'S', 'N', 'Q', 'O'],
    multiplier: 1.22,
    changeFeeCents: 0,
    refundable: false,
    tripCredit: true,
    checkedBagsDomestic: 1,
    checkedBagsInternational: 1,
    checkedBagKg: STANDARD_BAG_KG,
    seatSelectionFree: true,
    boardingGroup: 5,
    descriptions: ['Main Cabin Extra seat with more legroom', '1 free checked bag', 'Group 5 boarding'],
    fareBasisSuffix: 'P',
    displayOrder: 4,
  },
  {
    id: 'MAINFL',
    name: 'Main Cabin Flexible',
    codeSuffix: 'MAINFL',
    cabins: ['Y'],
    // Never B: B is Basic Economy's booking class (aa.com "Basic Economy"; samples: BE booked in B).
    rbds: ['Y', 'H', 'M'],
    multiplier: 1.65,
    changeFeeCents: 0,
    refundable: true,
    tripCredit: true,
    checkedBagsDomestic: 1,
    checkedBagsInternational: 2,
    checkedBagKg: STANDARD_BAG_KG,
    seatSelectionFree: true,
    boardingGroup: 5,
    descriptions: ['Fully refundable', 'Flight changes allowed (no fee)', 'Eligible for upgrades on American flights'],
    fareBasisSuffix: 'F',
    displayOrder: 5,
  },
  {
    id: 'PE',
    name: 'Premium Economy',
    codeSuffix: 'PREMECON',
    cabins: ['W', 'Y'],
    rbds: ['W', 'P'],
    multiplier: 1.95,
    changeFeeCents: 0,
    refundable: false,
    tripCredit: true,
    checkedBagsDomestic: 2,
    checkedBagsInternational: 2,
    checkedBagKg: STANDARD_BAG_KG,
    seatSelectionFree: true,
    boardingGroup: 4,
    descriptions: ['Wider seat with more legroom', '2 free checked bags', 'Priority boarding'],
    fareBasisSuffix: 'W',
    displayOrder: 6,
  },
  {
    id: 'BUS',
    name: 'Business',
    codeSuffix: 'BUS',
    cabins: ['J', 'F', 'W', 'Y'],
    rbds: ['J', 'R', 'D', 'I'],
    multiplier: 4.1,
    changeFeeCents: 0,
    refundable: false,
    tripCredit: true,
    checkedBagsDomestic: 2,
    checkedBagsInternational: 2,
    checkedBagKg: PREMIUM_BAG_KG,
    seatSelectionFree: true,
    boardingGroup: 1,
    descriptions: ['Lie-flat seat', 'Admirals Club and Flagship Lounge access', '2 free checked bags'],
    fareBasisSuffix: 'J',
    displayOrder: 8,
  },
  {
    id: 'FIRST',
    name: 'First',
    codeSuffix: 'FIR',
    // First only where every flight has a First cabin: a trip whose long leg is Business is sold as Business.
    cabins: ['F'],
    rbds: ['F', 'A'],
    multiplier: 2.6,
    changeFeeCents: 0,
    refundable: false,
    tripCredit: true,
    checkedBagsDomestic: 2,
    checkedBagsInternational: 3,
    checkedBagKg: PREMIUM_BAG_KG,
    seatSelectionFree: true,
    boardingGroup: 1,
    descriptions: ['Complimentary meals and drinks', '2 free checked bags', 'Priority check-in and boarding'],
    fareBasisSuffix: 'F',
    displayOrder: 9,
  },
  {
    id: 'FIRSTFL',
    name: 'First Flexible',
    codeSuffix: 'FIRFL',
    cabins: ['F'],
    rbds: ['F', 'A'],
    multiplier: 3.3,
    changeFeeCents: 0,
    refundable: true,
    tripCredit: true,
    checkedBagsDomestic: 2,
    checkedBagsInternational: 3,
    checkedBagKg: PREMIUM_BAG_KG,
    seatSelectionFree: true,
    boardingGroup: 1,
    descriptions: ['Our largest, most comfortable seats', '2 free checked bags', 'Fully refundable'],
    fareBasisSuffix: 'FF',
    displayOrder: 10,
  },
];

export function priceClass(id: string): AaPriceClassDef | undefined {
  return PRICE_CLASSES.find((p) => p.id === id);
}

/** AA's own view of a brand the core hands back (a booking keeps the brand it was sold in). */
export function aaPriceClass(def: PriceClassDef): AaPriceClassDef {
  return priceClass(def.id) ?? (def as AaPriceClassDef);
}

/** NDC CabinTypeCode of a search to AA brands (1 First, 2/3 Business, 4 Premium Economy, 5 Economy). */
export const CLASSES_FOR_CABIN_CODE: Readonly<Record<string, readonly PriceClassId[]>> = {
  '1': ['FIRST', 'FIRSTFL'],
  '2': ['BUS'],
  '3': ['BUS'],
  '4': ['PE'],
  '5': ['BE', 'MAIN', 'MAINPLUS', 'MAINFL'],
};

/** The brand a seat or service request by value is answered for, per cabin flown. */
export const CLASS_FOR_CABIN: Readonly<Record<CabinCode, PriceClassId>> = { F: 'FIRST', J: 'BUS', W: 'PE', Y: 'MAIN' };

/** Where a trip goes, as AA's brand codes say it: at home, across the Atlantic or Pacific, Latin America. */
export type BrandRegion = 'DOM' | 'AT' | 'PA' | 'LA';

const US = new Set(['US', 'PR', 'VI']);
const ATLANTIC = new Set([
  'GB',
  'IE',
  'ES',
  'PT',
  'FR',
  'DE',
  'IT',
  'NL',
  'CH',
  'GR',
  'CZ',
  'HU',
  'DK',
  'FI',
  'SE',
  'NO',
  'IS',
  'IL',
  'IN',
]);
const PACIFIC = new Set(['JP', 'KR', 'AU', 'NZ', 'CN', 'HK']);

export function brandRegion(flights: readonly DatedFlight[]): BrandRegion {
  const countries = flights.flatMap((f) => [f.pattern.origin, f.pattern.destination]).map((a) => AIRPORTS.get(a)?.country ?? '');
  if (countries.every((c) => US.has(c))) return 'DOM';
  if (countries.some((c) => ATLANTIC.has(c))) return 'AT';
  if (countries.some((c) => PACIFIC.has(c))) return 'PA';
  return 'LA';
}

/** The price class code AA sends: AADOM-MAIN at home, AAAT-BASIC across the Atlantic. */
export function brandCode(def: PriceClassDef, region: BrandRegion): string {
  return `AA${region}-${aaPriceClass(def).codeSuffix}`;
}

/** The PriceClassID (one per brand and region in an answer) and the code AA sends. */
export function priceClassKey(def: PriceClassDef, flights: readonly DatedFlight[]): { id: string; code: string } {
  const region = brandRegion(flights);
  return { id: `PC_${def.id}_${region}`, code: brandCode(def, region) };
}

/**
 * AA-looking fare basis: booking class, advance-purchase tier letter, season digit, brand suffix and
 * "N" for a one-way fare, e.g. "QA7AZNB" for a Basic Economy fare bought a week ahead.
 */
export function fareBasisCode(rbd: string, advanceDays: number, month: number, def: PriceClassDef): string {
  const ap = advanceDays >= 21 ? '21' : advanceDays >= 14 ? '14' : advanceDays >= 7 ? '7' : '0';
  const season = month >= 6 && month <= 8 ? 'H' : month === 12 ? 'K' : 'L';
  return `${rbd}${season}A${ap}A${aaPriceClass(def).fareBasisSuffix}N`.slice(0, 15);
}

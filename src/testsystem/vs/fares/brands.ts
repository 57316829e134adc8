// Virgin Atlantic's branded fares as its NDC 21.3 answers show them (samples-21.3): the price class
// names, the cabin each sells, booking classes, the brand letter in the fare basis, change and
// cancellation rules, bags and seat rules. Fields follow the AA test system's `PriceClassDef` where
// they mean the same (id, name, cabins, rbds, multiplier, descriptions, displayOrder).
//
// Learned from the samples (file names in docs/vs-test-system.md, "Brands"):
// - `PriceClass` carries `Name`, `PriceClassID` (PC1, PC2, ...) and, in most answers, `CabinType`;
//   no `Code` and no `Desc`: brand features are `ServiceDefinition`s ("Free Checked Bag Allowance",
//   "Free Cabin Bag Allowance", "Amenity"), see vs-dialect.ts.
// - Change fees per fare component in `ChangeRestrictions/Fee`, the same before and after departure
//   (`JourneyStageCode` "Prior To Departure" / "After Departure"); non-flexible brands answer
//   `CancelRestrictions/AllowedModificationInd` false with "ANY TIME CANCELLATIONS NOT PERMITTED - <O>-<D>",
//   flexible ones true with a fee of 0.00.
// - Fare basis: <RBD><season><2 digits><market letter><C restricted | E flexible><brand letter><region>,
//   e.g. ES00BCSB (Classic, E), LA00ACLC (Light, L), IS10ACJB (Upper, I), KS04IEKB (Premium Flex, K).
// USD amounts: VS files US-origin fares in USD; the samples are all GBP, so USD fees here are the
// GBP ones at the test systems' rate (exchange-rates.ts: USD 1.30 per GBP) rounded to 5 (our choice, documented), not amounts VS published.

import type { CabinCode } from '../../ndc/network/aircraft.js';
import { usdFromUnits } from '../../ndc/fares/exchange-rates.js';

export type VsBrandId =
  'LIGHT' | 'CLASSIC' | 'CLASSIC_FLEX' | 'DELIGHT' | 'DELIGHT_FLEX' | 'PREMIUM' | 'PREMIUM_FLEX' | 'UPPER' | 'UPPER_FLEX';

/** Amount in minor units per currency of sale (the samples' GBP, and USD at the documented rate). */
export interface Money {
  GBP: number;
  USD: number;
}

/** What cancelling after purchase gives back (the 24-hour free cancellation aside). */
export type CancelRule =
  /** Whole ticket back in cash (OC_RFC_* samples: Economy Classic Flex, no penalty). */
  | 'refund'
  /** Fare and taxes back less a per-passenger penalty (OC_NonRFC_* samples: "Adult Cancellation Penalty"). */
  | 'refundLessPenalty'
  /** Nothing of the fare; the government taxes and airport charges only (UK APD is refundable by law). */
  | 'taxesOnly';

export interface VsBrandDef {
  id: VsBrandId;
  /** The `PriceClass/Name` VS sends. */
  name: string;
  /** Other names VS's answers use for the same brand (shopping vs offer price). */
  nameVariants: readonly string[];
  /** The cabin the brand sells, first; others to fall back to on a leg without it (partner legs). */
  cabins: readonly CabinCode[];
  /** `CabinType/CabinTypeCode` and name in the samples: 5 Economy, 4 Premium Economy, 2 Business. */
  cabinTypeCode: '2' | '4' | '5';
  rbds: readonly string[];
  /** The seventh letter of the fare basis (ES00BCSB: S = Classic). */
  fareBasisBrandLetter: string;
  /** The sixth letter: C restricted, E flexible. */
  flexible: boolean;
  /**
   * Multiplier on the Economy Classic fare, between the samples' ratios: LHR-DEL one-way 2023
   * (offerprice_multipax_with_upsell_offers_RS.xml: Classic 337, Delight 377, Classic Flex 387, Premium
   * 412, Delight Flex 427, Premium Flex 462, Upper 1473, Upper Flex 1573) and LHR-JNB return 2025
   * (Light 385, Classic 455, Classic Flex 605, Delight 655, Delight Flex 805, Premium Flex 1505, Upper Flex 3801).
   */
  multiplier: number;
  /** Per fare component, before and after departure alike; 0 = free change (fare difference applies). */
  changeFee: Money;
  cancel: CancelRule;
  cancelPenalty: Money | null;
  checkedBags: { pieces: number; kg: number };
  cabinBags: { pieces: number; kg: number };
  /** free: any standard seat at booking; paid: seats are a chargeable service (0B5 Standard Seat). */
  seatSelection: 'paid' | 'freeStandard' | 'freeAny';
  descriptions: readonly string[];
  displayOrder: number;
}

/** USD per GBP for amounts VS publishes in GBP only (fees, UK charges) when sold in USD: the test systems' one rate table. */
export const USD_PER_GBP = usdFromUnits(1, 'GBP');

const gbp = (pounds: number): Money => ({ GBP: pounds * 100, USD: Math.round((pounds * USD_PER_GBP) / 5) * 500 });
const ECONOMY_RBDS = ['Y', 'B', 'R', 'L', 'U', 'M', 'E', 'Q', 'X', 'N', 'O'] as const;
const PREMIUM_RBDS = ['W', 'S', 'H', 'K'] as const;
const UPPER_RBDS = ['J', 'C', 'D', 'I', 'Z'] as const;
const ECONOMY_CABIN = { pieces: 1, kg: 10 };
const UPPER_CABIN = { pieces: 2, kg: 12 };

export const VS_BRANDS: readonly VsBrandDef[] = [
  {
    id: 'LIGHT',
    name: 'Economy Light',
    nameVariants: [],
    cabins: ['Y'],
    cabinTypeCode: '5',
    rbds: ['T'],
    fareBasisBrandLetter: 'L',
    flexible: false,
    multiplier: 0.85,
    changeFee: gbp(200),
    cancel: 'taxesOnly',
    cancelPenalty: null,
    checkedBags: { pieces: 0, kg: 0 },
    cabinBags: ECONOMY_CABIN,
    seatSelection: 'paid',
    descriptions: [
      'Hand baggage only (1 bag, 10kg)',
      'Seat assigned at check-in, or choose one for a fee',
      'Changes for a fee; non-refundable',
    ],
    displayOrder: 1,
  },
  {
    id: 'CLASSIC',
    name: 'Economy Classic',
    nameVariants: [],
    cabins: ['Y'],
    cabinTypeCode: '5',
    rbds: ECONOMY_RBDS,
    fareBasisBrandLetter: 'S',
    flexible: false,
    multiplier: 1,
    changeFee: gbp(50),
    cancel: 'refundLessPenalty',
    cancelPenalty: gbp(250),
    checkedBags: { pieces: 1, kg: 23 },
    cabinBags: ECONOMY_CABIN,
    seatSelection: 'freeStandard',
    descriptions: ['1 checked bag (23kg)', 'Choose a standard seat at no charge', 'Complimentary meals and drinks'],
    displayOrder: 2,
  },
  {
    id: 'CLASSIC_FLEX',
    name: 'Economy Classic Flex',
    nameVariants: [],
    cabins: ['Y'],
    cabinTypeCode: '5',
    rbds: ECONOMY_RBDS,
    fareBasisBrandLetter: 'F',
    flexible: true,
    multiplier: 1.25,
    changeFee: gbp(0),
    cancel: 'refund',
    cancelPenalty: null,
    checkedBags: { pieces: 1, kg: 23 },
    cabinBags: ECONOMY_CABIN,
    seatSelection: 'freeStandard',
    descriptions: ['Fully refundable', 'Free changes (fare difference applies)', '1 checked bag (23kg)'],
    displayOrder: 3,
  },
  {
    id: 'DELIGHT',
    name: 'Economy Delight',
    nameVariants: [],
    cabins: ['Y'],
    cabinTypeCode: '5',
    rbds: ['V'],
    fareBasisBrandLetter: 'X',
    flexible: false,
    multiplier: 1.3,
    changeFee: gbp(50),
    cancel: 'refundLessPenalty',
    cancelPenalty: gbp(250),
    checkedBags: { pieces: 1, kg: 23 },
    cabinBags: ECONOMY_CABIN,
    seatSelection: 'freeAny',
    descriptions: ['Economy Delight seat with extra legroom', 'Priority check-in and boarding', '1 checked bag (23kg)'],
    displayOrder: 4,
  },
  {
    id: 'DELIGHT_FLEX',
    name: 'Economy Delight Flex',
    nameVariants: [],
    cabins: ['Y'],
    cabinTypeCode: '5',
    rbds: ['V'],
    fareBasisBrandLetter: 'Z',
    flexible: true,
    multiplier: 1.5,
    changeFee: gbp(0),
    cancel: 'refund',
    cancelPenalty: null,
    checkedBags: { pieces: 1, kg: 23 },
    cabinBags: ECONOMY_CABIN,
    seatSelection: 'freeAny',
    descriptions: ['Fully refundable', 'Economy Delight seat with extra legroom', 'Free changes (fare difference applies)'],
    displayOrder: 5,
  },
  {
    id: 'PREMIUM',
    name: 'Premium',
    nameVariants: [],
    cabins: ['W', 'Y'],
    cabinTypeCode: '4',
    rbds: PREMIUM_RBDS,
    fareBasisBrandLetter: 'J',
    flexible: false,
    multiplier: 1.8,
    changeFee: gbp(50),
    cancel: 'refundLessPenalty',
    cancelPenalty: gbp(250),
    checkedBags: { pieces: 2, kg: 23 },
    cabinBags: ECONOMY_CABIN,
    seatSelection: 'freeAny',
    descriptions: ['Wider seat with more legroom', '2 checked bags (23kg each)', 'Premium check-in and priority boarding'],
    displayOrder: 6,
  },
  {
    id: 'PREMIUM_FLEX',
    name: 'Premium Flex',
    nameVariants: [],
    cabins: ['W', 'Y'],
    cabinTypeCode: '4',
    rbds: PREMIUM_RBDS,
    fareBasisBrandLetter: 'K',
    flexible: true,
    multiplier: 2.3,
    changeFee: gbp(0),
    cancel: 'refund',
    cancelPenalty: null,
    checkedBags: { pieces: 2, kg: 23 },
    cabinBags: ECONOMY_CABIN,
    seatSelection: 'freeAny',
    descriptions: ['Fully refundable', 'Free changes (fare difference applies)', '2 checked bags (23kg each)'],
    displayOrder: 7,
  },
  {
    id: 'UPPER',
    name: 'Upper',
    nameVariants: ['Upper Class'],
    cabins: ['J', 'W', 'Y'],
    cabinTypeCode: '2',
    rbds: UPPER_RBDS,
    fareBasisBrandLetter: 'J',
    flexible: false,
    multiplier: 4.4,
    changeFee: gbp(250),
    cancel: 'refundLessPenalty',
    cancelPenalty: gbp(250),
    checkedBags: { pieces: 2, kg: 32 },
    cabinBags: UPPER_CABIN,
    seatSelection: 'freeAny',
    descriptions: ['Fully flat bed', 'Clubhouse access and Upper Class Wing check-in', '2 checked bags (32kg each)'],
    displayOrder: 8,
  },
  {
    id: 'UPPER_FLEX',
    name: 'Upper Flex',
    nameVariants: ['Upper Class Flex'],
    cabins: ['J', 'W', 'Y'],
    cabinTypeCode: '2',
    rbds: UPPER_RBDS,
    fareBasisBrandLetter: 'K',
    flexible: true,
    multiplier: 5.6,
    changeFee: gbp(0),
    cancel: 'refund',
    cancelPenalty: null,
    checkedBags: { pieces: 2, kg: 32 },
    cabinBags: UPPER_CABIN,
    seatSelection: 'freeAny',
    descriptions: ['Fully refundable', 'Free changes (fare difference applies)', 'Fully flat bed and Clubhouse access'],
    displayOrder: 9,
  },
];

/** Change fee on LHR-JNB fares in the samples (OG0571SA, OG15D1XA: GBP 150 for Classic and Delight). */
export const SOUTH_AFRICA_CHANGE_FEE: Money = gbp(150);

/** The brand a `PriceClass/Name` from VS names, under any of its names. */
export function vsBrandByName(name: string): VsBrandDef | undefined {
  return VS_BRANDS.find((b) => b.name === name || b.nameVariants.includes(name));
}

/** `CancelRestrictions/DescText` of a non-flexible fare component, as VS words it. */
export function cancelNotPermittedText(origin: string, destination: string): string {
  return `ANY TIME CANCELLATIONS NOT PERMITTED - ${origin}-${destination}`;
}

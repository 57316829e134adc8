// Each airline's fare brands per cabin: what a brand includes (bags, seat choice, priority) and what
// changing or refunding it costs. A brand's price is its airline's base fare times `priceFactor`
// (content/fares.ts). BA sells Basic / Standard / Flex (Club in business), Iberia Basic / Classic /
// Flex (Business), Duffel Airways Basic / Standard and a brand per premium cabin.

import type { OwnerCode } from './airlines.js';

export type CabinClass = 'economy' | 'premium_economy' | 'business' | 'first';

export interface Condition {
  allowed: boolean;
  /** Penalty in the offer's currency, in minor units (long-haul; short-haul is a third of it). */
  penalty: number;
}

export interface Brand {
  name: string;
  cabin: CabinClass;
  marketingName: string;
  /** The fare basis' first letter (booking class) and the rest of it. */
  fareBasis: string;
  checkedBags: number;
  carryOn: number;
  change: Condition;
  refund: Condition;
  priceFactor: number;
  advanceSeatSelection: boolean;
  priority: boolean;
  /** Seats chosen with this brand cost nothing. */
  freeSeats: boolean;
}

const NONE: Condition = { allowed: false, penalty: 0 };
const FREE: Condition = { allowed: true, penalty: 0 };
const fee = (penalty: number): Condition => ({ allowed: true, penalty });

/** What a brand adds beyond bags: choosing a seat ahead, priority boarding, seats at no charge. */
type Perk = 'seat choice' | 'priority' | 'free seats';

/** [name, cabin, marketing name, fare basis, checked bags, carry-on, change, refund, price factor, perks]. */
type BrandLine = [string, CabinClass, string, string, number, number, Condition, Condition, number, Perk[]];

/** One airline's brand lines as Brands: every airline's brands have the same shape. */
const brands = (lines: readonly BrandLine[]): readonly Brand[] =>
  lines.map(([name, cabin, marketingName, fareBasis, checkedBags, carryOn, change, refund, priceFactor, perks]) => ({
    name,
    cabin,
    marketingName,
    fareBasis,
    checkedBags,
    carryOn,
    change,
    refund,
    priceFactor,
    advanceSeatSelection: perks.includes('seat choice'),
    priority: perks.includes('priority'),
    freeSeats: perks.includes('free seats'),
  }));

const ALL: Perk[] = ['seat choice', 'priority', 'free seats'];

export const BRANDS: Readonly<Record<OwnerCode, readonly Brand[]>> = {
  ZZ: brands([
    ['Basic', 'economy', 'Economy', 'QZZBASIC', 0, 1, NONE, NONE, 1, []],
    ['Standard', 'economy', 'Economy', 'YZZSTD', 1, 1, fee(7500), fee(15000), 1.4, ['seat choice']],
    ['Premium', 'premium_economy', 'Premium Economy', 'WZZPREM', 2, 1, fee(5000), fee(10000), 2, ALL],
    ['Business', 'business', 'Business', 'JZZBUS', 2, 2, FREE, fee(10000), 4.5, ALL],
    ['First', 'first', 'First', 'FZZFIRST', 3, 2, FREE, FREE, 8, ALL],
  ]),
  BA: brands([
    ['Basic', 'economy', 'Economy', 'OZ0RO', 0, 1, NONE, NONE, 1, []],
    ['Standard', 'economy', 'Economy', 'NZ0RO', 1, 1, fee(20000), NONE, 1.3, []],
    ['Flex', 'economy', 'Economy', 'YFLEX', 1, 1, FREE, FREE, 2.6, ['seat choice', 'free seats']],
    ['Club', 'business', 'Club', 'IZ0RO', 2, 2, fee(30000), fee(45000), 5.5, ALL],
  ]),
  IB: brands([
    ['Basic', 'economy', 'Economy', 'ODNN0B', 0, 1, NONE, NONE, 0.97, []],
    ['Classic', 'economy', 'Economy', 'NDNN0C', 1, 1, fee(17500), NONE, 1.25, ['seat choice', 'free seats']],
    ['Flex', 'economy', 'Economy', 'YDNN0F', 2, 1, FREE, fee(7500), 2.4, ALL],
    ['Business', 'business', 'Business', 'IDNN0J', 2, 2, fee(25000), fee(40000), 5.2, ALL],
  ]),
};

export function brandOf(owner: OwnerCode, name: string): Brand | undefined {
  return BRANDS[owner].find((b) => b.name === name);
}

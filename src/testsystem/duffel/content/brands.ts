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

const brand = (b: Brand) => b;

export const BRANDS: Readonly<Record<OwnerCode, readonly Brand[]>> = {
  ZZ: [
    brand({
      name: 'Basic',
      cabin: 'economy',
      marketingName: 'Economy',
      fareBasis: 'QZZBASIC',
      checkedBags: 0,
      carryOn: 1,
      change: NONE,
      refund: NONE,
      priceFactor: 1,
      advanceSeatSelection: false,
      priority: false,
      freeSeats: false,
    }),
    brand({
      name: 'Standard',
      cabin: 'economy',
      marketingName: 'Economy',
      fareBasis: 'YZZSTD',
      checkedBags: 1,
      carryOn: 1,
      change: fee(7500),
      refund: fee(15000),
      priceFactor: 1.4,
      advanceSeatSelection: true,
      priority: false,
      freeSeats: false,
    }),
    brand({
      name: 'Premium',
      cabin: 'premium_economy',
      marketingName: 'Premium Economy',
      fareBasis: 'WZZPREM',
      checkedBags: 2,
      carryOn: 1,
      change: fee(5000),
      refund: fee(10000),
      priceFactor: 2,
      advanceSeatSelection: true,
      priority: true,
      freeSeats: true,
    }),
    brand({
      name: 'Business',
      cabin: 'business',
      marketingName: 'Business',
      fareBasis: 'JZZBUS',
      checkedBags: 2,
      carryOn: 2,
      change: FREE,
      refund: fee(10000),
      priceFactor: 4.5,
      advanceSeatSelection: true,
      priority: true,
      freeSeats: true,
    }),
    brand({
      name: 'First',
      cabin: 'first',
      marketingName: 'First',
      fareBasis: 'FZZFIRST',
      checkedBags: 3,
      carryOn: 2,
      change: FREE,
      refund: FREE,
      priceFactor: 8,
      advanceSeatSelection: true,
      priority: true,
      freeSeats: true,
    }),
  ],
  BA: [
    brand({
      name: 'Basic',
      cabin: 'economy',
      marketingName: 'Economy',
      fareBasis: 'OZ0RO',
      checkedBags: 0,
      carryOn: 1,
      change: NONE,
      refund: NONE,
      priceFactor: 1,
      advanceSeatSelection: false,
      priority: false,
      freeSeats: false,
    }),
    brand({
      name: 'Standard',
      cabin: 'economy',
      marketingName: 'Economy',
      fareBasis: 'NZ0RO',
      checkedBags: 1,
      carryOn: 1,
      change: fee(20000),
      refund: NONE,
      priceFactor: 1.3,
      advanceSeatSelection: false,
      priority: false,
      freeSeats: false,
    }),
    brand({
      name: 'Flex',
      cabin: 'economy',
      marketingName: 'Economy',
      fareBasis: 'YFLEX',
      checkedBags: 1,
      carryOn: 1,
      change: FREE,
      refund: FREE,
      priceFactor: 2.6,
      advanceSeatSelection: true,
      priority: false,
      freeSeats: true,
    }),
    brand({
      name: 'Club',
      cabin: 'business',
      marketingName: 'Club',
      fareBasis: 'IZ0RO',
      checkedBags: 2,
      carryOn: 2,
      change: fee(30000),
      refund: fee(45000),
      priceFactor: 5.5,
      advanceSeatSelection: true,
      priority: true,
      freeSeats: true,
    }),
  ],
  IB: [
    brand({
      name: 'Basic',
      cabin: 'economy',
      marketingName: 'Economy',
      fareBasis: 'ODNN0B',
      checkedBags: 0,
      carryOn: 1,
      change: NONE,
      refund: NONE,
      priceFactor: 0.97,
      advanceSeatSelection: false,
      priority: false,
      freeSeats: false,
    }),
    brand({
      name: 'Classic',
      cabin: 'economy',
      marketingName: 'Economy',
      fareBasis: 'NDNN0C',
      checkedBags: 1,
      carryOn: 1,
      change: fee(17500),
      refund: NONE,
      priceFactor: 1.25,
      advanceSeatSelection: true,
      priority: false,
      freeSeats: true,
    }),
    brand({
      name: 'Flex',
      cabin: 'economy',
      marketingName: 'Economy',
      fareBasis: 'YDNN0F',
      checkedBags: 2,
      carryOn: 1,
      change: FREE,
      refund: fee(7500),
      priceFactor: 2.4,
      advanceSeatSelection: true,
      priority: true,
      freeSeats: true,
    }),
    brand({
      name: 'Business',
      cabin: 'business',
      marketingName: 'Business',
      fareBasis: 'IDNN0J',
      checkedBags: 2,
      carryOn: 2,
      change: fee(25000),
      refund: fee(40000),
      priceFactor: 5.2,
      advanceSeatSelection: true,
      priority: true,
      freeSeats: true,
    }),
  ],
};

export function brandOf(owner: OwnerCode, name: string): Brand | undefined {
  return BRANDS[owner].find((b) => b.name === name);
}

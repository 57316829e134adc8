// The ids of SeatAvailability's a-la-carte offer and its seat items. An item id names the segment
// and the seat product it sells, so that when a booking takes a seat (OrderCreate, OrderChange) the
// test system re-prices it from the id instead of remembering every seat map it drew. Airlines
// write these ids differently (as they do ServiceList's, service-item-ids.ts).

import { randomUUID } from 'node:crypto';

/** What a seat item id says: the segment (1-based) and the seat product (null: a seat free with the fare). */
export interface SeatItemRef {
  segment: number;
  tier: string | null;
}

export interface SeatItemIds {
  /** A new a-la-carte offer id for one SeatAvailability answer. */
  offerId(): string;
  itemId(offerId: string, item: SeatItemRef): string;
  /** The segment and product an item id names, or null when it names none. */
  parse(itemId: string): SeatItemRef | null;
}

const SEGMENT_TIER_ITEM = /-SEG(\d+)-([A-Z0-9]+)$/;
const FREE = 'FREE';

/** `<offer>-SEG2-MCE`, `<offer>-SEG1-FREE`: the segment, then the product's own id (AA). */
export function segmentTierSeatItems(newOfferId: () => string): SeatItemIds {
  return {
    offerId: newOfferId,
    itemId: (offerId, { segment, tier }) => `${offerId}-SEG${segment}-${tier ?? FREE}`,
    parse(itemId) {
      const m = SEGMENT_TIER_ITEM.exec(itemId);
      return m ? { segment: Number(m[1]), tier: m[2] === FREE ? null : m[2]! } : null;
    },
  };
}

/** The last UUID group's last four hex digits carry the segment: one UUID per segment, as VS's seat maps have. */
const SEGMENT_DIGITS = 4;
const NUMBERED_ITEM = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{8})([0-9a-f]{4})_FA\|(\d+_\d+)$/;

/**
 * `<uuid>_FA|<n>_<m>` under a bare-UUID offer (VS: seatavailabilityRS_single_seat_map.xml's
 * `514addcb-…_FA|5_22`): a UUID per segment (the offer's, its last four hex digits the segment
 * number) and the product's number pair (`products`; `free` for the seat that comes with the fare,
 * which VS sells as an item at 0.00).
 */
export function numberedSeatItems(products: Readonly<Record<string, string>>, free: string): SeatItemIds {
  const tierOf = new Map<string, string | null>([...Object.entries(products).map(([t, n]) => [n, t] as const), [free, null]]);
  return {
    offerId: () => randomUUID(),
    itemId(offerId, { segment, tier }) {
      const number = tier === null ? free : products[tier];
      if (number === undefined) throw new RangeError(`seat product ${tier} has no item number`);
      const segmentHex = segment.toString(16).padStart(SEGMENT_DIGITS, '0');
      return `${offerId.slice(0, -SEGMENT_DIGITS)}${segmentHex}_FA|${number}`;
    },
    parse(itemId) {
      const m = NUMBERED_ITEM.exec(itemId);
      if (!m || !tierOf.has(m[3]!)) return null;
      return { segment: parseInt(m[2]!, 16), tier: tierOf.get(m[3]!) ?? null };
    },
  };
}

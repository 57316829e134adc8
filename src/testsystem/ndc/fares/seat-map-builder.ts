// Seat maps per aircraft type: columns with window/aisle/centre, exit and bulkhead rows, seats
// occupied in line with the cabin's load (seeded per flight and seat), and the airline's seat
// products and prices (profile.seats). Exit-row seats carry "1A" (not for a passenger with an
// infant) and "IE" (not for a child), as in samples-aa-17.2 SeatAvailabilityRS; a party with a
// child or a lap infant is not sold them (14 CFR 121.585: no exit seat for someone caring for a
// small child).

import type { AirlineProfile } from '../airline-profile.js';
import type { SeatMapParty } from './seat-map-party.js';
import { rowsOf, seatLetters, type CabinCode, type CabinLayout } from '../network/aircraft.js';
import type { InventoryService } from '../network/inventory-service.js';
import type { DatedFlight } from '../network/schedule-service.js';
import { unitFor } from '../network/seeded-random.js';

/** A seat product of the airline (profile.seats.products: AA `MCE`, `PREFERRED`, `STANDARD`). */
export type SeatTier = string;

export interface SeatInfo {
  row: number;
  column: string;
  characteristics: string[];
  occupied: boolean;
  /** Free but not sold to this party (an exit-row seat for a party with a child or a lap infant). */
  restricted: boolean;
  tier: SeatTier | null;
}

export type { SeatMapParty } from './seat-map-party.js';

const US = new Set(['US', 'PR', 'VI']);

/**
 * A seat's price per passenger in the filing currency: the fee plus the 7.5% US transportation tax
 * on flights within the US (26 U.S.C. 4261 taxes seat fees as part of the fare), none elsewhere; a
 * seat free with the fare (tier null) costs nothing.
 */
export function seatCharge(
  profile: AirlineProfile,
  tier: SeatTier | null,
  flight: DatedFlight,
  currency: string,
): { baseCents: number; taxCents: number; totalCents: number } {
  const baseCents = tier === null ? 0 : profile.seats.price(tier, flight, currency);
  const { airports } = profile.network;
  const domestic = [flight.pattern.origin, flight.pattern.destination].every((a) => US.has(airports.get(a)?.country ?? ''));
  const taxCents = domestic ? Math.round(baseCents * 0.075) : 0;
  return { baseCents, taxCents, totalCents: baseCents + taxCents };
}

export interface CabinSeatMap {
  cabin: CabinLayout;
  columns: { id: string; characteristic: string }[];
  rows: { number: number; exit: boolean; bulkhead: boolean; seats: SeatInfo[] }[];
}

function columnKinds(layout: string): { id: string; characteristic: string }[] {
  const blocks = layout.split('_');
  return blocks.flatMap((block, b) =>
    block.split('').map((id, i) => {
      const window = (b === 0 && i === 0) || (b === blocks.length - 1 && i === block.length - 1);
      const aisle = (i === block.length - 1 && b < blocks.length - 1) || (i === 0 && b > 0);
      return { id, characteristic: window ? 'W' : aisle ? 'A' : '9' };
    }),
  );
}

export function buildSeatMap(
  profile: AirlineProfile,
  {
    flight,
    cabinCode,
    inventory,
    party,
  }: { flight: DatedFlight; cabinCode: CabinCode; inventory: InventoryService; party: SeatMapParty },
): CabinSeatMap | null {
  const cabin = profile.network.aircraft[flight.pattern.aircraft]?.cabins.find((c) => c.cabin === cabinCode);
  if (!cabin) return null;
  const load = inventory.cabin(flight, cabinCode)?.loadFactor ?? 0;
  const columns = columnKinds(cabin.layout);
  const rows = rowsOf(cabin);
  const frontHalf = rows.slice(0, Math.ceil(rows.length / 3));
  return {
    cabin,
    columns,
    rows: rows.map((row, index) => {
      const exit = cabin.exitRows?.includes(row) ?? false;
      return {
        number: row,
        exit,
        bulkhead: index === 0,
        seats: seatLetters(cabin).map((column) => {
          const kind = columns.find((c) => c.id === column)?.characteristic ?? '9';
          const extra = cabinCode === 'Y' && (cabin.extraLegroomRows?.includes(row) ?? false);
          const place = { cabin: cabinCode, row, kind, front: frontHalf.includes(row), extraLegroom: extra, exit };
          const tier = profile.seats.tierOf(place, party);
          const characteristics = [kind, ...(exit ? ['E', '1A', 'IE'] : []), ...(extra ? ['L'] : []), ...(tier ? ['CH'] : [])];
          const occupied = unitFor(`${flight.key}|seat|${row}${column}`) < load;
          return { row, column, characteristics, occupied, restricted: exit && party.withChildren, tier };
        }),
      };
    }),
  };
}

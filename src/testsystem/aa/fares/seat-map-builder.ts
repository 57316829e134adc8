// Seat maps per aircraft type: columns with window/aisle/centre, exit and bulkhead rows, seats
// occupied in line with the cabin's load (seeded per flight and seat), and AA-style seat prices.

import { aircraftType, rowsOf, seatLetters, type CabinCode, type CabinLayout } from '../network/aircraft-data.js';
import type { InventoryService } from '../network/inventory-service.js';
import type { DatedFlight } from '../network/schedule-service.js';
import { unitFor } from '../network/seeded-random.js';

export type SeatTier = 'MCE' | 'PREFERRED' | 'STANDARD';

export interface SeatInfo {
  row: number;
  column: string;
  characteristics: string[];
  occupied: boolean;
  tier: SeatTier | null;
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

/** Seat prices in cents by tier: Main Cabin Extra and preferred seats cost more on longer flights. */
export function seatPriceCents(tier: SeatTier, distanceKm: number): number {
  const scale = distanceKm > 4500 ? 3 : distanceKm > 2000 ? 1.8 : 1;
  const base = tier === 'MCE' ? 2900 : tier === 'PREFERRED' ? 1500 : 1200;
  return Math.round((base * scale) / 100) * 100;
}

export function buildSeatMap(
  flight: DatedFlight,
  cabinCode: CabinCode,
  inventory: InventoryService,
  chargeStandard: boolean,
): CabinSeatMap | null {
  const cabin = aircraftType(flight.pattern.aircraft).cabins.find((c) => c.cabin === cabinCode);
  if (!cabin) return null;
  const load = inventory.cabin(flight, cabinCode)?.loadFactor ?? 0;
  const columns = columnKinds(cabin.layout);
  const rows = rowsOf(cabin);
  const economy = cabinCode === 'Y';
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
          const extra = economy && (cabin.extraLegroomRows?.includes(row) ?? false);
          const tier: SeatTier | null = !economy
            ? null
            : extra
              ? 'MCE'
              : frontHalf.includes(row) && kind !== '9'
                ? 'PREFERRED'
                : chargeStandard
                  ? 'STANDARD'
                  : null;
          const characteristics = [kind, ...(exit ? ['E'] : []), ...(extra ? ['L'] : []), ...(tier ? ['CH'] : [])];
          return { row, column, characteristics, occupied: unitFor(`${flight.key}|seat|${row}${column}`) < load, tier };
        }),
      };
    }),
  };
}

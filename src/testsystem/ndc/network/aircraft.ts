// Aircraft and their cabin layouts, as the core reads them: seats per cabin (inventory) and seat maps
// (window/aisle/middle, exit rows). Layout strings list seat letters with "_" for an aisle. Which
// aircraft an airline flies, and how it lays them out, is in its profile's network data.

export type CabinCode = 'F' | 'J' | 'W' | 'Y';

export interface CabinLayout {
  cabin: CabinCode;
  /** The airline's name for this cabin on this aircraft, where it differs from the generic one (AA "Flagship First"). */
  name?: string;
  firstRow: number;
  lastRow: number;
  layout: string;
  exitRows?: readonly number[];
  /** Rows skipped in numbering (AA skips 13 on some fleets). */
  skipRows?: readonly number[];
  /** Economy rows sold as extra-legroom seats (chargeable). */
  extraLegroomRows?: readonly number[];
}

export interface AircraftType {
  code: string;
  /** The IATA type code answers carry (`738`, `321`, `E75`, `789`). */
  iataCode: string;
  name: string;
  /** Average block speed in km/h, cruise minus climb and descent. */
  speedKmh: number;
  /** A regional jet (AA: flown as American Eagle by the hub's regional airline). */
  regional?: boolean;
  cabins: readonly CabinLayout[];
}

export function rowsOf(cabin: CabinLayout): number[] {
  const rows: number[] = [];
  for (let row = cabin.firstRow; row <= cabin.lastRow; row++) {
    if (!cabin.skipRows?.includes(row)) rows.push(row);
  }
  return rows;
}

export function seatLetters(cabin: CabinLayout): string[] {
  return cabin.layout.replace(/_/g, '').split('');
}

export function seatsInCabin(cabin: CabinLayout): number {
  return rowsOf(cabin).length * seatLetters(cabin).length;
}

export function capacityByCabin(type: AircraftType): Partial<Record<CabinCode, number>> {
  const result: Partial<Record<CabinCode, number>> = {};
  for (const cabin of type.cabins) result[cabin.cabin] = (result[cabin.cabin] ?? 0) + seatsInCabin(cabin);
  return result;
}

/** A cabin in one line: its code, first and last row, layout, then its exit and extra-legroom rows. */
export function cabinOf(
  cabin: CabinCode,
  [firstRow, lastRow]: [number, number],
  layout: string,
  { exit, extraLegroom }: { exit?: readonly number[]; extraLegroom?: readonly number[] } = {},
): CabinLayout {
  return { cabin, firstRow, lastRow, layout, exitRows: exit, extraLegroomRows: extraLegroom };
}

/** An aircraft type in one line: code, then IATA type code, name and block speed, then cabins. */
export function aircraftOf(
  code: string,
  { iataCode, name, speedKmh }: { iataCode: string; name: string; speedKmh: number },
  cabins: readonly CabinLayout[],
): AircraftType {
  return { code, iataCode, name, speedKmh, cabins };
}

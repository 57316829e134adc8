// Virgin Atlantic's long-haul fleet and the Delta aircraft on the partner legs VS sells, with cabin
// layouts in the AA test system's shape (`AircraftType`, `CabinLayout`: seat letters, "_" an aisle).
// Cabins: J Upper Class, W Premium, Y Economy (the samples' CabinTypeCode 2, 4 and 5).
// Sources: virginatlantic.com "Our fleet" and seat-map pages (seat counts per cabin and abreast
// layouts); IATA type codes as the samples carry them (IATA_AircraftTypeCode 789 and 351 in
// AirShoppingRS_Instant_Purchase_Service_Added_Order.xml and OC_RFC_OrderChangeCancelRS.xml,
// CarrierAircraftTypeCode 339 and 351 in ocn_time_change_rq.xml and ocn_flight_cancel_rq.xml).
// Economy on the 787-9 and A350-1000 as VS's seat maps show it (seatavailabilityRS_multiple_seat_maps.xml,
// VS449/450 787-9; seatavailabilityRS_single_seat_map.xml, VS300): rows from 45, columns A B C D F G H J K
// (no E), the exit row 53 (`E`), bulkhead row 45. Upper and Premium rows are VS's in shape (Upper
// from row 1, Premium from row 20); counts are VS's within a row or two (each cabin is whole rows).

import type { AircraftType } from '../../ndc/network/aircraft.js';

const A = (a: AircraftType): AircraftType => a;

export const VS_FLEET: Readonly<Record<string, AircraftType>> = {
  // 787-9: 31 Upper Class herringbone 1-1-1, 35 Premium 2-3-2, 192-198 Economy 3-3-3 (sample:
  // VS449/450 LHR-JNB, CarrierAircraftTypeName "787 (widebody)" with "3-3-3 seat layout").
  B789: A({
    code: 'B789',
    iataCode: '789',
    name: 'Boeing 787-9',
    speedKmh: 880,
    cabins: [
      { cabin: 'J', firstRow: 1, lastRow: 10, layout: 'A_G_K' },
      { cabin: 'W', firstRow: 20, lastRow: 24, layout: 'AC_DEG_HK' },
      {
        cabin: 'Y',
        firstRow: 45,
        lastRow: 66,
        layout: 'ABC_DFG_HJK',
        exitRows: [53],
        extraLegroomRows: [45, 53],
      },
    ],
  }),
  // A350-1000: 44 Upper Class Suites 1-2-1 (The Loft behind them), 56 Premium 2-3-2, 235 Economy 3-3-3.
  A35K: A({
    code: 'A35K',
    iataCode: '351',
    name: 'Airbus A350-1000',
    speedKmh: 890,
    cabins: [
      { cabin: 'J', firstRow: 1, lastRow: 11, layout: 'A_DG_K' },
      { cabin: 'W', firstRow: 20, lastRow: 27, layout: 'AC_DEG_HK' },
      {
        cabin: 'Y',
        firstRow: 45,
        lastRow: 70,
        layout: 'ABC_DFG_HJK',
        exitRows: [53],
        extraLegroomRows: [45, 53],
      },
    ],
  }),
  // A330-900neo: 32 Upper Class Retreat Suites 1-2-1 (two Retreat Suites in row 1), 46 Premium
  // 2-3-2, 184 Economy 2-4-2.
  A339: A({
    code: 'A339',
    iataCode: '339',
    name: 'Airbus A330-900neo',
    speedKmh: 860,
    cabins: [
      { cabin: 'J', firstRow: 1, lastRow: 8, layout: 'A_DG_K' },
      { cabin: 'W', firstRow: 20, lastRow: 26, layout: 'AC_DEG_HK' },
      {
        cabin: 'Y',
        firstRow: 30,
        lastRow: 52,
        layout: 'AC_DEFG_HK',
        exitRows: [30, 44],
        extraLegroomRows: [30, 44],
      },
    ],
  }),
  // A330-300 (refurbished): 31 Upper Class herringbone 1-1-1, 48 Premium 2-3-2, 185 Economy 2-4-2.
  A333: A({
    code: 'A333',
    iataCode: '333',
    name: 'Airbus A330-300',
    speedKmh: 860,
    cabins: [
      { cabin: 'J', firstRow: 1, lastRow: 10, layout: 'A_G_K' },
      { cabin: 'W', firstRow: 20, lastRow: 26, layout: 'AC_DEG_HK' },
      {
        cabin: 'Y',
        firstRow: 30,
        lastRow: 52,
        layout: 'AC_DEFG_HK',
        exitRows: [30, 43],
        extraLegroomRows: [30, 43],
      },
    ],
  }),
  // Delta aircraft on the legs VS sells as codeshares. Transatlantic: DL's A330-900neo (Delta One
  // 1-2-1 sold as Upper, Premium Select 2-3-2 as Premium, Main Cabin 2-4-2 as Economy). US domestic:
  // 737-900ER and A321 with First 2-2 (sold as Upper, VS's highest cabin on the leg) and 3-3 Main.
  DL339: A({
    code: 'DL339',
    iataCode: '339',
    name: 'Airbus A330-900neo (Delta)',
    speedKmh: 860,
    cabins: [
      { cabin: 'J', firstRow: 1, lastRow: 8, layout: 'A_DG_K' },
      { cabin: 'W', firstRow: 19, lastRow: 22, layout: 'AC_DEG_HK' },
      { cabin: 'Y', firstRow: 30, lastRow: 53, layout: 'AC_DEFG_HK', exitRows: [30], extraLegroomRows: [30, 31, 32] },
    ],
  }),
  DL739: A({
    code: 'DL739',
    iataCode: '739',
    name: 'Boeing 737-900ER (Delta)',
    speedKmh: 780,
    cabins: [
      { cabin: 'J', firstRow: 1, lastRow: 5, layout: 'AC_DF' },
      { cabin: 'Y', firstRow: 10, lastRow: 39, layout: 'ABC_DEF', exitRows: [21, 22], extraLegroomRows: [10, 11, 12, 21, 22] },
    ],
  }),
  DL321: A({
    code: 'DL321',
    iataCode: '321',
    name: 'Airbus A321 (Delta)',
    speedKmh: 780,
    cabins: [
      { cabin: 'J', firstRow: 1, lastRow: 5, layout: 'AC_DF' },
      { cabin: 'Y', firstRow: 10, lastRow: 38, layout: 'ABC_DEF', exitRows: [25], extraLegroomRows: [10, 11, 12, 25] },
    ],
  }),
};

/** VS's own types (the rest are Delta's, flown only on partner legs). */
export const VS_OWN_TYPES = ['B789', 'A35K', 'A339', 'A333'] as const;

export function vsAircraftType(code: string): AircraftType {
  const type = VS_FLEET[code];
  if (!type) throw new Error(`unknown VS aircraft type ${code}`);
  return type;
}

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

import { aircraftOf, cabinOf, type AircraftType } from '../../ndc/network/aircraft.js';

/** Economy on the 787-9 and A350-1000 (seatavailabilityRS_*): rows from 45, no E, exit row 53. */
const VS_WIDE_ECONOMY = (lastRow: number) => cabinOf('Y', [45, lastRow], 'ABC_DFG_HJK', { exit: [53], extraLegroom: [45, 53] });

export const VS_FLEET: Readonly<Record<string, AircraftType>> = {
  // 787-9: 31 Upper Class herringbone 1-1-1, 35 Premium 2-3-2, 192-198 Economy 3-3-3 (sample:
  // VS449/450 LHR-JNB, CarrierAircraftTypeName "787 (widebody)" with "3-3-3 seat layout").
  B789: aircraftOf('B789', { iataCode: '789', name: 'Boeing 787-9', speedKmh: 880 }, [
    cabinOf('J', [1, 10], 'A_G_K'),
    cabinOf('W', [20, 24], 'AC_DEG_HK'),
    VS_WIDE_ECONOMY(66),
  ]),
  // A350-1000: 44 Upper Class Suites 1-2-1 (The Loft behind them), 56 Premium 2-3-2, 235 Economy 3-3-3.
  A35K: aircraftOf('A35K', { iataCode: '351', name: 'Airbus A350-1000', speedKmh: 890 }, [
    cabinOf('J', [1, 11], 'A_DG_K'),
    cabinOf('W', [20, 27], 'AC_DEG_HK'),
    VS_WIDE_ECONOMY(70),
  ]),
  // A330-900neo: 32 Upper Class Retreat Suites 1-2-1 (two Retreat Suites in row 1), 46 Premium
  // 2-3-2, 184 Economy 2-4-2.
  A339: aircraftOf('A339', { iataCode: '339', name: 'Airbus A330-900neo', speedKmh: 860 }, [
    cabinOf('J', [1, 8], 'A_DG_K'),
    cabinOf('W', [20, 26], 'AC_DEG_HK'),
    cabinOf('Y', [30, 52], 'AC_DEFG_HK', { exit: [30, 44], extraLegroom: [30, 44] }),
  ]),
  // A330-300 (refurbished): 31 Upper Class herringbone 1-1-1, 48 Premium 2-3-2, 185 Economy 2-4-2.
  A333: aircraftOf('A333', { iataCode: '333', name: 'Airbus A330-300', speedKmh: 860 }, [
    cabinOf('J', [1, 10], 'A_G_K'),
    cabinOf('W', [20, 26], 'AC_DEG_HK'),
    cabinOf('Y', [30, 52], 'AC_DEFG_HK', { exit: [30, 43], extraLegroom: [30, 43] }),
  ]),
  // Delta aircraft on the legs VS sells as codeshares. Transatlantic: DL's A330-900neo (Delta One
  // 1-2-1 sold as Upper, Premium Select 2-3-2 as Premium, Main Cabin 2-4-2 as Economy). US domestic:
  // 737-900ER and A321 with First 2-2 (sold as Upper, VS's highest cabin on the leg) and 3-3 Main.
  DL339: aircraftOf('DL339', { iataCode: '339', name: 'Airbus A330-900neo (Delta)', speedKmh: 860 }, [
    cabinOf('J', [1, 8], 'A_DG_K'),
    cabinOf('W', [19, 22], 'AC_DEG_HK'),
    cabinOf('Y', [30, 53], 'AC_DEFG_HK', { exit: [30], extraLegroom: [30, 31, 32] }),
  ]),
  DL739: aircraftOf('DL739', { iataCode: '739', name: 'Boeing 737-900ER (Delta)', speedKmh: 780 }, [
    cabinOf('J', [1, 5], 'AC_DF'),
    cabinOf('Y', [10, 39], 'ABC_DEF', { exit: [21, 22], extraLegroom: [10, 11, 12, 21, 22] }),
  ]),
  DL321: aircraftOf('DL321', { iataCode: '321', name: 'Airbus A321 (Delta)', speedKmh: 780 }, [
    cabinOf('J', [1, 5], 'AC_DF'),
    cabinOf('Y', [10, 38], 'ABC_DEF', { exit: [25], extraLegroom: [10, 11, 12, 25] }),
  ]),
};

/** VS's own types (the rest are Delta's, flown only on partner legs). */
export const VS_OWN_TYPES = ['B789', 'A35K', 'A339', 'A333'] as const;

export function vsAircraftType(code: string): AircraftType {
  const type = VS_FLEET[code];
  if (!type) throw new Error(`unknown VS aircraft type ${code}`);
  return type;
}

// The aircraft AA's network flies and their cabin layouts (aa.com seat maps and "Our planes").

import type { AircraftType } from '../../ndc/network/aircraft.js';

const A = (a: AircraftType): AircraftType => a;

// AA markets the premium cabins of its A321T transcons and 777-300ERs as Flagship First and Flagship
// Business, and the lie-flat Business of its 787s and 777-200s as Flagship Business too (aa.com
// "Flagship First" and "Flagship Business" pages; "Our planes").
const FLAGSHIP_FIRST = 'Flagship First';
const FLAGSHIP_BUSINESS = 'Flagship Business';

export const AIRCRAFT: Readonly<Record<string, AircraftType>> = {
  E175: A({
    code: 'E175',
    iataCode: 'E75',
    name: 'Embraer 175',
    speedKmh: 700,
    regional: true,
    cabins: [
      { cabin: 'F', firstRow: 1, lastRow: 4, layout: 'A_CD' },
      { cabin: 'Y', firstRow: 7, lastRow: 22, layout: 'AB_CD', exitRows: [12], extraLegroomRows: [7, 8, 9, 10] },
    ],
  }),
  // American Eagle CRJs as PSA and SkyWest fly them for AA (aa.com seat maps: CRJ-700 9 First, 56
  // Main; CRJ-900 12 First, 64 Main), IATA codes CR7 and CR9.
  CRJ7: A({
    code: 'CRJ7',
    iataCode: 'CR7',
    name: 'Bombardier CRJ700',
    speedKmh: 680,
    regional: true,
    cabins: [
      { cabin: 'F', firstRow: 1, lastRow: 3, layout: 'A_CD' },
      { cabin: 'Y', firstRow: 5, lastRow: 18, layout: 'AB_CD', exitRows: [10], extraLegroomRows: [5, 6, 7, 10] },
    ],
  }),
  CRJ9: A({
    code: 'CRJ9',
    iataCode: 'CR9',
    name: 'Bombardier CRJ900',
    speedKmh: 690,
    regional: true,
    cabins: [
      { cabin: 'F', firstRow: 1, lastRow: 4, layout: 'A_CD' },
      { cabin: 'Y', firstRow: 5, lastRow: 20, layout: 'AB_CD', exitRows: [12], extraLegroomRows: [5, 6, 7, 8, 12] },
    ],
  }),
  A319: A({
    code: 'A319',
    iataCode: '319',
    name: 'Airbus A319',
    speedKmh: 760,
    cabins: [
      { cabin: 'F', firstRow: 1, lastRow: 2, layout: 'AC_DF' },
      { cabin: 'Y', firstRow: 7, lastRow: 26, layout: 'ABC_DEF', exitRows: [10], extraLegroomRows: [7, 8, 9, 10] },
    ],
  }),
  A320: A({
    code: 'A320',
    iataCode: '320',
    name: 'Airbus A320',
    speedKmh: 760,
    cabins: [
      { cabin: 'J', firstRow: 1, lastRow: 4, layout: 'ABC_DEF' },
      { cabin: 'Y', firstRow: 5, lastRow: 30, layout: 'ABC_DEF', exitRows: [12, 13], extraLegroomRows: [5, 6] },
    ],
  }),
  A321: A({
    code: 'A321',
    iataCode: '321',
    name: 'Airbus A321',
    speedKmh: 780,
    cabins: [
      { cabin: 'F', firstRow: 1, lastRow: 5, layout: 'AC_DF' },
      {
        cabin: 'Y',
        firstRow: 8,
        lastRow: 36,
        layout: 'ABC_DEF',
        exitRows: [11, 25],
        extraLegroomRows: [8, 9, 10, 11, 12],
      },
    ],
  }),
  // AA's A321neo (IATA 32Q): 20 First, 176 Main Cabin and Main Cabin Extra.
  A21N: A({
    code: 'A21N',
    iataCode: '32Q',
    name: 'Airbus A321neo',
    speedKmh: 780,
    cabins: [
      { cabin: 'F', firstRow: 1, lastRow: 5, layout: 'AC_DF' },
      {
        cabin: 'Y',
        firstRow: 8,
        lastRow: 37,
        layout: 'ABC_DEF',
        exitRows: [11, 26],
        skipRows: [13],
        extraLegroomRows: [8, 9, 10, 11, 12, 26],
      },
    ],
  }),
  A321T: A({
    code: 'A321T',
    iataCode: '321',
    name: 'Airbus A321 Transcontinental',
    speedKmh: 790,
    cabins: [
      { cabin: 'F', name: FLAGSHIP_FIRST, firstRow: 2, lastRow: 6, layout: 'A_F' },
      { cabin: 'J', name: FLAGSHIP_BUSINESS, firstRow: 8, lastRow: 12, layout: 'AC_DF' },
      { cabin: 'Y', firstRow: 20, lastRow: 31, layout: 'ABC_DEF', exitRows: [20], extraLegroomRows: [20, 21, 22] },
    ],
  }),
  B738: A({
    code: 'B738',
    iataCode: '738',
    name: 'Boeing 737-800',
    speedKmh: 780,
    cabins: [
      { cabin: 'F', firstRow: 1, lastRow: 4, layout: 'AC_DF' },
      {
        cabin: 'Y',
        firstRow: 8,
        lastRow: 33,
        layout: 'ABC_DEF',
        exitRows: [16, 17],
        skipRows: [13],
        extraLegroomRows: [8, 9, 10, 11, 16, 17],
      },
    ],
  }),
  // AA's 737 MAX 8 (IATA 7M8): 16 First, 156 Main Cabin and Main Cabin Extra.
  B38M: A({
    code: 'B38M',
    iataCode: '7M8',
    name: 'Boeing 737 MAX 8',
    speedKmh: 780,
    cabins: [
      { cabin: 'F', firstRow: 1, lastRow: 4, layout: 'AC_DF' },
      {
        cabin: 'Y',
        firstRow: 7,
        lastRow: 33,
        layout: 'ABC_DEF',
        exitRows: [15, 16],
        skipRows: [13],
        extraLegroomRows: [7, 8, 9, 10, 11, 15, 16],
      },
    ],
  }),
  B788: A({
    code: 'B788',
    iataCode: '788',
    name: 'Boeing 787-8',
    speedKmh: 870,
    cabins: [
      { cabin: 'J', name: FLAGSHIP_BUSINESS, firstRow: 1, lastRow: 5, layout: 'A_DG_J' },
      { cabin: 'W', firstRow: 10, lastRow: 13, layout: 'AC_DEF_HJ' },
      {
        cabin: 'Y',
        firstRow: 20,
        lastRow: 40,
        layout: 'ABC_DEF_HJK',
        exitRows: [20],
        skipRows: [26],
        extraLegroomRows: [20, 21, 22],
      },
    ],
  }),
  B789: A({
    code: 'B789',
    iataCode: '789',
    name: 'Boeing 787-9',
    speedKmh: 880,
    cabins: [
      { cabin: 'J', name: FLAGSHIP_BUSINESS, firstRow: 1, lastRow: 8, layout: 'A_DG_J' },
      { cabin: 'W', firstRow: 10, lastRow: 12, layout: 'AC_DEF_HJ' },
      {
        cabin: 'Y',
        firstRow: 20,
        lastRow: 45,
        layout: 'ABC_DEF_HJK',
        exitRows: [20, 33],
        extraLegroomRows: [20, 21, 22, 33],
      },
    ],
  }),
  B772: A({
    code: 'B772',
    iataCode: '772',
    name: 'Boeing 777-200',
    speedKmh: 880,
    cabins: [
      { cabin: 'J', name: FLAGSHIP_BUSINESS, firstRow: 1, lastRow: 10, layout: 'A_DG_J' },
      { cabin: 'W', firstRow: 11, lastRow: 13, layout: 'AC_DEF_HJ' },
      {
        cabin: 'Y',
        firstRow: 15,
        lastRow: 40,
        layout: 'ABC_DEFG_HJK',
        exitRows: [15, 31],
        extraLegroomRows: [15, 16, 17, 31],
      },
    ],
  }),
  B77W: A({
    code: 'B77W',
    iataCode: '77W',
    name: 'Boeing 777-300ER',
    speedKmh: 890,
    cabins: [
      { cabin: 'F', name: FLAGSHIP_FIRST, firstRow: 1, lastRow: 2, layout: 'A_DG_J' },
      { cabin: 'J', name: FLAGSHIP_BUSINESS, firstRow: 3, lastRow: 15, layout: 'A_DG_J' },
      { cabin: 'W', firstRow: 16, lastRow: 19, layout: 'AC_DEF_HJ' },
      {
        cabin: 'Y',
        firstRow: 20,
        lastRow: 45,
        layout: 'ABC_DEFG_HJK',
        exitRows: [20, 34],
        extraLegroomRows: [20, 21, 22, 34],
      },
    ],
  }),
  A359: A({
    code: 'A359',
    iataCode: '359',
    name: 'Airbus A350-900',
    speedKmh: 880,
    cabins: [
      { cabin: 'J', firstRow: 1, lastRow: 8, layout: 'A_DG_K' },
      { cabin: 'W', firstRow: 10, lastRow: 12, layout: 'AC_DEF_HK' },
      { cabin: 'Y', firstRow: 20, lastRow: 46, layout: 'ABC_DEF_HJK', exitRows: [20], extraLegroomRows: [20, 21] },
    ],
  }),
};

export function aircraftType(code: string): AircraftType {
  const type = AIRCRAFT[code];
  if (!type) throw new Error(`unknown aircraft type ${code}`);
  return type;
}

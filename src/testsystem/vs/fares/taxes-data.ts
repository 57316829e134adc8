// Taxes, fees and carrier charges on VS tickets, per passenger and one-way trip, as VS's answers
// itemise them (`Tax/TaxCode`, `DescText`, samples-21.3): UK Air Passenger Duty (GB), VS's carrier
// surcharges (YQ by cabin and region, YR), US arrival and departure taxes (US, XA, XY, YC, AY, XF),
// and the departure taxes of the other countries VS flies from (South Africa, India) as the samples
// show them. UK airports' passenger service charge (UB) is the table both airlines share
// (../../ndc/fares/uk-airport-charges.ts).
// Sources: UK APD rates by date in ../../ndc/fares/uk-apd.ts (shared with AA); US fees 19 U.S.C. 58c,
// 8 U.S.C. 1356, 7 CFR 354.3, 49 CFR 1510, 14 CFR 158, 26 U.S.C. 4261(c) at the same amounts as the
// AA test system; sample amounts cited per row.

import type { CabinCode } from '../../ndc/network/aircraft.js';
import type { ApdBand } from '../../ndc/fares/uk-apd.js';
import { convertMinor as convertAtTableRate } from '../../ndc/fares/exchange-rates.js';

export type TaxCurrency = 'GBP' | 'USD';

export { apdRatesOn } from '../../ndc/fares/uk-apd.js';

/**
 * Band per destination country VS flies to (HMRC's band lists: A is Europe and the listed countries;
 * B 2,001-5,500 miles; C over 5,500 miles, e.g. South Africa: Pretoria is about 5,600 miles from London).
 */
export const APD_BAND_BY_COUNTRY: Readonly<Record<string, Exclude<ApdBand, 'DOM'>>> = {
  US: 'B',
  BB: 'B',
  AG: 'B',
  JM: 'B',
  IL: 'B',
  NG: 'B',
  SA: 'B',
  IN: 'B',
  ZA: 'C',
};

export interface TaxRow {
  code: string;
  /** VS's `DescText` for the code, where the samples give one. */
  name: string;
  /** Minor units in `currency`. */
  amount: number;
  currency: TaxCurrency;
}

/**
 * VS's carrier-imposed surcharge (YQ, "VS YQ surcharge") per one-way long-haul trip, GBP pence, by
 * cabin and region. Samples: LHR-DEL 107 Economy / 117 Premium / 270 Upper (2023); LHR-MCO 120
 * Economy; LHR-JNB 125 / 143 / 295 each way (250 / 286 / 590 return, 2025); lap infants 7 each way.
 */
export const VS_YQ: Readonly<Record<'NORTH_AMERICA' | 'CARIBBEAN' | 'AFRICA' | 'MIDDLE_EAST_INDIA', Record<CabinCode, number>>> =
  {
    NORTH_AMERICA: { F: 29_500, J: 29_500, W: 14_300, Y: 12_000 },
    CARIBBEAN: { F: 27_000, J: 27_000, W: 13_000, Y: 11_500 },
    AFRICA: { F: 29_500, J: 29_500, W: 14_300, Y: 12_500 },
    MIDDLE_EAST_INDIA: { F: 27_000, J: 27_000, W: 11_700, Y: 10_700 },
  };
export const VS_YQ_INFANT = 700;

/** VS's YR ("VS YR surcharge"), GBP pence per one-way trip: the LHR-JNB sample's 8 / 12 / 24 return. */
export const VS_YR: Readonly<Record<CabinCode, number>> = { F: 1_200, J: 1_200, W: 600, Y: 400 };

export const YQ_REGION_BY_COUNTRY: Readonly<Record<string, keyof typeof VS_YQ>> = {
  US: 'NORTH_AMERICA',
  BB: 'CARIBBEAN',
  AG: 'CARIBBEAN',
  JM: 'CARIBBEAN',
  ZA: 'AFRICA',
  NG: 'AFRICA',
  IL: 'MIDDLE_EAST_INDIA',
  SA: 'MIDDLE_EAST_INDIA',
  IN: 'MIDDLE_EAST_INDIA',
};

/** US charges in USD cents (names as VS's DescText; the LHR-MCO sample shows US, XA, XY, YC in GBP). */
export const US_TAXES = {
  arrival: { code: 'US', name: 'US International Arrival Tax', amount: 2_340, currency: 'USD' },
  departure: { code: 'US', name: 'US International Departure Tax', amount: 2_340, currency: 'USD' },
  aphis: { code: 'XA', name: 'United States APHIS Passenger Fee Passengers', amount: 393, currency: 'USD' },
  immigration: { code: 'XY', name: 'United States Immigration User Fee', amount: 700, currency: 'USD' },
  customs: { code: 'YC', name: 'United States Customs User Fee', amount: 777, currency: 'USD' },
  security: { code: 'AY', name: 'US September 11th Security Fee', amount: 560, currency: 'USD' },
  facility: { code: 'XF', name: 'US Passenger Facility Charge', amount: 450, currency: 'USD' },
} as const satisfies Record<string, TaxRow>;

/** Departure taxes of the other countries VS flies from, in GBP pence as the samples file them. */
export const FOREIGN_DEPARTURE_TAXES: Readonly<Record<string, readonly TaxRow[]>> = {
  // LHR-JNB-LHR 2025 sample (AirShoppingRS_Instant_Purchase_Service_Added_Order.xml).
  ZA: [
    { code: 'EV', name: 'South Africa Passenger Safety Charge', amount: 130, currency: 'GBP' },
    { code: 'UM', name: 'South Africa Asc Charge', amount: 110, currency: 'GBP' },
    { code: 'WC', name: 'South Africa Air Passenger Tax', amount: 820, currency: 'GBP' },
    { code: 'ZA', name: 'South Africa Passenger Service Charge', amount: 1_260, currency: 'GBP' },
  ],
  // LHR-BOM-LHR and LHR-DEL-LHR samples (orderviewRS_with_cabin_and_selling_class.xml, orderviewRS_hold_booking.xml).
  IN: [
    { code: 'IN', name: 'India User Development Fee Departures', amount: 250, currency: 'GBP' },
    { code: 'P2', name: 'India Aviation Security Fee', amount: 1_120, currency: 'GBP' },
    { code: 'YM', name: 'India Development Fee', amount: 690, currency: 'GBP' },
  ],
};

/** Converts minor units between the two currencies of sale at the test systems' one rate table. */
export function convertMinor(amount: number, from: TaxCurrency, to: TaxCurrency): number {
  return convertAtTableRate(amount, from, to);
}

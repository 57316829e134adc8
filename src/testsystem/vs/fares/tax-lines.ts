// The tax lines of one passenger on one one-way VS trip (a journey's segments in order), from the
// tables in taxes-data.ts: pure, for the VS profile's pricing. Amounts in minor units of the currency
// of sale; a line levied in the other currency is converted at the documented fixed rate.

import type { CabinCode } from '../../ndc/network/aircraft.js';
import { ukDepartureCharge } from '../../ndc/fares/uk-airport-charges.js';
import { VS_AIRPORTS } from '../network/airports-data.js';
import {
  APD_BAND_BY_COUNTRY,
  apdRatesOn,
  convertMinor,
  FOREIGN_DEPARTURE_TAXES,
  US_TAXES,
  VS_YQ,
  VS_YQ_INFANT,
  VS_YR,
  YQ_REGION_BY_COUNTRY,
  type TaxCurrency,
  type TaxRow,
} from './taxes-data.js';

export interface TaxSegment {
  origin: string;
  destination: string;
  cabin: CabinCode;
  /** Local departure date, YYYY-MM-DD (UK APD is due at the rates of the day the flight leaves the UK). */
  date: string;
}

/** VS's passenger types (samples: ADT, GBE young person 12-15, CHD 2-11, INF lap infant under 2). */
export type VsPtc = 'ADT' | 'GBE' | 'CHD' | 'INF';

const country = (code: string): string => {
  const row = VS_AIRPORTS.get(code);
  if (!row) throw new Error(`VS taxes: unknown airport ${code}`);
  return row.country;
};

export function vsTaxLines(segments: readonly TaxSegment[], ptc: VsPtc, currency: TaxCurrency): TaxRow[] {
  const lines: TaxRow[] = [];
  const add = (row: TaxRow): void => {
    const amount = convertMinor(row.amount, row.currency, currency);
    const existing = lines.find((l) => l.code === row.code);
    if (existing) existing.amount += amount;
    else lines.push({ code: row.code, name: row.name, amount, currency });
  };
  const lap = ptc === 'INF';
  const last = segments.at(-1);
  if (!last) return lines;
  const finalCountry = country(last.destination);
  const lowestClass = segments.every((s) => s.cabin === 'Y');
  segments.forEach((s, i) => {
    const from = country(s.origin);
    const to = country(s.destination);
    if (from === 'GB') {
      // APD once per UK departure, band by where the trip ends; under-16s exempt in the lowest class.
      const band = APD_BAND_BY_COUNTRY[finalCountry];
      const exempt = lap || (ptc !== 'ADT' && lowestClass);
      if (band && !exempt) {
        const rate = apdRatesOn(s.date).bands[band];
        add({
          code: 'GB',
          name: 'United Kingdom Air Passenger Duty APD',
          amount: lowestClass ? rate.reduced : rate.standard,
          currency: 'GBP',
        });
      }
      const psc = ukDepartureCharge(s.origin, s.date);
      if (psc) add({ code: psc.code, name: psc.name, amount: psc.pence, currency: 'GBP' });
    }
    for (const row of FOREIGN_DEPARTURE_TAXES[from] ?? []) if (!lap) add(row);
    if (from !== 'US' && to === 'US') {
      add(US_TAXES.arrival);
      add(US_TAXES.aphis);
      add(US_TAXES.immigration);
      add(US_TAXES.customs);
    }
    if (from === 'US' && to !== 'US') add(US_TAXES.departure);
    // The 9/11 fee once per one-way trip from the US, PFCs at up to two US boarding points.
    if (from === 'US' && !lap) {
      if (!lines.some((l) => l.code === 'AY')) add(US_TAXES.security);
      const boarded = segments.slice(0, i + 1).filter((x) => country(x.origin) === 'US').length;
      if (boarded <= 2) add(US_TAXES.facility);
    }
  });
  // VS's surcharges are filed with the VS-marketed fare, whoever operates the flight: a Delta-operated
  // VS codeshare carries the same YQ as VS's own flight (carrier-imposed charges follow the
  // validating carrier's fare, not the operator).
  const longHaul = segments.find((s) => (country(s.origin) === 'GB') !== (country(s.destination) === 'GB'));
  if (longHaul) {
    const abroad = country(longHaul.origin) === 'GB' ? country(longHaul.destination) : country(longHaul.origin);
    const region = YQ_REGION_BY_COUNTRY[abroad];
    if (region)
      add({ code: 'YQ', name: 'VS YQ surcharge', amount: lap ? VS_YQ_INFANT : VS_YQ[region][longHaul.cabin], currency: 'GBP' });
    if (!lap && region === 'AFRICA') add({ code: 'YR', name: 'VS YR surcharge', amount: VS_YR[longHaul.cabin], currency: 'GBP' });
  }
  return lines;
}

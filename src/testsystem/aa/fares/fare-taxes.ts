// Taxes and fees per passenger, after the US and foreign charges AA collects: the 7.5% US
// transportation tax, segment fees, September 11 fee, facility charges, and departure taxes abroad.
// Fixed charges are set in USD cents here and filed in the fare's currency (fare-currency.ts).

import { AIRPORTS } from '../network/airports-data.js';
import { fromUsdCents } from './fare-currency.js';
import type { DatedFlight } from '../network/schedule-service.js';

export interface TaxLine {
  code: string;
  name: string;
  cents: number;
}

const US = new Set(['US', 'PR', 'VI']);

const FOREIGN_DEPARTURE: Readonly<Record<string, { code: string; name: string; cents: number }[]>> = {
  GB: [
    { code: 'GB', name: 'Air Passenger Duty', cents: 12_200 },
    { code: 'UB', name: 'Passenger Service Charge', cents: 6_870 },
  ],
  ES: [{ code: 'JD', name: 'Airport Development Tax', cents: 2_340 }],
  JP: [
    { code: 'SW', name: 'Passenger Service Facility Charge', cents: 2_090 },
    { code: 'OI', name: 'International Tourist Tax', cents: 670 },
  ],
  AU: [{ code: 'AU', name: 'Passenger Movement Charge', cents: 4_010 }],
  FI: [{ code: 'DQ', name: 'Airport Tax', cents: 1_260 }],
  MX: [{ code: 'MX', name: 'Tarifa de Uso de Aeropuerto', cents: 3_150 }],
};
const DEFAULT_FOREIGN = [{ code: 'XT', name: 'Foreign Airport Charges', cents: 2_860 }];

/** Tax lines in minor units of `currency`, for a base fare in the same currency. */
export function taxesFor(legs: readonly DatedFlight[], baseCents: number, isInfant: boolean, currency = 'USD'): TaxLine[] {
  const lines: TaxLine[] = [];
  // The percentage tax is of the filed base; the fixed ones (`fixed`) are USD cents, filed here.
  const fixed = (usdCents: number) => fromUsdCents(usdCents, currency);
  const add = (code: string, name: string, cents: number): void => {
    const existing = lines.find((l) => l.code === code);
    if (existing) existing.cents += cents;
    else lines.push({ code, name, cents });
  };
  const countries = legs.flatMap((l) => [AIRPORTS.get(l.pattern.origin)?.country, AIRPORTS.get(l.pattern.destination)?.country]);
  const allDomestic = countries.every((c) => c !== undefined && US.has(c));
  if (allDomestic) {
    if (isInfant) return [];
    add('US', 'US Transportation Tax', Math.round(baseCents * 0.075));
    legs.forEach(() => add('ZP', 'US Flight Segment Tax', fixed(530)));
    add('AY', 'US September 11th Security Fee', Math.min(legs.length, 2) * fixed(560));
    add('XF', 'US Passenger Facility Charge', Math.min(legs.length, 2) * fixed(450));
    return lines;
  }
  for (const leg of legs) {
    const from = AIRPORTS.get(leg.pattern.origin)?.country ?? '';
    const to = AIRPORTS.get(leg.pattern.destination)?.country ?? '';
    if (US.has(from) && !US.has(to)) add('US', 'US International Departure Tax', fixed(2_340));
    if (!US.has(from) && US.has(to)) {
      add('US', 'US International Arrival Tax', fixed(2_340));
      add('XA', 'APHIS User Fee', fixed(393));
      add('XY', 'US Immigration User Fee', fixed(700));
      add('YC', 'US Customs User Fee', fixed(777));
    }
    if (US.has(from) && !isInfant) add('AY', 'US September 11th Security Fee', fixed(560));
    if (!US.has(from)) for (const tax of FOREIGN_DEPARTURE[from] ?? DEFAULT_FOREIGN) add(tax.code, tax.name, fixed(tax.cents));
  }
  return lines;
}

// Taxes, fees and carrier charges per passenger, after those AA collects. Reference: the JFK–LHR
// round trip in samples-aa-17.2 (OrderCreateRS_successfull_booking_with_warnings.xml), whose fare
// components carry AY once, XF at JFK, US, XA, XY, YC, the UK's GB and UB in GBP, and AA's "YR"
// carrier surcharge of USD 200 each way. US fees: TSA (AY, per one-way trip, 49 CFR 1510), FAA PFC
// (XF, at most two per one-way trip, 14 CFR 158), 26 U.S.C. 4261 (US). UK Air Passenger Duty:
// HMRC's rates in force on the UK departure date (ndc/fares/uk-apd.ts), children under 16 exempt in
// the lowest class, lap infants always exempt.
// USD charges are set in USD cents; a foreign tax is set in its own currency and kept as its filed
// amount, and every amount is then filed in the fare's currency (fare-currency.ts).

import type { CabinCode } from '../../ndc/network/aircraft.js';
import { fromUsdCents } from '../../ndc/fares/fare-currency.js';
import { convertMinor } from '../../ndc/fares/exchange-rates.js';
import type { TaxInput, TaxLine } from '../../ndc/fares/tax-line.js';
import { apdRatesOn, type ApdBand } from '../../ndc/fares/uk-apd.js';
import { ukDepartureCharge } from '../../ndc/fares/uk-airport-charges.js';
import { AIRPORTS } from '../network/airports-data.js';

const US = new Set(['US', 'PR', 'VI']);
const EUROPE = new Set(['GB', 'IE', 'ES', 'PT', 'FR', 'DE', 'IT', 'NL', 'CH', 'GR', 'CZ', 'HU', 'DK', 'FI', 'SE', 'NO', 'IS']);

interface LocalTax {
  code: string;
  name: string;
  cents: number;
  currency: string;
}

/**
 * Departure charges abroad other than the UK's (APD, see ukDuty; the airport's passenger service
 * charge UB from the table both test systems share, uk-airport-charges.ts), in the levying currency.
 */
const FOREIGN_DEPARTURE: Readonly<Record<string, LocalTax[]>> = {
  ES: [{ code: 'JD', name: 'Spain Airport Development Tax', cents: 2_150, currency: 'EUR' }],
  JP: [
    { code: 'SW', name: 'Japan Passenger Service Facility Charge', cents: 2_990, currency: 'JPY' },
    { code: 'OI', name: 'Japan International Tourist Tax', cents: 1_000, currency: 'JPY' },
  ],
  FI: [{ code: 'DQ', name: 'Finland Airport Tax', cents: 1_160, currency: 'EUR' }],
  // AUD has no filing rate here: the Passenger Movement Charge (AUD 70) is set at its USD value.
  AU: [{ code: 'AU', name: 'Australia Passenger Movement Charge', cents: 4_600, currency: 'USD' }],
  MX: [{ code: 'MX', name: 'Mexico Tarifa de Uso de Aeropuerto', cents: 54_200, currency: 'MXN' }],
};
const DEFAULT_FOREIGN: LocalTax[] = [{ code: 'XT', name: 'Foreign Airport Charges', cents: 2_860, currency: 'USD' }];

/** AA's carrier-imposed surcharge ("YR"), per one-way trip that crosses the Atlantic (the sample's USD 200). */
const TRANSATLANTIC_YR_USD_CENTS = 20_000;

const countryOf = (airport: string): string => AIRPORTS.get(airport)?.country ?? '';

/** Tax lines per passenger of `ptc` for one one-way trip (a priced journey), in minor units of `currency`. */
export function taxesFor(input: TaxInput): TaxLine[] {
  const { segments, baseCents, ptc, currency } = input;
  const lines: TaxLine[] = [];
  const add = ({
    code,
    name,
    cents,
    country,
    filed = null,
    keptWithFare = false,
  }: {
    code: string;
    name: string;
    cents: number;
    country: string | null;
    filed?: TaxLine['filed'];
    keptWithFare?: boolean;
  }): void => {
    const existing = lines.find((l) => l.code === code);
    if (existing) {
      existing.cents += cents;
      if (existing.filed && filed) existing.filed.cents += filed.cents;
    } else lines.push({ code, name, cents, country, filed, ...(keptWithFare ? { keptWithFare: true as const } : {}) });
  };
  const usd = (code: string, name: string, usdCents: number) =>
    add({ code, name, cents: fromUsdCents(usdCents, currency), country: 'US' });
  const local = (tax: LocalTax, country: string) =>
    add({
      code: tax.code,
      name: tax.name,
      cents: convertMinor(tax.cents, tax.currency, currency),
      country,
      filed: tax.currency === currency ? null : { cents: tax.cents, currency: tax.currency },
    });
  const lap = ptc === 'INF';
  const countries = segments.flatMap((s) => [countryOf(s.flight.pattern.origin), countryOf(s.flight.pattern.destination)]);
  const departsUs = US.has(countries[0] ?? '');
  // PFCs: one per US airport the passenger boards at, at most two per one-way trip; lap infants board free.
  const pfcs = lap ? 0 : Math.min(2, segments.filter((s) => US.has(countryOf(s.flight.pattern.origin))).length);
  if (countries.every((c) => US.has(c))) {
    if (lap) return [];
    // Levied on the fare: Basic Economy, which forfeits the fare after 24 hours, forfeits it too and
    // gets back only the per-flight and airport charges (ZP, AY, XF).
    add({ code: 'US', name: 'US Transportation Tax', cents: Math.round(baseCents * 0.075), country: 'US', keptWithFare: true });
    segments.forEach(() => usd('ZP', 'US Flight Segment Tax', 530));
    usd('AY', 'US September 11th Security Fee', 560);
    for (let i = 0; i < pfcs; i++) usd('XF', 'US Passenger Facility Charge', 450);
    return lines;
  }
  if (departsUs && !lap) usd('AY', 'US September 11th Security Fee', 560);
  for (let i = 0; i < pfcs; i++) usd('XF', 'US Passenger Facility Charge', 450);
  if (!lap && countries.some((c) => EUROPE.has(c)) && countries.some((c) => US.has(c)))
    add({
      code: 'YR',
      name: 'AA YR surcharge',
      cents: fromUsdCents(TRANSATLANTIC_YR_USD_CENTS, currency),
      country: null,
      keptWithFare: true,
    });
  for (const s of segments) {
    const from = countryOf(s.flight.pattern.origin);
    const to = countryOf(s.flight.pattern.destination);
    if (US.has(from) && !US.has(to)) usd('US', 'US International Departure Tax', 2_340);
    if (!US.has(from) && US.has(to)) {
      usd('US', 'US International Arrival Tax', 2_340);
      usd('XA', 'US APHIS Passenger Fee', 393);
      usd('XY', 'US Immigration User Fee', 700);
      usd('YC', 'US Customs User Fee', 777);
    }
    if (US.has(from)) continue;
    if (from === 'GB') {
      const apd = ukDuty(s.cabin, ptc, apdBand(to), s.flight.date);
      if (apd > 0) local({ code: 'GB', name: 'United Kingdom Air Passenger Duty APD', cents: apd, currency: 'GBP' }, 'GB');
      const psc = ukDepartureCharge(s.flight.pattern.origin, s.flight.date);
      if (psc) {
        local({ code: psc.code, name: psc.name, cents: psc.pence, currency: 'GBP' }, 'GB');
        continue;
      }
    }
    for (const tax of FOREIGN_DEPARTURE[from] ?? DEFAULT_FOREIGN) local(tax, from);
  }
  return lines;
}

/** The APD band of a flight leaving the UK for `country`: within the UK, Europe (A), or AA's US and beyond (B). */
function apdBand(country: string): ApdBand {
  if (country === 'GB') return 'DOM';
  return EUROPE.has(country) ? 'A' : 'B';
}

/**
 * APD in pence at the rates in force on the UK departure date (uk-apd.ts): lap infants never pay,
 * children under 16 are exempt in economy (the lowest class).
 */
function ukDuty(cabin: CabinCode, ptc: TaxInput['ptc'], band: ApdBand, departureDate: string): number {
  const lowestClass = cabin === 'Y';
  if (ptc === 'INF' || (ptc === 'CHD' && lowestClass)) return 0;
  const rate = apdRatesOn(departureDate).bands[band];
  return lowestClass ? rate.reduced : rate.standard;
}

// VS's fare model: an Economy Classic one-way fare from the straight-line distance, times the brand's
// multiplier (brands.ts, from the samples' fares), advance purchase and load, a little off for a
// connection; in whole pounds from the UK and whole dollars elsewhere (GBP at VS's fixed USD rate).
// Children pay 75%, lap infants 10%; a round trip is two one-ways. Plus VS's change fees,
// cancellation rules and fare basis codes.

import type { AirlineFares, BaseFareInput, CancelInput, CancellationTerms } from '../../ndc/airline-profile.js';
import { fromUsdCents } from '../../ndc/fares/fare-currency.js';
import type { PriceClassDef } from '../../ndc/fares/price-class.js';
import { USD_PER_GBP, VS_BRANDS, type VsBrandDef } from './brands.js';
import { inCurrency } from './vs-money.js';

/** VS's brand behind a price class the core hands back. */
export function vsBrand(def: PriceClassDef): VsBrandDef {
  const brand = VS_BRANDS.find((b) => b.id === def.id);
  if (!brand) throw new Error(`unknown VS brand ${def.id}`);
  return brand;
}

/** Economy Classic one-way in pounds: LHR-JFK about GBP 302, LHR-DEL 348 (the samples: 337). */
const classicPounds = (km: number): number => 80 + km * 0.04;

function advancePurchaseFactor(daysOut: number): number {
  if (daysOut < 7) return 1.4;
  if (daysOut < 14) return 1.2;
  if (daysOut < 21) return 1.08;
  return 1;
}

/** Whole units of `currency` for an amount in pounds. */
function wholeUnits(pounds: number, currency: string): number {
  if (currency === 'GBP') return Math.round(pounds) * 100;
  const usdCents = Math.round(pounds * USD_PER_GBP) * 100;
  return currency === 'USD' ? usdCents : fromUsdCents(usdCents, currency);
}

export function vsAdultBase(input: BaseFareInput): number | null {
  const { itinerary, priceClass, distanceKm: km, daysOut, loadStep, currency } = input;
  const connection = itinerary.legs.length > 1 ? 0.95 : 1;
  // Load walks the fare up the booking-class ladder: up to half again when only the top class is left.
  const pounds =
    classicPounds(km) * vsBrand(priceClass).multiplier * advancePurchaseFactor(daysOut) * (1 + 0.5 * loadStep) * connection;
  return wholeUnits(pounds, currency);
}

/** <RBD><season><advance purchase><market B><C restricted | E flexible><brand letter><region B>, e.g. ES00BCSB. */
export function vsFareBasis(rbd: string, daysOut: number, month: number, def: PriceClassDef): string {
  const brand = vsBrand(def);
  const season = month >= 6 && month <= 8 ? 'S' : month === 12 ? 'K' : 'A';
  const ap = daysOut >= 21 ? '21' : daysOut >= 14 ? '14' : daysOut >= 7 ? '07' : '00';
  return `${rbd}${season}${ap}B${brand.flexible ? 'E' : 'C'}${brand.fareBasisBrandLetter}B`;
}

/**
 * After the free 24 hours: refundable brands everything back (OC_RFC_*), the others everything less
 * VS's per-passenger penalty (OC_NonRFC_*: "Adult Cancellation Penalty" GBP 250), Economy Light the
 * taxes only.
 */
export function vsCancelTerms(input: CancelInput): CancellationTerms {
  const brand = vsBrand(input.priceClass);
  const { valueCents, baseCents, currency } = input;
  if (brand.cancel === 'refund') return { refundCents: valueCents, creditCents: 0, penaltyCents: 0 };
  const penaltyCents =
    brand.cancel === 'taxesOnly'
      ? Math.min(valueCents, baseCents)
      : Math.min(valueCents, inCurrency(brand.cancelPenalty!, currency) * input.seatedPax);
  return { refundCents: valueCents - penaltyCents, creditCents: 0, penaltyCents };
}

export const vsChangeFee: AirlineFares['changeFee'] = (def, currency) => inCurrency(vsBrand(def).changeFee, currency);

export const vsPaxBase: AirlineFares['paxBase'] = (ptc, adultBase) => Math.round(adultBase * (ptc === 'CHD' ? 0.75 : 0.1));

// VS sells in GBP (UK departures) and USD (everywhere else, our simplification): its amounts are
// published per currency (brands.ts's Money). Another currency set through POST /control/pricing
// gets the USD amount at the core's filing rates.

import { fromUsdCents } from '../../ndc/fares/fare-currency.js';
import { USD_PER_GBP, type Money } from './brands.js';

/** Minor units of `currency` for an amount VS publishes per currency of sale. */
export function inCurrency(money: Money, currency: string): number {
  if (currency === 'GBP' || currency === 'USD') return money[currency];
  return fromUsdCents(money.USD, currency);
}

/** A GBP amount (pence) in `currency`: USD at VS's fixed rate (brands.ts), others through USD. */
export function fromGbp(pence: number, currency: string): number {
  if (currency === 'GBP') return pence;
  const usdCents = Math.round(pence * USD_PER_GBP);
  return currency === 'USD' ? usdCents : fromUsdCents(usdCents, currency);
}

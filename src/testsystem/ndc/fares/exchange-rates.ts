// The one exchange-rate table both airline test systems file at (AA's and VS's): a fare, tax or fee
// worked out in one currency is filed in another at these rates, so the same US tax or the same
// Heathrow charge costs a seller the same whichever airline sells it. The rates are this test
// system's, fixed on the date they are stated for, not a market feed; each is written the way the
// market quotes it (sterling as dollars per pound, the others as units per dollar), so the figure
// is the one a reader checks against a rate sheet and nothing is rounded twice.

import { minorDigits } from '../../../platform/money.js';

/** A rate as quoted: units of the currency per US dollar, or US dollars per unit (sterling). */
type Quote = { unitsPerUsd: number } | { usdPerUnit: number };

/** The table: the date its rates were set for, and each rated currency's quote. */
export const EXCHANGE_RATES: { readonly asOf: string; readonly quotes: Readonly<Record<string, Quote>> } = {
  asOf: '2026-11-02',
  quotes: {
    USD: { unitsPerUsd: 1 },
    CLP: { unitsPerUsd: 950 },
    JPY: { unitsPerUsd: 150 },
    KRW: { unitsPerUsd: 1380 },
    KWD: { unitsPerUsd: 0.307 },
    BHD: { unitsPerUsd: 0.376 },
    EUR: { unitsPerUsd: 0.92 },
    GBP: { usdPerUnit: 1.3 },
    MXN: { unitsPerUsd: 17.2 },
    CLF: { unitsPerUsd: 0.025 },
  },
};

export const RATED_CURRENCIES: readonly string[] = Object.keys(EXCHANGE_RATES.quotes);

function quoteOf(currency: string): Quote {
  const quote = EXCHANGE_RATES.quotes[currency];
  if (quote === undefined) throw new RangeError(`no exchange rate for ${currency}`);
  return quote;
}

/** Whole units of `currency` for `usd` dollars, unrounded. */
export function unitsFromUsd(usd: number, currency: string): number {
  const quote = quoteOf(currency);
  return 'unitsPerUsd' in quote ? usd * quote.unitsPerUsd : usd / quote.usdPerUnit;
}

/** US dollars for `units` whole units of `currency`, unrounded. */
export function usdFromUnits(units: number, currency: string): number {
  const quote = quoteOf(currency);
  return 'unitsPerUsd' in quote ? units / quote.unitsPerUsd : units * quote.usdPerUnit;
}

/** Minor units of `from` in minor units of `to`, through the dollar, rounded once. */
export function convertMinor(minor: number, from: string, to: string): number {
  if (from === to) return minor;
  const usd = usdFromUnits(minor / 10 ** minorDigits(from), from);
  return Math.round(unitsFromUsd(usd, to) * 10 ** minorDigits(to));
}

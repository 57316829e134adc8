// The currency a fare is filed in: the airline's rule for the country of departure (its profile's
// fares.filingCurrency: AA files Santiago in CLP, Tokyo in JPY, USD elsewhere), unless the control
// switch (POST /control/pricing) files every new fare in another currency, for markets the network
// does not serve (KWD, a 3-decimal currency). Every amount of an offer, its booking, seats,
// services, fees and reshop quotes is then in that currency, in its ISO 4217 minor units.

import { minorDigits } from '../../../platform/money.js';
import type { AirlineProfile } from '../airline-profile.js';

/**
 * Fixed filing rates, local units per US dollar. The test system converts its USD fare model once,
 * at filing time; nothing is ever converted back, so a booking stays in the currency it was sold in.
 */
const UNITS_PER_USD: Readonly<Record<string, number>> = {
  USD: 1,
  CLP: 950,
  JPY: 150,
  KRW: 1380,
  KWD: 0.307,
  BHD: 0.376,
  EUR: 0.92,
  GBP: 0.79,
  MXN: 17.2,
  CLF: 0.025,
};

export const FILING_CURRENCIES: readonly string[] = Object.keys(UNITS_PER_USD);

/** The filing currency of a trip starting at `origin`: the control override, else the airline's rule. */
export function fareCurrency(profile: AirlineProfile, origin: string, override: string | null): string {
  return override ?? profile.fares.filingCurrency(profile.network.airports.get(origin)?.country);
}

/** A USD-cent figure of the fare model in minor units of the filing currency. */
export function fromUsdCents(cents: number, currency: string): number {
  if (currency === 'USD') return cents;
  const rate = UNITS_PER_USD[currency];
  if (rate === undefined) throw new RangeError(`no filing rate for ${currency}`);
  return Math.round((cents / 100) * rate * 10 ** minorDigits(currency));
}

/** Minor units of a currency with a filing rate as USD cents: how a foreign tax joins the USD model. */
export function toUsdCents(minor: number, currency: string): number {
  if (currency === 'USD') return minor;
  const rate = UNITS_PER_USD[currency];
  if (rate === undefined) throw new RangeError(`no filing rate for ${currency}`);
  return Math.round((minor / 10 ** minorDigits(currency) / rate) * 100);
}

/** The control switch: when set, every fare priced from now on is filed in this currency. */
export class PricingControl {
  private override: string | null = null;

  get currencyOverride(): string | null {
    return this.override;
  }

  set(currency: string | null): void {
    if (currency !== null && !(currency in UNITS_PER_USD)) throw new RangeError(`no filing rate for ${currency}`);
    this.override = currency;
  }
}

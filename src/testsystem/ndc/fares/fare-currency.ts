// The currency a fare is filed in: the airline's rule for the country of departure (its profile's
// fares.filingCurrency: AA files Santiago in CLP, Tokyo in JPY, USD elsewhere), unless the control
// switch (POST /control/pricing) files every new fare in another currency, for markets the network
// does not serve (KWD, a 3-decimal currency). Every amount of an offer, its booking, seats,
// services, fees and reshop quotes is then in that currency, in its ISO 4217 minor units.

import type { AirlineProfile } from '../airline-profile.js';
import { convertMinor, RATED_CURRENCIES } from './exchange-rates.js';

/**
 * The currencies a fare can be filed in: those of the one exchange-rate table both test systems
 * convert at (exchange-rates.ts). The fare model converts once, at filing time; nothing is ever
 * converted back, so a booking stays in the currency it was sold in.
 */
export const FILING_CURRENCIES: readonly string[] = RATED_CURRENCIES;

/** The filing currency of a trip starting at `origin`: the control override, else the airline's rule. */
export function fareCurrency(profile: AirlineProfile, origin: string, override: string | null): string {
  return override ?? profile.fares.filingCurrency(profile.network.airports.get(origin)?.country);
}

/** A USD-cent figure of the fare model in minor units of the filing currency. */
export function fromUsdCents(cents: number, currency: string): number {
  return convertMinor(cents, 'USD', currency);
}

/** Minor units of a currency with a filing rate as USD cents: how a foreign tax joins the USD model. */
export function toUsdCents(minor: number, currency: string): number {
  return convertMinor(minor, currency, 'USD');
}

/** The control switch: when set, every fare priced from now on is filed in this currency. */
export class PricingControl {
  private override: string | null = null;

  get currencyOverride(): string | null {
    return this.override;
  }

  set(currency: string | null): void {
    if (currency !== null && !FILING_CURRENCIES.includes(currency)) throw new RangeError(`no filing rate for ${currency}`);
    this.override = currency;
  }
}

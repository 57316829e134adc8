// The currency an AirShopping answer is priced in. A seller may ask for one (21.3's
// Request/ResponseParameters/CurParameter/CurCode, as VS's airshoppingrq_specific_currency_code.xml
// does); the airline honours it where it sells in that currency (profile.fares.requestedCurrencies),
// and otherwise answers in the currency it files the trip in and says so in a Warning, rather than
// leaving the seller to find out from the amounts.

import type { AirlineProfile } from '../airline-profile.js';
import { fareCurrency } from '../fares/fare-currency.js';
import { child, list, text, type ParsedMessage } from '../wire/ndc-request-parser.js';

export interface SaleCurrency {
  currency: string;
  /** The airline's words when the request asked for another currency than the one answered in. */
  warning: string | null;
}

/** The first currency the request asks its results in, upper-cased; null when it asks for none. */
export function requestedCurrency(parsed: ParsedMessage): string | null {
  const params = child(parsed.root, 'Request', 'ResponseParameters');
  const code = list(params, 'CurParameter')
    .map((p) => text(p, 'CurCode') ?? '')
    .find(Boolean);
  return code ? code.toUpperCase() : null;
}

/**
 * The currency of a search starting at `origin`: the control switch (a test setting) first, then a
 * requested currency the airline sells in, else the airline's filing currency for that point of sale.
 */
export function saleCurrency(
  profile: AirlineProfile,
  parsed: ParsedMessage,
  origin: string,
  override: string | null,
): SaleCurrency {
  const filed = fareCurrency(profile, origin, override);
  const requested = requestedCurrency(parsed);
  if (requested === null || requested === filed) return { currency: filed, warning: null };
  if (override === null && profile.fares.requestedCurrencies.includes(requested)) return { currency: requested, warning: null };
  return { currency: filed, warning: profile.texts.currencyNotOffered(requested, filed) };
}

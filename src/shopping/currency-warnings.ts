import type { Offer } from '../connectors/connector-types.js';
import type { CurrencyWarning } from './search-schemas.js';

/**
 * One `currency_not_honoured` warning per source, owner airline and currency its offers came in
 * that is not the one the search asked for, in answer order. The amounts stay as the airline sold
 * them (the gateway never converts); the warning says so. `takesCurrency(source)`: whether the
 * source could be asked at all, which decides the sentence. Nothing when no currency was asked.
 */
export function currencyWarnings(
  requested: string | undefined,
  offers: readonly Offer[],
  takesCurrency: (source: string) => boolean,
): CurrencyWarning[] {
  if (requested === undefined) return [];
  const warnings = new Map<string, CurrencyWarning>();
  for (const { source, airline, total } of offers) {
    const currency = total.currency;
    const key = `${source} ${airline} ${currency}`;
    if (currency === requested || warnings.has(key)) continue;
    const whose = source === airline ? source : `${source}'s ${airline}`;
    warnings.set(key, {
      code: 'currency_not_honoured',
      message: takesCurrency(source)
        ? `${requested} was requested; ${whose} offers are in ${currency}, the currency ${airline} sells them in`
        : `${requested} was requested; ${source} cannot be asked for a currency, so its ${airline} offers are in ${currency}`,
      source,
      airline,
      requested_currency: requested,
      currency,
    });
  }
  return [...warnings.values()];
}

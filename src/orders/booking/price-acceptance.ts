import type { Money } from '../../connectors/connector-types.js';
import { AppError, badRequest, conflict } from '../../platform/errors.js';
import { formatMinor, minorDigits, toDecimal } from '../../platform/money.js';

/** The amount a seller states it accepts: `total_amount` and `currency` of a create, change or commit body. */
export interface StatedAmountBody {
  total_amount?: number;
  currency?: string;
}

/**
 * The amount the seller stated, in minor units, or null when it stated none. Both fields or
 * neither; an amount with more decimals than its currency has is refused rather than rounded.
 */
export function statedAmountOf(body: StatedAmountBody): Money | null {
  const { total_amount: amount, currency } = body;
  if (amount === undefined && currency === undefined) return null;
  if (amount === undefined)
    throw badRequest('total_amount is required with currency', 'invalid_request', { field: 'total_amount' });
  if (currency === undefined)
    throw badRequest('currency is required with total_amount', 'invalid_request', { field: 'currency' });
  const scaled = amount * 10 ** minorDigits(currency);
  const amountMinor = Math.round(scaled);
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0 || Math.abs(scaled - amountMinor) > 1e-6) {
    throw badRequest(
      `total_amount must be an amount in ${currency}, with at most ${minorDigits(currency)} decimals`,
      'invalid_request',
      { field: 'total_amount' },
    );
  }
  return { amountMinor, currency };
}

const same = (a: Money, b: Money) => a.amountMinor === b.amountMinor && a.currency === b.currency;
const text = (m: Money) => `${m.currency} ${formatMinor(m.amountMinor, m.currency)}`;

/**
 * 409 `price_changed`: the airline's price is not the one the seller showed or stated. Carries both
 * in the contract's money style (decimal `*_amount` with its currency) and, when there is one, the
 * priced offer to book at the new price instead.
 */
export function priceChanged(shown: Money, now: Money, what: string, offerId: string | null): AppError {
  const retry = offerId ? '; book `offer_id` (the offer at the new price) to accept it' : '; state the new amount to accept it';
  return conflict(
    `the price of ${what} changed from ${text(shown)} to ${text(now)}: nothing was booked or paid${retry}`,
    'price_changed',
    {
      shown_amount: toDecimal(shown),
      shown_currency: shown.currency,
      total_amount: toDecimal(now),
      currency: now.currency,
      ...(offerId ? { offer_id: offerId } : {}),
    },
  );
}

/**
 * The price rule of every sale (US DOT full-fare advertising; airlines refuse a payment that is not
 * the price accepted): with a stated amount, the airline's price must be exactly it; without one,
 * the price must not be above the one shown (a fall is booked at the lower price, as airlines do).
 * `shown` is null when nothing was shown for certain (an id that carries no total): then only a
 * stated amount is held to.
 */
export function requireAcceptedPrice(
  price: Money,
  { stated, shown, what, offerId }: { stated: Money | null; shown: Money | null; what: string; offerId: string | null },
): void {
  if (stated) {
    if (!same(stated, price)) throw priceChanged(stated, price, what, offerId);
    return;
  }
  if (!shown) return;
  if (shown.currency !== price.currency || price.amountMinor > shown.amountMinor) throw priceChanged(shown, price, what, offerId);
}

import type { Money } from '../connector-types.js';
import { amount, list, node, type Parsed } from './ndc-xml.js';

/** The sum of amounts (of one currency: one order's, one offer's); null when there are none. */
export function sumOf(amounts: (Money | null)[]): Money | null {
  const known = amounts.filter((m): m is Money => m !== null);
  if (known.length === 0) return null;
  return { amountMinor: known.reduce((s, m) => s + m.amountMinor, 0), currency: known[0]!.currency };
}

/**
 * An amount of a 21.3 price holder (NewPrice, DiffPrice, ...) read both ways airlines write it:
 * one Price for the whole (AA), or a FareDetail per passenger, each with its Price (VS), added up.
 */
export function priceIn(holder: Parsed, field: 'TotalAmount' | 'DueByAirlineAmount', fallbackCurrency?: string): Money | null {
  const whole = amount(node(holder.Price)[field], fallbackCurrency);
  return whole ?? sumOf(list(holder.FareDetail).map((f) => amount(node(f.Price)[field], fallbackCurrency)));
}

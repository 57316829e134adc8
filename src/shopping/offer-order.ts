import type { Offer } from '../connectors/connector-types.js';

/**
 * The order of a search answer's offers, whichever airlines they come from: cheapest first, as
 * sellers expect. Amounts are compared within a currency in minor units; an answer whose airlines
 * price in different currencies (VS sells UK departures in GBP, AA in USD) is not converted at any
 * rate: its offers are grouped by currency code (alphabetically), each group cheapest first. Equal
 * amounts keep the airline's own order (connector registration order, then the airline's), so the
 * order is the same on every instance and for every identical search.
 */
export function compareOffers(a: Offer, b: Offer): number {
  if (a.total.currency !== b.total.currency) return a.total.currency < b.total.currency ? -1 : 1;
  return a.total.amountMinor - b.total.amountMinor;
}

function isOrdered(offers: readonly Offer[]): boolean {
  for (let i = 1; i < offers.length; i++) if (compareOffers(offers[i - 1]!, offers[i]!) > 0) return false;
  return true;
}

/**
 * The answer's lists in answer order. One list already in that order comes back as it is, so its
 * JSON text made for a streamed batch is reused (offer-view.ts); anything else becomes one sorted
 * list (Array.prototype.sort is stable).
 */
export function inAnswerOrder(lists: readonly (readonly Offer[])[]): readonly (readonly Offer[])[] {
  const filled = lists.filter((list) => list.length > 0);
  if (filled.length === 0) return [];
  if (filled.length === 1 && isOrdered(filled[0]!)) return filled;
  return [filled.flat().sort(compareOffers)];
}

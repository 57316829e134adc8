import type { Cabin } from '../connector-types.js';

// NDC CabinTypeCode values (IATA PADIS 9800: 1 First, 2/3 Business, 4 Premium Economy, 5 Economy)
// and the one-letter cabin codes airlines also send, as our cabin names. A leaf of its own: the
// offer mapper and the airline profiles' brand readers both read it.
const CABINS = new Map<string, Cabin>([
  ['1', 'first'],
  ['2', 'business'],
  ['3', 'business'],
  ['4', 'premium_economy'],
  ['5', 'economy'],
  ['F', 'first'],
  ['P', 'first'],
  ['J', 'business'],
  ['C', 'business'],
  ['W', 'premium_economy'],
  ['Y', 'economy'],
  ['M', 'economy'],
]);

export function cabinOf(code: string | null): Cabin | null {
  if (!code) return null;
  // Codes nearly always come bare ('5'); only odd ones need trimming and upper-casing first.
  return CABINS.get(code) ?? CABINS.get(code.trim().split(/\s+/)[0]!.toUpperCase()) ?? null;
}

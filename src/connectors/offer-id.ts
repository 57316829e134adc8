/**
 * Canonical offer ids are `<airline code>|<connector reference>`: the prefix lets any endpoint
 * find the airline without a lookup, the rest is the connector's own (it may hold `|` and `.`,
 * so clients percent-encode the id in paths).
 */
const PREFIX = /^([A-Z0-9]{2})\|(.+)$/s;

export function canonicalOfferId(airline: string, reference: string): string {
  return `${airline}|${reference}`;
}

/** The airline code and connector reference of a canonical id, or null when it has no prefix. */
export function splitOfferId(offerId: string): { airline: string; reference: string } | null {
  const match = PREFIX.exec(offerId);
  return match ? { airline: match[1]!, reference: match[2]! } : null;
}

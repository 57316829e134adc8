/**
 * Canonical offer ids are `<source code>|<connector reference>`: the prefix lets any endpoint find
 * the source without a lookup, the rest is the connector's own (it may hold `|` and `.`, so
 * clients percent-encode the id in paths). A source code is 2-8 upper-case letters or digits: an
 * airline's IATA code for an airline reached directly (`AA|...`), longer for an aggregator
 * (`DUFFEL|off_...`).
 */
const PREFIX = /^([A-Z0-9]{2,8})\|(.+)$/s;

export function canonicalOfferId(source: string, reference: string): string {
  return `${source}|${reference}`;
}

/** The source code and connector reference of a canonical id, or null when it has no prefix. */
export function splitOfferId(offerId: string): { source: string; reference: string } | null {
  const match = PREFIX.exec(offerId);
  return match ? { source: match[1]!, reference: match[2]! } : null;
}

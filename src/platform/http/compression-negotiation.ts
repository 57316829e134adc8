/** The content codings the gateway answers in, best first when a client weighs them alike. */
export const CODINGS = ['br', 'gzip'] as const;
export type Coding = (typeof CODINGS)[number];
export type Encoding = Coding | 'identity';

// A header longer than this, or with more entries, is read as far as this only: a real client
// sends a few dozen bytes, and a hostile one must not make every answer parse kilobytes.
const MAX_HEADER_CHARS = 512;
const MAX_ENTRIES = 16;
// RFC 9110 12.4.2: a weight is 0 to 1 with at most three decimals.
const WEIGHT = /^q=(0(\.\d{0,3})?|1(\.0{0,3})?)$/i;

/** `x-gzip` is gzip (RFC 9110 8.4.1.3). */
const ALIASES: Record<string, string> = { 'x-gzip': 'gzip' };

/**
 * The coding to answer in for an `Accept-Encoding` header (RFC 9110 12.5.3): the supported coding
 * with the highest weight, br before gzip on a tie; `*` weighs every coding not named; a coding
 * weighted 0 is refused. Identity when the client asked for nothing (no header, an empty one), when
 * it names identity with a higher weight than every coding it offers, or when it offers nothing
 * supported (identity;q=0 included: an answer in no coding beats none, RFC 9110 12.5.3). An entry
 * with a weight that is not one is skipped.
 */
export function negotiateEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  // Only short headers are kept, so what is held stays small whatever clients send.
  if (header.length > MAX_HEADER_CHARS) return weighed(header);
  let chosen = recentHeaders.get(header);
  if (chosen === undefined) {
    chosen = weighed(header);
    if (recentHeaders.size >= RECENT_HEADERS) recentHeaders.clear();
    recentHeaders.set(header, chosen);
  }
  return chosen;
}

/**
 * The choice for headers seen lately, by their text: clients send one of a handful of headers, and
 * parsing one for every answer was about a per cent of a cached search's CPU. Bounded; emptied
 * whole when full.
 */
const RECENT_HEADERS = 256;
const recentHeaders = new Map<string, Encoding>();

function weighed(header: string): Encoding {
  const weights = new Map<string, number>();
  for (const entry of header.slice(0, MAX_HEADER_CHARS).split(',', MAX_ENTRIES)) {
    const [rawName = '', ...params] = entry.split(';');
    const name = rawName.trim().toLowerCase();
    if (name === '' || weights.has(ALIASES[name] ?? name)) continue;
    let weight = 1;
    let valid = true;
    for (const param of params) {
      const trimmed = param.trim();
      if (WEIGHT.test(trimmed)) weight = Number(trimmed.slice(2));
      else valid = false;
    }
    if (valid) weights.set(ALIASES[name] ?? name, weight);
  }
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0;
  let best: Encoding = 'identity';
  let bestWeight = 0;
  for (const coding of CODINGS) {
    const weight = weightOf(coding);
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  // Identity competes only when named: a client that lists a coding and not identity prefers the coding.
  const identityWeight = weights.get('identity');
  if (bestWeight === 0 || (identityWeight !== undefined && identityWeight > bestWeight)) return 'identity';
  return best;
}

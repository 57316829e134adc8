import type { PassengerCounts } from '../connector-types.js';
import { canonicalOfferId, splitOfferId } from '../offer-id.js';

/** One airline offer inside ours: its id, owner, and each offer item with its passengers. */
export interface AaOfferPart {
  offerId: string;
  owner: string;
  items: { id: string; pax: string[] }[];
}

/**
 * Everything a later OfferPrice, SeatAvailability or ServiceList needs about an AA offer, carried
 * in the canonical id itself so no gateway instance has to remember a search. A round trip or
 * multi-city offer may be several airline offers (AA answers one offer per origin-destination),
 * hence `parts`. The passenger counts rebuild the passenger list (aa-passengers.ts).
 * Format: `AA|1.<base64url JSON>`.
 */
export interface AaOfferRef extends AaOfferPart {
  /** Every airline offer of ours; `offerId`, `owner` and `items` repeat the first, the only one of a one-way offer. */
  parts: AaOfferPart[];
  passengers: PassengerCounts;
  /** A connection with a partner-operated leg (see offer-facts.ts). */
  partnerConnection: boolean;
}

const VERSION = '1';

// Item ids usually extend their offer id; storing only the suffix keeps ids short enough for paths.
const shortItem = (offerId: string, itemId: string) => (itemId.startsWith(offerId) ? `~${itemId.slice(offerId.length)}` : itemId);
const longItem = (offerId: string, itemId: string) => (itemId.startsWith('~') ? offerId + itemId.slice(1) : itemId);

// A search encodes every one of its offers' ids: they are written through one scratch buffer
// rather than a new Buffer each (a typed array is costly to make).
let scratch = Buffer.alloc(1024);

function base64url(text: string): string {
  const bytes = Buffer.byteLength(text);
  if (bytes > scratch.length) scratch = Buffer.alloc(bytes * 2);
  scratch.write(text);
  return scratch.toString('base64url', 0, bytes);
}

export function encodeAaOfferId(ref: Pick<AaOfferRef, 'parts' | 'passengers' | 'partnerConnection'>): string {
  const compact = {
    o: ref.parts.map((p) => [p.offerId, p.owner, p.items.map((i) => [shortItem(p.offerId, i.id), i.pax])]),
    p: [ref.passengers.adults, ref.passengers.children, ref.passengers.infants],
    ...(ref.partnerConnection ? { x: 1 } : {}),
  };
  return canonicalOfferId('AA', `${VERSION}.${base64url(JSON.stringify(compact))}`);
}

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

/** The reference inside a canonical AA id, or null when the id was not made by this connector. */
export function decodeAaOfferId(offerId: string): AaOfferRef | null {
  const split = splitOfferId(offerId);
  if (!split || split.airline !== 'AA') return null;
  const [version, payload] = split.reference.split('.', 2);
  if (version !== VERSION || !payload) return null;
  try {
    const c = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { o?: unknown; p?: unknown; x?: unknown };
    if (!Array.isArray(c.o) || c.o.length === 0 || !Array.isArray(c.p)) return null;
    const parts = c.o.map((entry: unknown): AaOfferPart => {
      const [id, owner, items] = entry as [unknown, unknown, unknown];
      if (typeof id !== 'string' || typeof owner !== 'string' || !Array.isArray(items)) throw new Error('part');
      return {
        offerId: id,
        owner,
        items: items.map((item: unknown) => {
          const [itemId, pax] = item as [unknown, unknown];
          if (typeof itemId !== 'string' || !isStrings(pax)) throw new Error('item');
          return { id: longItem(id, itemId), pax };
        }),
      };
    });
    const [adults, children, infants] = c.p.map(Number);
    if (![adults, children, infants].every((n) => Number.isInteger(n) && n! >= 0)) return null;
    return {
      ...parts[0]!,
      parts,
      passengers: { adults: adults!, children: children!, infants: infants! },
      partnerConnection: c.x === 1,
    };
  } catch {
    return null;
  }
}

import type { PassengerCounts } from '../connector-types.js';
import { canonicalOfferId, splitOfferId } from '../offer-id.js';

/**
 * Everything a later OfferPrice, SeatAvailability or ServiceList needs about an AA offer, carried
 * in the canonical id itself so no gateway instance has to remember a search: the airline's offer
 * id and owner, each offer item with its passengers, and the passenger counts that rebuild the
 * passenger list (aa-passengers.ts). Format: `AA|1.<base64url JSON>`.
 */
export interface AaOfferRef {
  offerId: string;
  owner: string;
  items: { id: string; pax: string[] }[];
  passengers: PassengerCounts;
}

const VERSION = '1';

export function encodeAaOfferId(ref: AaOfferRef): string {
  const compact = {
    o: ref.offerId,
    w: ref.owner,
    i: ref.items.map((item) => [item.id, item.pax]),
    p: [ref.passengers.adults, ref.passengers.children, ref.passengers.infants],
  };
  return canonicalOfferId('AA', `${VERSION}.${Buffer.from(JSON.stringify(compact)).toString('base64url')}`);
}

/** The reference inside a canonical AA id, or null when the id was not made by this connector. */
export function decodeAaOfferId(offerId: string): AaOfferRef | null {
  const parts = splitOfferId(offerId);
  if (!parts || parts.airline !== 'AA') return null;
  const [version, payload] = parts.reference.split('.', 2);
  if (version !== VERSION || !payload) return null;
  try {
    const c = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      o: unknown;
      w: unknown;
      i: unknown;
      p: unknown;
    };
    if (typeof c.o !== 'string' || typeof c.w !== 'string' || !Array.isArray(c.i) || !Array.isArray(c.p)) return null;
    const items = c.i.map((entry: unknown) => {
      const [id, pax] = entry as [unknown, unknown];
      if (typeof id !== 'string' || !Array.isArray(pax) || !pax.every((p) => typeof p === 'string')) throw new Error('item');
      return { id, pax: pax as string[] };
    });
    const [adults, children, infants] = c.p.map(Number);
    if (![adults, children, infants].every((n) => Number.isInteger(n) && n! >= 0)) return null;
    return { offerId: c.o, owner: c.w, items, passengers: { adults: adults!, children: children!, infants: infants! } };
  } catch {
    return null;
  }
}

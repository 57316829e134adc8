import type { Money, PassengerCounts } from '../connector-types.js';
import type { OfferIdAuthenticator } from '../offer-id-auth.js';
import { canonicalOfferId, splitOfferId } from '../offer-id.js';
import { MAX_SLICES, passengerCountsProblem } from '../trip-limits.js';

/** One airline offer inside ours: its id, owner, and each offer item with its passengers. */
export interface OfferPart {
  offerId: string;
  owner: string;
  items: { id: string; pax: string[] }[];
}

/**
 * Everything a later OfferPrice, SeatAvailability or ServiceList needs about an NDC offer, carried
 * in the canonical id itself so no gateway instance has to remember a search. A round trip or
 * multi-city offer may be several airline offers (AA answers one offer per origin-destination),
 * hence `parts`. The passenger counts rebuild the passenger list (passengers.ts).
 *
 * Format: `<airline>|2.<base64url JSON>.<tag>` (`AA|2.…`, `VS|2.…`). `encodeNdcOfferId` writes the
 * content; the connector signs it when it hands the offer out (offer-id-auth.ts), and `decodeNdcOfferId` reads only ids whose
 * tag verifies, then bounds everything it reads before using it. Version 1 ids (no tag) are
 * refused: offers live minutes, so ids issued before an upgrade are as good as expired.
 */
export interface NdcOfferRef extends OfferPart {
  /** Every airline offer of ours; `offerId`, `owner` and `items` repeat the first, the only one of a one-way offer. */
  parts: OfferPart[];
  passengers: PassengerCounts;
  /** A connection with a partner-operated leg (see offer-facts.ts). */
  partnerConnection: boolean;
  /** The total the offer was handed out at (searched or priced): what a seller was shown. */
  shown?: Money;
  /** The local dates (YYYY-MM-DD) its flights depart on, distinct and in order: passengers' ages are taken on them. */
  departureDates?: string[];
  /** When the airline stops holding the offer (its OfferExpirationTimeLimitDateTime), an ISO instant. */
  expiresAt?: string;
}

const VERSION = '2';

// Item ids usually extend their offer id; storing only the suffix keeps ids short enough for paths.
const shortItem = (offerId: string, itemId: string) => (itemId.startsWith(offerId) ? `~${itemId.slice(offerId.length)}` : itemId);
const longItem = (offerId: string, itemId: string) => (itemId.startsWith('~') ? offerId + itemId.slice(1) : itemId);

// Passenger ids are ours (PAX1, PAX2, ... from passengers.ts): an id stores their numbers, so a
// six-slice trip for nine passengers stays well inside MAX_OFFER_ID_LENGTH. Anything else is kept as text.
const PAX_ID = /^PAX([1-9]\d?)$/;
const shortPax = (pax: string) => {
  const n = PAX_ID.exec(pax)?.[1];
  return n === undefined ? pax : Number(n);
};

// A search encodes every one of its offers' ids: they are written through one scratch buffer
// rather than a new Buffer each (a typed array is costly to make).
let scratch = Buffer.alloc(1024);

function base64url(text: string): string {
  const bytes = Buffer.byteLength(text);
  if (bytes > scratch.length) scratch = Buffer.alloc(bytes * 2);
  scratch.write(text);
  return scratch.toString('base64url', 0, bytes);
}

const DAY_MS = 86_400_000;
const CURRENCY = /^[A-Z]{3}$/;
// Day numbers since 1970-01-01 a departure date may have: 2000 to 2100, far around any sale.
const FIRST_DAY = Date.UTC(2000, 0, 1) / DAY_MS;
const LAST_DAY = Date.UTC(2100, 0, 1) / DAY_MS;

/**
 * The id's content, not yet signed: the connector signs it when it hands the offer out. The JSON is
 * written as text, the ids through JSON.stringify (airline text may need escaping): byte for byte
 * what JSON.stringify makes of `{o: [[offerId, owner, [[item, pax]]]], p: [a, c, i], x?: 1,
 * t?: [minor, currency], d?: [day, ...], e?: seconds}` (days since 1970-01-01; e the expiry in Unix seconds), without the arrays and closures
 * a search's every offer would otherwise make.
 */
export function encodeNdcOfferId(
  airline: string,
  ref: Pick<NdcOfferRef, 'parts' | 'passengers' | 'partnerConnection' | 'shown' | 'departureDates'> & {
    expiresAt?: string | null;
  },
): string {
  let json = '{"o":[';
  for (let p = 0; p < ref.parts.length; p++) {
    const part = ref.parts[p]!;
    json += `${p === 0 ? '' : ','}[${JSON.stringify(part.offerId)},${JSON.stringify(part.owner)},[`;
    for (let i = 0; i < part.items.length; i++) {
      const item = part.items[i]!;
      json += `${i === 0 ? '' : ','}[${JSON.stringify(shortItem(part.offerId, item.id))},[`;
      for (let x = 0; x < item.pax.length; x++) {
        const pax = shortPax(item.pax[x]!);
        json += `${x === 0 ? '' : ','}${typeof pax === 'number' ? pax : JSON.stringify(pax)}`;
      }
      json += ']]';
    }
    json += ']]';
  }
  const { adults, children, infants } = ref.passengers;
  json += `],"p":[${adults},${children},${infants}]${ref.partnerConnection ? ',"x":1' : ''}`;
  if (ref.shown) json += `,"t":[${ref.shown.amountMinor},${JSON.stringify(ref.shown.currency)}]`;
  if (ref.departureDates?.length) {
    json += `,"d":[${ref.departureDates.map((d) => Math.floor(Date.parse(`${d}T00:00:00Z`) / DAY_MS)).join(',')}]`;
  }
  const expiresMs = ref.expiresAt ? Date.parse(ref.expiresAt) : NaN;
  if (Number.isFinite(expiresMs)) json += `,"e":${Math.floor(expiresMs / 1000)}`;
  json += '}';
  return canonicalOfferId(airline, `${VERSION}.${base64url(json)}`);
}

// Every count read from an id is bounded before anything is built from it: a part per slice,
// and no more offer items, or passengers per item, than the offer has passengers.
const isPart = (v: unknown): v is [string, string, unknown[]] =>
  Array.isArray(v) && v.length === 3 && typeof v[0] === 'string' && typeof v[1] === 'string' && Array.isArray(v[2]);
const isPax = (v: unknown, most: number) =>
  typeof v === 'string' || (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= most);
const isItem = (v: unknown, most: number): v is [string, (string | number)[]] =>
  Array.isArray(v) &&
  v.length === 2 &&
  typeof v[0] === 'string' &&
  Array.isArray(v[1]) &&
  v[1].length <= most &&
  v[1].every((p) => isPax(p, most));

/**
 * The reference inside a canonical id of `airline`, or null when the id was not issued by this gateway
 * (no valid tag), is of another version, or holds anything out of bounds: more parts than a trip
 * has slices, passenger counts a search would refuse (zero adults, more than nine seats).
 */
export function decodeNdcOfferId(airline: string, offerId: string, auth: OfferIdAuthenticator): NdcOfferRef | null {
  const content = auth.open(offerId);
  const split = content === null ? null : splitOfferId(content);
  if (!split || split.source !== airline) return null;
  const dot = split.reference.indexOf('.');
  if (dot < 0 || split.reference.slice(0, dot) !== VERSION) return null;
  let c: { o?: unknown; p?: unknown; x?: unknown; t?: unknown; d?: unknown; e?: unknown };
  try {
    c = JSON.parse(Buffer.from(split.reference.slice(dot + 1), 'base64url').toString('utf8')) as typeof c;
  } catch {
    return null;
  }
  if (typeof c !== 'object' || c === null || !Array.isArray(c.p) || c.p.length !== 3) return null;
  const [adults, children, infants] = c.p as unknown[];
  if (typeof adults !== 'number' || typeof children !== 'number' || typeof infants !== 'number') return null;
  const passengers = { adults, children, infants };
  if (passengerCountsProblem(passengers) !== null) return null;
  const most = adults + children + infants;
  if (!Array.isArray(c.o) || c.o.length === 0 || c.o.length > MAX_SLICES || !c.o.every(isPart)) return null;
  const raw = c.o as [string, string, unknown[]][];
  if (!raw.every(([, , items]) => items.length > 0 && items.length <= most && items.every((i) => isItem(i, most)))) return null;
  const parts = raw.map(([id, owner, items]): OfferPart => ({
    offerId: id,
    owner,
    items: (items as [string, (string | number)[]][]).map(([itemId, pax]) => ({
      id: longItem(id, itemId),
      pax: pax.map((p) => (typeof p === 'number' ? `PAX${p}` : p)),
    })),
  }));
  const shown = shownOf(c.t);
  const departureDates = datesOf(c.d);
  const expiresAt = expiryOf(c.e);
  if (shown === null || departureDates === null || expiresAt === null) return null;
  return {
    ...parts[0]!,
    parts,
    passengers,
    partnerConnection: c.x === 1,
    ...(shown ? { shown } : {}),
    ...(departureDates ? { departureDates } : {}),
    ...(expiresAt ? { expiresAt } : {}),
  };
}

/** The expiry of an id as an ISO instant: undefined when it carries none, null when out of bounds. */
function expiryOf(e: unknown): string | undefined | null {
  if (e === undefined) return undefined;
  if (!Number.isSafeInteger(e) || (e as number) < FIRST_DAY * 86_400 || (e as number) > LAST_DAY * 86_400) return null;
  return new Date((e as number) * 1000).toISOString();
}

/** The shown total of an id: undefined when it carries none, null when what it carries is out of bounds. */
function shownOf(t: unknown): Money | undefined | null {
  if (t === undefined) return undefined;
  if (!Array.isArray(t) || t.length !== 2) return null;
  const [amountMinor, currency] = t as unknown[];
  if (!Number.isSafeInteger(amountMinor) || (amountMinor as number) < 0) return null;
  if (typeof currency !== 'string' || !CURRENCY.test(currency)) return null;
  return { amountMinor: amountMinor as number, currency };
}

/** The departure dates of an id, bounded like the rest: at most a date per slice and segment, each in range. */
function datesOf(d: unknown): string[] | undefined | null {
  if (d === undefined) return undefined;
  if (!Array.isArray(d) || d.length === 0 || d.length > MAX_SLICES * 4) return null;
  if (!d.every((n) => Number.isSafeInteger(n) && (n as number) >= FIRST_DAY && (n as number) <= LAST_DAY)) return null;
  return (d as number[]).map((n) => new Date(n * DAY_MS).toISOString().slice(0, 10));
}

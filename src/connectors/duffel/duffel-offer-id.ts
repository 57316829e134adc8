import type { PassengerCounts } from '../connector-types.js';
import type { OfferIdAuthenticator } from '../offer-id-auth.js';

/** The source code of Duffel: the prefix of its offer ids and gateway order ids. */
export const DUFFEL_CODE = 'DUFFEL';

// Duffel's ids: a resource prefix, `_`, then base62 (`off_0000AEdGRhtp5AUUdJqMxo`).
const DUFFEL_ID = /^(off|oco)_[A-Za-z0-9]{1,60}$/;
const CONTENT = /^DUFFEL\|((?:off|oco)_[A-Za-z0-9]{1,60})\|a(\d)c(\d)i(\d)(?:\|e(\d{9,10}))?(?:\|o([A-Z0-9]{2}))?$/;
const IATA_AIRLINE = /^[A-Z0-9]{2}$/;

/** What a Duffel offer id carries: Duffel's offer (or change offer) id and the passengers it was asked for. */
export interface DuffelOfferRef {
  duffelId: string;
  passengers: PassengerCounts;
  /** Duffel's `expires_at` of the offer, an ISO instant, when it gave one. */
  expiresAt?: string;
  /** The owner airline's IATA code (`BA`, `ZZ`), on ids of searched offers: lets `airline` name the owner. */
  owner?: string;
}

/**
 * `DUFFEL|<Duffel's id>|a<adults>c<children>i<infants>`, then `|e<Unix seconds>` when Duffel says
 * when the offer expires and `|o<IATA>` when the owner airline is known, signed (offer-id-auth.ts).
 */
export function encodeDuffelOfferId(
  ids: OfferIdAuthenticator,
  duffelId: string,
  p: PassengerCounts,
  { expiresAt, owner }: { expiresAt?: string | null; owner?: string | null } = {},
): string {
  if (!DUFFEL_ID.test(duffelId)) throw new Error(`not a Duffel offer id: ${duffelId}`);
  const expiresMs = expiresAt ? Date.parse(expiresAt) : NaN;
  const expiry = Number.isFinite(expiresMs) && expiresMs > 0 ? `|e${Math.floor(expiresMs / 1000)}` : '';
  const ownedBy = owner && IATA_AIRLINE.test(owner) ? `|o${owner}` : '';
  return ids.sign(`${DUFFEL_CODE}|${duffelId}|a${p.adults}c${p.children}i${p.infants}${expiry}${ownedBy}`);
}

/** The ref of an id this gateway signed for Duffel; null for any other (forged, tampered, another source's). */
export function decodeDuffelOfferId(
  ids: OfferIdAuthenticator,
  offerId: string,
  kind: 'off' | 'oco' = 'off',
): DuffelOfferRef | null {
  if (!offerId.startsWith(`${DUFFEL_CODE}|`)) return null;
  const content = ids.open(offerId);
  const m = content ? CONTENT.exec(content) : null;
  if (!m || !m[1]!.startsWith(`${kind}_`)) return null;
  const passengers = { adults: Number(m[2]), children: Number(m[3]), infants: Number(m[4]) };
  return {
    duffelId: m[1]!,
    passengers,
    ...(m[5] ? { expiresAt: new Date(Number(m[5]) * 1000).toISOString() } : {}),
    ...(m[6] ? { owner: m[6] } : {}),
  };
}

/** Our passenger id of the offer's n-th passenger (0-based): the same `PAX<n>` every source uses. */
export const gatewayPassengerId = (index: number): string => `PAX${index + 1}`;

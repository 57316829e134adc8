import { AppError, notFound } from '../platform/errors.js';
import type { Money, Offer, PassengerCounts } from './connector-types.js';

/**
 * Regional airlines flying under the marketing carrier's own brand (AA's American Eagle: Envoy, PSA,
 * Piedmont, SkyWest, Republic). Their flights are the airline's own, not a partner's.
 */
const REGIONAL_AFFILIATES: Readonly<Record<string, ReadonlySet<string>>> = {
  AA: new Set(['MQ', 'OH', 'PT', 'OO', 'YX']),
};

/**
 * A connection (more than one segment in a slice) with a leg another airline operates. The
 * marketing carrier does not confirm such connections at booking, so search withholds them by
 * default and order creation refuses them.
 */
export function hasPartnerOperatedConnection(offer: Pick<Offer, 'airline' | 'slices'>): boolean {
  // Plain loops, no closure per call: this runs three times per offer of every search.
  const affiliates = REGIONAL_AFFILIATES[offer.airline];
  for (const slice of offer.slices) {
    if (slice.segments.length < 2) continue;
    for (const segment of slice.segments) {
      const carrier = segment.operatingCarrier;
      if (carrier !== offer.airline && !affiliates?.has(carrier)) return true;
    }
  }
  return false;
}

/** The distinct local dates an offer's flights depart on, in order (each segment's `departingAt` date). */
export function departureDatesOf(slices: Offer['slices']): string[] {
  const dates = new Set<string>();
  for (const slice of slices) for (const segment of slice.segments) dates.add(segment.departingAt.slice(0, 10));
  return [...dates].filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && Number.isFinite(Date.parse(`${d}T00:00:00Z`))).sort();
}

/** What a connector can tell from an offer id alone, without calling the airline. */
export interface OfferFacts {
  /**
   * The owner airline (IATA code) when the id says it and it may differ from the source (an
   * aggregator's offer): the `airline` query parameter of offer routes then accepts it too.
   */
  owner?: string;
  partnerOperatedConnection: boolean;
  /** Airline offers the id stands for: one airline call each to price it. */
  airlineOffers: number;
  /** The passengers the offer was priced for; booking must name exactly these. Absent: not in the id. */
  passengers?: PassengerCounts;
  /** The total the offer was handed out at (the search's, or the price answer's): the price a seller was shown. */
  shownTotal?: Money;
  /** The local dates (YYYY-MM-DD) the offer's flights depart on, in order: passengers' ages are taken on them. */
  departureDates?: string[];
  /** When the offer expires (ISO instant), when the id says: an airline's 404 for it then says when it expired (`explainExpiry`). */
  expiresAt?: string;
}

/**
 * The contract's answer for an offer id the gateway did not issue, or issued under a format since
 * retired: the same 404 whether the id is garbage, forged, tampered with or out of bounds, so an
 * answer never tells which check failed. No airline is called for it.
 */
export const OFFER_UNKNOWN = 'connection offer not found or expired';

/**
 * What the id says, or the 404 when it is not one of ours: every path taking an offer id (price,
 * seat map, services, booking) starts here. Whether the offer is still on sale is the airline's to
 * say (its clock, not ours); when it says the offer is gone, `explainExpiry` adds when it expired.
 */
export function knownOfferFacts(connector: { offerFacts(offerId: string): OfferFacts | null }, offerId: string): OfferFacts {
  const facts = connector.offerFacts(offerId);
  if (!facts) throw notFound(OFFER_UNKNOWN, 'offer_not_found');
  return facts;
}

/**
 * The contract's 404 `offer no longer available at airline` for an offer whose id says it expired
 * before `now` gains when (`expired_at`) and what to do (`detail`): the sentence and code stay the
 * contract's. Any other error, or an offer not past its expiry, is returned as it is.
 */
export function explainExpiry(
  error: AppError,
  connector: { offerFacts(offerId: string): OfferFacts | null },
  offerIds: readonly string[],
  now: Date,
): AppError {
  if (error.code !== 'offer_not_available') return error;
  const expired = offerIds
    .map((id) => connector.offerFacts(id)?.expiresAt)
    .find((at) => at !== undefined && Date.parse(at) <= now.getTime());
  if (expired === undefined) return error;
  return new AppError(error.status, error.code, error.message, {
    fields: {
      ...error.fields,
      expired_at: expired,
      detail: `the offer expired at ${expired}: search again for a current offer (an offer lives as long as its expires_at)`,
    },
    headers: error.headers,
  });
}

import { ok, type ConnectorResult } from '../connector-failure.js';
import type { CallContext, Offer, PassengerCounts, SearchQuery } from '../connector-types.js';
import type { DuffelOffer } from './duffel-api.js';
import type { DuffelOfferCalls } from './duffel-offer-calls.js';
import type { DuffelAnswer, DuffelTransport } from './duffel-transport.js';

/** Duffel's supplier time-out bounds (offer requests' `supplier_timeout`, milliseconds). */
const SUPPLIER_TIMEOUT_MIN_MS = 2_000;
const SUPPLIER_TIMEOUT_MAX_MS = 60_000;
/** What the search keeps for listing the offers after the airlines answered Duffel. */
const LISTING_RESERVE_MS = 1_500;
/** Offers per page of `GET /air/offers`, and the most pages one search reads. */
const PAGE_SIZE = 200;
const MAX_PAGES = 10;

/** Passengers of an offer request in our PAX order (adults, children, infants): Duffel wants an age for the under-18s. */
function passengersOf(p: PassengerCounts): ({ type: 'adult' } | { age: number })[] {
  return [
    ...Array.from({ length: p.adults }, () => ({ type: 'adult' as const })),
    // A child is 2-11 to the gateway: 8 prices as a child everywhere; a lap infant is under 2.
    ...Array.from({ length: p.children }, () => ({ age: 8 })),
    ...Array.from({ length: p.infants }, () => ({ age: 1 })),
  ];
}

/** What the search needs beyond the shared offer calls: the transport, the search budget and a clock. */
export interface DuffelSearchDeps {
  transport: DuffelTransport;
  calls: DuffelOfferCalls;
  searchTimeoutMs: number;
  clock: () => Date;
}

/**
 * An offer request (Duffel waits for its airlines up to the supplier time-out, set from our
 * search budget), then its offers page by page, each page handed out as it arrives.
 */
export function duffelSearch({ transport, calls, searchTimeoutMs, clock }: DuffelSearchDeps) {
  const { endpoint, mapped } = calls;
  return async function search(query: SearchQuery, ctx: CallContext): Promise<ConnectorResult<Offer[] | null>> {
    const target = endpoint(ctx.environment);
    if (!target.ok) return target;
    const started = clock().getTime();
    const budgetMs = searchTimeoutMs;
    const supplierTimeout = Math.min(SUPPLIER_TIMEOUT_MAX_MS, Math.max(SUPPLIER_TIMEOUT_MIN_MS, budgetMs - LISTING_RESERVE_MS));
    const request = {
      slices: query.slices.map((s) => ({ origin: s.origin, destination: s.destination, departure_date: s.departureDate })),
      passengers: passengersOf(query.passengers),
      ...(query.cabin && { cabin_class: query.cabin }),
      ...(query.maxConnections !== null && { max_connections: Math.min(2, Math.max(0, query.maxConnections)) }),
    };
    const created = await transport.call<{ id: string }>(target.value, {
      method: 'POST',
      path: `/air/offer_requests?return_offers=false&supplier_timeout=${supplierTimeout}`,
      data: request,
      budgetMs,
      signal: ctx.signal,
      what: 'offer request',
    });
    if (!created.ok) return created;
    const offers: Offer[] = [];
    let after: string | null = null;
    for (let page = 0; page < MAX_PAGES; page++) {
      const remaining = budgetMs - (clock().getTime() - started);
      if (remaining <= 0) break;
      const params: string = `offer_request_id=${encodeURIComponent(created.value.data.id)}&limit=${PAGE_SIZE}&sort=total_amount${after ? `&after=${encodeURIComponent(after)}` : ''}`;
      const listed: ConnectorResult<DuffelAnswer<Omit<DuffelOffer, 'available_services'>[]>> = await transport.call(
        target.value,
        {
          method: 'GET',
          path: `/air/offers?${params}`,
          budgetMs: remaining,
          signal: ctx.signal,
          what: 'offers',
        },
      );
      if (!listed.ok) {
        // Offers already handed out stay the answer; without any, the failure is.
        if (offers.length > 0) break;
        return listed;
      }
      const batch = listed.value.data.flatMap((o) => mapped(o, query.passengers) ?? []);
      if (batch.length > 0) {
        offers.push(...batch);
        ctx.onOffers?.(batch);
      }
      after = listed.value.meta?.after ?? null;
      if (!after) break;
    }
    return ok(offers);
  };
}

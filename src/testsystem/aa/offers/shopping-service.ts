// Turns a search (route, date, party, cabin) into stored offers: one per itinerary and price class
// that has seats, with expiry, payment limit (holdable offers only) and the scenario flags the later
// messages act on.

import { randomUUID } from 'node:crypto';
import { AIRPORTS } from '../network/airports-data.js';
import { buildItineraries } from '../network/connection-builder.js';
import { fareCurrency } from '../fares/fare-currency.js';
import { joinJourneys, priceJourney, type PricedJourney, type Ptc } from '../fares/fare-pricing.js';
import { PRICE_CLASSES, type PriceClassDef } from '../fares/fare-rules.js';
import type { OfferPax, StoredOffer } from './offer-store.js';
import { holdPaymentDeadline } from './sales-policy.js';
import { bookingRefusalText } from '../wire/ndc-errors.js';
import { EXPIRED_OFFER_ROUTE, PRICE_CHANGE_PCT, PRICE_CHANGE_ROUTE, routeKey } from '../control/scenario-triggers.js';
import type { TestSystemDeps } from '../test-system-deps.js';

/** AA holds a shopped price for 30 minutes (the AA samples show OfferExpiration 30 minutes out). */
export const OFFER_TTL_MS = 30 * 60 * 1000;

export interface SearchInput {
  origin: string;
  destination: string;
  date: string;
  pax: OfferPax[];
  cabinCodes: string[];
  directOnly: boolean;
  /** The filing currency; by default that of the origin (fare-currency.ts). */
  currency?: string;
}

const CABIN_TO_CLASSES: Readonly<Record<string, readonly string[]>> = {
  '1': ['FIRST', 'FIRSTFL'],
  '2': ['BUS'],
  '3': ['BUS'],
  '4': ['PE'],
  '5': ['BE', 'MAIN', 'MAINPLUS', 'MAINFL'],
};

function classesFor(cabinCodes: readonly string[]): PriceClassDef[] {
  if (cabinCodes.length === 0) return [...PRICE_CLASSES];
  const wanted = new Set(cabinCodes.flatMap((c) => CABIN_TO_CLASSES[c] ?? []));
  return PRICE_CLASSES.filter((p) => wanted.has(p.id));
}

export function newOfferId(): string {
  return `AA${randomUUID().toUpperCase().replace(/-/g, '').slice(0, 20)}`;
}

/** Every priced journey of a one-way search: one per itinerary and brand that has seats. */
function pricedJourneys(deps: TestSystemDeps, input: SearchInput, currency: string, now: number): PricedJourney[] {
  const party = partyOf(input.pax);
  let itineraries = buildItineraries(deps.schedule, input.origin, input.destination, input.date);
  if (input.directOnly) itineraries = itineraries.filter((it) => it.legs.length === 1);
  return itineraries.flatMap((itinerary) =>
    classesFor(input.cabinCodes).flatMap(
      (def) => priceJourney({ itinerary, priceClass: def, party, inventory: deps.inventory, now, currency }) ?? [],
    ),
  );
}

function partyOf(pax: readonly OfferPax[]): Record<Ptc, number> {
  const party: Record<Ptc, number> = { ADT: 0, CHD: 0, INF: 0 };
  for (const p of pax) party[p.ptc] += 1;
  return party;
}

/** A priced journey as a stored offer, with its time limits and the scenario flags of its route. */
function storeOffer(deps: TestSystemDeps, journey: PricedJourney, pax: OfferPax[], route: string, now: number): StoredOffer {
  const offerId = newOfferId();
  const party = partyOf(pax);
  const ghostFlight = journey.segments.find((s) => !deps.schedule.operates(s.flight.key))?.flight;
  const offer: StoredOffer = {
    offerId,
    createdAt: now,
    expiresAt: route === EXPIRED_OFFER_ROUTE ? now : now + OFFER_TTL_MS,
    paymentDueAt: holdPaymentDeadline(now, journey.segments[0]!.flight),
    journey,
    pax,
    items: (['ADT', 'CHD', 'INF'] as const)
      .filter((ptc) => party[ptc] > 0)
      .map((ptc, i) => ({
        offerItemId: `${offerId}-${i + 1}`,
        ptc,
        paxIds: pax.filter((p) => p.ptc === ptc).map((p) => p.id),
      })),
  };
  if (ghostFlight) {
    const label = `AA${ghostFlight.pattern.flightNumber} ${ghostFlight.pattern.origin}-${ghostFlight.pattern.destination} ${ghostFlight.date}`;
    offer.bookingRefusal = {
      segmentRef: ghostFlight.key,
      flightKey: ghostFlight.key,
      text: bookingRefusalText(ghostFlight.key, label),
    };
  }
  if (route === PRICE_CHANGE_ROUTE) offer.repriceIncreasePct = PRICE_CHANGE_PCT;
  deps.store.putOffer(offer);
  return offer;
}

function currencyOf(deps: TestSystemDeps, input: SearchInput): string {
  return input.currency ?? fareCurrency(AIRPORTS.get(input.origin)?.country, deps.pricing.currencyOverride);
}

export function searchOffers(deps: TestSystemDeps, input: SearchInput): StoredOffer[] {
  if (!AIRPORTS.has(input.origin) || !AIRPORTS.has(input.destination)) return [];
  const now = deps.clock.now();
  const route = routeKey(input.origin, input.destination);
  return pricedJourneys(deps, input, currencyOf(deps, input), now).map((j) => storeOffer(deps, j, input.pax, route, now));
}

/**
 * Outbound and return choices combined per brand: a bounded grid, like the ~110 offers of the real
 * round-trip answer (samples-aa-17.2 AirShoppingRS_JFKDFW_2ADT_1CNN_RoundTrip.xml).
 */
const ROUND_TRIP_CHOICES_PER_DIRECTION = 4;

/** A round trip: offers that each cover both directions, priced as one round trip (joinJourneys). */
export function searchRoundTrip(deps: TestSystemDeps, outbound: SearchInput, inbound: SearchInput): StoredOffer[] {
  if (!AIRPORTS.has(outbound.origin) || !AIRPORTS.has(outbound.destination)) return [];
  const now = deps.clock.now();
  const currency = currencyOf(deps, outbound);
  const out = pricedJourneys(deps, outbound, currency, now);
  const back = pricedJourneys(deps, { ...inbound, currency }, currency, now);
  const route = routeKey(outbound.origin, outbound.destination);
  const offers: StoredOffer[] = [];
  for (const def of classesFor(outbound.cabinCodes)) {
    const there = out.filter((j) => j.priceClass.id === def.id).slice(0, ROUND_TRIP_CHOICES_PER_DIRECTION);
    const home = back.filter((j) => j.priceClass.id === def.id).slice(0, ROUND_TRIP_CHOICES_PER_DIRECTION);
    for (const a of there) {
      for (const b of home) {
        // The return must leave after the outbound lands (a same-day return can cross it).
        if (b.segments[0]!.flight.depUtc <= a.segments.at(-1)!.flight.arrUtc) continue;
        offers.push(storeOffer(deps, joinJourneys([a, b], true), outbound.pax, route, now));
      }
    }
  }
  return offers;
}

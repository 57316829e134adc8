// Turns a search (route, date, party, cabin) into stored offers: one per itinerary and price class
// that has seats, with expiry, payment limit (holdable offers only) and the scenario flags the later
// messages act on.

import { randomUUID } from 'node:crypto';
import type { AirlineProfile } from '../airline-profile.js';
import { buildItineraries } from '../network/connection-builder.js';
import { fareCurrency } from '../fares/fare-currency.js';
import { joinJourneys, priceJourney, type PricedJourney, type Ptc } from '../fares/fare-pricing.js';
import type { PriceClassDef } from '../fares/price-class.js';
import type { OfferPax, StoredOffer } from './offer-store.js';
import { routeKey } from '../control/scenario-triggers.js';
import type { TestSystemDeps } from '../test-system-deps.js';

/** A shopped price holds for 30 minutes (the AA samples show OfferExpiration 30 minutes out). */
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

function classesFor(profile: AirlineProfile, cabinCodes: readonly string[]): PriceClassDef[] {
  const all = profile.fares.priceClasses;
  if (cabinCodes.length === 0) return [...all];
  const wanted = new Set(cabinCodes.flatMap((c) => profile.fares.classesForCabinCode[c] ?? []));
  return all.filter((p) => wanted.has(p.id));
}

/** Upper-case hex of a fresh UUID: the unique part of offer, order and quote ids. */
export const uniqueHex = (): string => randomUUID().toUpperCase().replace(/-/g, '');

/** A new offer id in the airline's format (profile.ids). */
export function newOfferId(profile: AirlineProfile): string {
  return profile.ids.offer();
}

/** Every priced journey of a one-way search: one per itinerary and brand that has seats. */
function pricedJourneys(deps: TestSystemDeps, input: SearchInput, currency: string, now: number): PricedJourney[] {
  const party = partyOf(input.pax);
  let itineraries = buildItineraries(deps.schedule, input.origin, input.destination, input.date);
  if (input.directOnly) itineraries = itineraries.filter((it) => it.legs.length === 1);
  return itineraries.flatMap((itinerary) =>
    classesFor(deps.profile, input.cabinCodes).flatMap(
      (def) =>
        priceJourney({ profile: deps.profile, itinerary, priceClass: def, party, inventory: deps.inventory, now, currency }) ??
        [],
    ),
  );
}

function partyOf(pax: readonly OfferPax[]): Record<Ptc, number> {
  const party: Record<Ptc, number> = { ADT: 0, CHD: 0, INF: 0 };
  for (const p of pax) party[p.ptc] += 1;
  return party;
}

/** A priced journey as a stored offer, with its time limits and the scenario flags of its route. */
function storeOffer(
  deps: TestSystemDeps,
  { journey, pax, route, now }: { journey: PricedJourney; pax: OfferPax[]; route: string; now: number },
): StoredOffer {
  const { profile } = deps;
  const offerId = newOfferId(profile);
  const party = partyOf(pax);
  const ghostFlight = journey.segments.find((s) => !deps.schedule.operates(s.flight.key))?.flight;
  const offer: StoredOffer = {
    offerId,
    createdAt: now,
    expiresAt: route === profile.scenarios.expiredOfferRoute ? now : now + OFFER_TTL_MS,
    paymentDueAt: profile.sales.holdDeadline(now, journey.segments[0]!.flight),
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
    const label = `${profile.code}${ghostFlight.pattern.flightNumber} ${ghostFlight.pattern.origin}-${ghostFlight.pattern.destination} ${ghostFlight.date}`;
    offer.bookingRefusal = {
      segmentRef: ghostFlight.key,
      flightKey: ghostFlight.key,
      errors: profile.errors.bookingRefusal(ghostFlight.key, label),
    };
  }
  if (route === profile.scenarios.priceChangeRoute) offer.repriceIncreasePct = profile.scenarios.priceChangePct;
  deps.store.putOffer(offer);
  return offer;
}

function currencyOf(deps: TestSystemDeps, input: SearchInput): string {
  return input.currency ?? fareCurrency(deps.profile, input.origin, deps.pricing.currencyOverride);
}

export function searchOffers(deps: TestSystemDeps, input: SearchInput): StoredOffer[] {
  const { airports } = deps.profile.network;
  if (!airports.has(input.origin) || !airports.has(input.destination)) return [];
  const now = deps.clock.now();
  const route = routeKey(input.origin, input.destination);
  return pricedJourneys(deps, input, currencyOf(deps, input), now).map((j) =>
    storeOffer(deps, { journey: j, pax: input.pax, route, now }),
  );
}

/**
 * Round-trip pairings per brand an answer carries at most: every outbound and every return
 * itinerary of the answer appear in at least one, and all pairings do when there are no more than
 * this (small markets, non-stop searches); otherwise the rest are the cheapest. With AA's 8 brands
 * an answer holds at most 240 offers (the real JFK-DFW round-trip answer holds 110: samples-aa-17.2
 * AirShoppingRS_JFKDFW_2ADT_1CNN_RoundTrip.xml).
 */
export const ROUND_TRIP_PAIRINGS_PER_BRAND = 30;

/** The return leaves after the outbound lands (a same-day return can cross it). */
const sellable = (a: PricedJourney, b: PricedJourney): boolean => b.segments[0]!.flight.depUtc > a.segments.at(-1)!.flight.arrUtc;

/**
 * Which outbound and return journeys of one brand are offered together (ROUND_TRIP_PAIRINGS_PER_BRAND):
 * first one pairing per itinerary of either direction (the i-th with the i-th where they can be flown
 * together, else with its cheapest partner), then the cheapest of the others.
 */
export function roundTripPairings(
  there: readonly PricedJourney[],
  home: readonly PricedJourney[],
  price: (a: PricedJourney, b: PricedJourney) => number,
  limit = ROUND_TRIP_PAIRINGS_PER_BRAND,
): [PricedJourney, PricedJourney][] {
  const all = there.flatMap((a) => home.filter((b) => sellable(a, b)).map((b): [PricedJourney, PricedJourney] => [a, b]));
  if (all.length <= limit) return all;
  const cheapestFirst = all
    .map((pair) => ({ pair, cents: price(...pair) }))
    .sort((x, y) => x.cents - y.cents)
    .map((x) => x.pair);
  const chosen = new Set<[PricedJourney, PricedJourney]>();
  const partnerOf = (j: PricedJourney, side: 0 | 1, preferred: PricedJourney | undefined) =>
    all.find((p) => p[side] === j && p[1 - side] === preferred) ?? cheapestFirst.find((p) => p[side] === j);
  for (let i = 0; i < Math.max(there.length, home.length); i++) {
    const out = there[i];
    const back = home[i];
    const forOut = out && partnerOf(out, 0, back);
    if (forOut) chosen.add(forOut);
    const forBack = back && (forOut?.[1] === back ? undefined : partnerOf(back, 1, out));
    if (forBack) chosen.add(forBack);
  }
  for (const pair of cheapestFirst) {
    if (chosen.size >= limit) break;
    chosen.add(pair);
  }
  return all.filter((pair) => chosen.has(pair));
}

/** A round trip: offers that each cover both directions, priced as one round trip (joinJourneys). */
export function searchRoundTrip(deps: TestSystemDeps, outbound: SearchInput, inbound: SearchInput): StoredOffer[] {
  const { airports } = deps.profile.network;
  if (!airports.has(outbound.origin) || !airports.has(outbound.destination)) return [];
  const now = deps.clock.now();
  const currency = currencyOf(deps, outbound);
  const out = pricedJourneys(deps, outbound, currency, now);
  const back = pricedJourneys(deps, { ...inbound, currency }, currency, now);
  const route = routeKey(outbound.origin, outbound.destination);
  const join = (a: PricedJourney, b: PricedJourney) => joinJourneys(deps.profile, [a, b], true);
  return classesFor(deps.profile, outbound.cabinCodes).flatMap((def) =>
    roundTripPairings(
      out.filter((j) => j.priceClass.id === def.id),
      back.filter((j) => j.priceClass.id === def.id),
      (a, b) => join(a, b).totalCents,
    ).map(([a, b]) => storeOffer(deps, { journey: join(a, b), pax: outbound.pax, route, now })),
  );
}

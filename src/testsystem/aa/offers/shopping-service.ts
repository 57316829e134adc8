// Turns a search (route, date, party, cabin) into stored offers: one per itinerary and price class
// that has seats, with expiry, payment limit (holdable offers only) and the scenario flags the later
// messages act on.

import { randomUUID } from 'node:crypto';
import { AIRPORTS } from '../network/airports-data.js';
import { buildItineraries } from '../network/connection-builder.js';
import { fareCurrency } from '../fares/fare-currency.js';
import { priceJourney, type Ptc } from '../fares/fare-pricing.js';
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

export function searchOffers(deps: TestSystemDeps, input: SearchInput): StoredOffer[] {
  if (!AIRPORTS.has(input.origin) || !AIRPORTS.has(input.destination)) return [];
  const now = deps.clock.now();
  const currency = input.currency ?? fareCurrency(AIRPORTS.get(input.origin)?.country, deps.pricing.currencyOverride);
  const party: Record<Ptc, number> = { ADT: 0, CHD: 0, INF: 0 };
  for (const p of input.pax) party[p.ptc] += 1;
  let itineraries = buildItineraries(deps.schedule, input.origin, input.destination, input.date);
  if (input.directOnly) itineraries = itineraries.filter((it) => it.legs.length === 1);
  const route = routeKey(input.origin, input.destination);
  const offers: StoredOffer[] = [];
  for (const itinerary of itineraries) {
    for (const def of classesFor(input.cabinCodes)) {
      const journey = priceJourney({ itinerary, priceClass: def, party, inventory: deps.inventory, now, currency });
      if (!journey) continue;
      const offerId = newOfferId();
      const ghost = journey.segments.findIndex((s) => !deps.schedule.operates(s.flight.key));
      const ghostFlight = journey.segments[ghost]?.flight;
      const offer: StoredOffer = {
        offerId,
        createdAt: now,
        expiresAt: route === EXPIRED_OFFER_ROUTE ? now : now + OFFER_TTL_MS,
        paymentDueAt: holdPaymentDeadline(now, journey.segments[0]!.flight),
        journey,
        pax: input.pax,
        items: (['ADT', 'CHD', 'INF'] as const)
          .filter((ptc) => party[ptc] > 0)
          .map((ptc, i) => ({
            offerItemId: `${offerId}-${i + 1}`,
            ptc,
            paxIds: input.pax.filter((p) => p.ptc === ptc).map((p) => p.id),
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
      offers.push(offer);
    }
  }
  return offers;
}

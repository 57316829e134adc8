// Prices one itinerary in one price class for a party: picks a cabin and booking class per leg from
// live inventory, asks the airline's fare model (profile.fares) for the adult base fare and each
// passenger type's taxes. Every amount of the result is in the filing currency's ISO 4217 minor
// units (the `Cents` names are kept: for USD they are cents).

import { formatMinor } from '../../../platform/money.js';
import type { AirlineProfile } from '../airline-profile.js';
import type { CabinCode } from '../network/aircraft.js';
import type { Itinerary } from '../network/connection-builder.js';
import { greatCircleKm } from '../network/geo-time.js';
import type { InventoryService } from '../network/inventory-service.js';
import type { DatedFlight } from '../network/schedule-service.js';
import type { PriceClassDef } from './price-class.js';
import type { TaxLine } from './tax-line.js';

export type Ptc = 'ADT' | 'CHD' | 'INF';

/** Maps the PTCs agents send to the three fared types: children (CHD, CNN, C05…), lap infants, adults. */
export function normalizePtc(ptc: string | undefined): Ptc {
  if (ptc === 'CHD' || ptc === 'CNN' || ptc === 'C05' || ptc === 'C11') return 'CHD';
  if (ptc === 'INF' || ptc === 'INS') return 'INF';
  return 'ADT';
}

export interface PricedSegment {
  flight: DatedFlight;
  cabin: CabinCode;
  rbd: string;
  fareBasis: string;
}

export interface PtcPrice {
  ptc: Ptc;
  count: number;
  baseCents: number;
  taxes: TaxLine[];
  taxCents: number;
  totalCents: number;
}

export interface PricedJourney {
  priceClass: PriceClassDef;
  segments: PricedSegment[];
  perPtc: PtcPrice[];
  totalCents: number;
  international: boolean;
  /** ISO 4217 code every amount of this journey is filed in. */
  currency: string;
  /** Segments per one-way trip, in order: [2] one way with a connection, [1, 1] a non-stop round trip. */
  directions: number[];
}

/** The flights of each one-way trip of a journey (one for a one-way, two for a round trip). */
export function tripsOf(journey: Pick<PricedJourney, 'segments' | 'directions'>): PricedSegment[][] {
  let start = 0;
  return journey.directions.map((n) => journey.segments.slice(start, (start += n)));
}

/**
 * One priced journey out of several, same brand and currency: a round trip (its base fares times the
 * airline's round-trip factor), or a booking of many offers.
 */
export function joinJourneys(profile: AirlineProfile, journeys: readonly PricedJourney[], roundTrip: boolean): PricedJourney {
  const first = journeys[0]!;
  const international = journeys.some((j) => j.international);
  const factor = roundTrip ? profile.fares.roundTripFactor(international) : 1;
  const perPtc: PtcPrice[] = [];
  for (const p of journeys.flatMap((j) => j.perPtc)) {
    const seen = perPtc.find((q) => q.ptc === p.ptc);
    if (!seen) perPtc.push({ ...p, taxes: p.taxes.map((t) => ({ ...t, filed: t.filed && { ...t.filed } })) });
    else {
      seen.baseCents += p.baseCents;
      for (const t of p.taxes) {
        const same = seen.taxes.find((s) => s.code === t.code);
        if (!same) seen.taxes.push({ ...t, filed: t.filed && { ...t.filed } });
        else {
          same.cents += t.cents;
          same.filed = same.filed && t.filed ? { ...same.filed, cents: same.filed.cents + t.filed.cents } : null;
        }
      }
    }
  }
  for (const p of perPtc) {
    p.baseCents = Math.round(p.baseCents * factor);
    p.taxCents = p.taxes.reduce((s, t) => s + t.cents, 0);
    p.totalCents = p.baseCents + p.taxCents;
  }
  return {
    priceClass: first.priceClass,
    segments: journeys.flatMap((j) => j.segments),
    perPtc,
    totalCents: perPtc.reduce((s, p) => s + p.totalCents * p.count, 0),
    international,
    currency: first.currency,
    directions: journeys.flatMap((j) => j.directions),
  };
}

/** Whether any flight leaves the airline's home countries (profile.network.homeCountries). */
export function isInternational(profile: AirlineProfile, itinerary: Pick<Itinerary, 'legs'>): boolean {
  const { airports, homeCountries } = profile.network;
  const home = (code: string) => homeCountries.has(airports.get(code)?.country ?? '');
  return itinerary.legs.some((l) => !home(l.pattern.origin) || !home(l.pattern.destination));
}

export function priceJourney(input: {
  profile: AirlineProfile;
  itinerary: Itinerary;
  priceClass: PriceClassDef;
  party: Readonly<Record<Ptc, number>>;
  inventory: InventoryService;
  now: number;
  /** The filing currency (fare-currency.ts); USD when not given. */
  currency?: string;
}): PricedJourney | null {
  const { profile, itinerary, priceClass, party, inventory } = input;
  const seats = party.ADT + party.CHD;
  const segments: PricedSegment[] = [];
  let maxStep = 0;
  let usesPrimaryCabin = false;
  const first = itinerary.legs[0] as DatedFlight;
  const daysOut = Math.floor((first.depUtc - input.now) / 86400000);
  if (daysOut < 0) return null;
  for (const flight of itinerary.legs) {
    const cabins = new Set(profile.network.aircraft[flight.pattern.aircraft]?.cabins.map((c) => c.cabin));
    const cabin = priceClass.cabins.find((c) => cabins.has(c));
    if (!cabin) return null;
    if (cabin === priceClass.cabins[0]) usesPrimaryCabin = true;
    const ladder = cabin === priceClass.cabins[0] ? priceClass.rbds : cabin === 'Y' ? ['Y', 'B'] : [cabin];
    const open = inventory.openBookingClass(flight, cabin, ladder, Math.max(seats, 1));
    if (!open) return null;
    maxStep = Math.max(maxStep, open.step / Math.max(1, ladder.length - 1));
    const month = Number(flight.date.slice(5, 7));
    segments.push({ flight, cabin, rbd: open.rbd, fareBasis: profile.fares.fareBasis(open.rbd, daysOut, month, priceClass) });
  }
  if (!usesPrimaryCabin) return null;
  const from = profile.network.airports.get(itinerary.legs[0]!.pattern.origin);
  const to = profile.network.airports.get(itinerary.legs.at(-1)!.pattern.destination);
  if (!from || !to) return null;
  const distanceKm = greatCircleKm(from.lat, from.lon, to.lat, to.lon);
  const international = isInternational(profile, itinerary);
  const currency = input.currency ?? 'USD';
  const adultBase = profile.fares.adultBase({
    itinerary,
    priceClass,
    distanceKm,
    daysOut,
    loadStep: maxStep,
    international,
    currency,
  });
  if (adultBase === null) return null;
  const perPtc: PtcPrice[] = [];
  for (const ptc of ['ADT', 'CHD', 'INF'] as const) {
    const count = party[ptc];
    if (count === 0) continue;
    const baseCents = ptc === 'ADT' ? adultBase : profile.fares.paxBase(ptc, adultBase, international);
    const taxes = profile.fares.taxes({ segments, baseCents, ptc, currency });
    const taxCents = taxes.reduce((s, t) => s + t.cents, 0);
    perPtc.push({ ptc, count, baseCents, taxes, taxCents, totalCents: baseCents + taxCents });
  }
  const totalCents = perPtc.reduce((s, p) => s + p.totalCents * p.count, 0);
  return { priceClass, segments, perPtc, totalCents, international, currency, directions: [segments.length] };
}

/** Minor units as NDC decimal text, with the currency's own number of decimals. */
export function formatAmount(minor: number, currency = 'USD'): string {
  // An unreadable payment amount (NaN) is quoted back in refusals, not thrown.
  return Number.isSafeInteger(minor) ? formatMinor(minor, currency) : String(minor);
}

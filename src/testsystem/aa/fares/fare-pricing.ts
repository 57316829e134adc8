// Prices one itinerary in one price class for a party: picks a cabin and booking class per leg from
// live inventory, builds the fare from distance, advance purchase and load, and adds taxes per
// passenger type. The model works in USD cents; the fare is then filed in its currency
// (fare-currency.ts), and every amount of the result is in that currency's ISO 4217 minor units
// (the `Cents` names are kept: for USD they are cents).

import { formatMinor } from '../../../platform/money.js';
import { AIRPORTS } from '../network/airports-data.js';
import { aircraftType, type CabinCode } from '../network/aircraft-data.js';
import type { Itinerary } from '../network/connection-builder.js';
import { fromUsdCents } from './fare-currency.js';
import { fareBasisCode, type PriceClassDef } from './fare-rules.js';
import { taxesFor, type TaxLine } from './fare-taxes.js';
import { greatCircleKm } from '../network/geo-time.js';
import type { InventoryService } from '../network/inventory-service.js';
import type { DatedFlight } from '../network/schedule-service.js';

export type Ptc = 'ADT' | 'CHD' | 'INF';

/** Maps the PTCs agents send to the three AA prices: children (CHD, CNN, C05…), lap infants, adults. */
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
 * Round trips abroad are filed as round-trip fares, cheaper than two one-ways (the real samples price
 * every round trip as one offer); at home AA's fares are one-way and a round trip is their sum.
 */
const INTERNATIONAL_ROUND_TRIP_FACTOR = 0.85;

/** One priced journey out of several, same brand and currency: a round trip, or a booking of many offers. */
export function joinJourneys(journeys: readonly PricedJourney[], roundTrip: boolean): PricedJourney {
  const first = journeys[0]!;
  const international = journeys.some((j) => j.international);
  const factor = roundTrip && international ? INTERNATIONAL_ROUND_TRIP_FACTOR : 1;
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

const US = new Set(['US', 'PR', 'VI']);
/** Flagship First (above a Business cabin) costs about 2.5 times AA's domestic First. */
const FLAGSHIP_FIRST_UPLIFT = 2.46;

export function isInternational(itinerary: Itinerary): boolean {
  return itinerary.legs.some(
    (l) => !US.has(AIRPORTS.get(l.pattern.origin)?.country ?? '') || !US.has(AIRPORTS.get(l.pattern.destination)?.country ?? ''),
  );
}

/** Main Cabin base fare in cents for the straight-line distance of the journey, before adjustments. */
function mainCabinBaseCents(distanceKm: number, international: boolean): number {
  return international ? 15_000 + Math.round(distanceKm * 6.2) : 3_900 + Math.round(distanceKm * 9);
}

function advancePurchaseFactor(daysOut: number): number {
  if (daysOut < 3) return 1.55;
  if (daysOut < 7) return 1.35;
  if (daysOut < 14) return 1.18;
  if (daysOut < 21) return 1.05;
  return 0.92;
}

export function priceJourney(input: {
  itinerary: Itinerary;
  priceClass: PriceClassDef;
  party: Readonly<Record<Ptc, number>>;
  inventory: InventoryService;
  now: number;
  /** The filing currency (fare-currency.ts); USD when not given. */
  currency?: string;
}): PricedJourney | null {
  const { itinerary, priceClass, party, inventory } = input;
  const seats = party.ADT + party.CHD;
  const segments: PricedSegment[] = [];
  let maxStep = 0;
  let usesPrimaryCabin = false;
  const first = itinerary.legs[0] as DatedFlight;
  const last = itinerary.legs.at(-1) as DatedFlight;
  const daysOut = Math.floor((first.depUtc - input.now) / 86400000);
  if (daysOut < 0) return null;
  for (const flight of itinerary.legs) {
    const cabins = new Set(aircraftType(flight.pattern.aircraft).cabins.map((c) => c.cabin));
    const cabin = priceClass.cabins.find((c) => cabins.has(c));
    if (!cabin) return null;
    if (cabin === priceClass.cabins[0]) usesPrimaryCabin = true;
    const ladder = cabin === priceClass.cabins[0] ? priceClass.rbds : cabin === 'Y' ? ['Y', 'B'] : [cabin];
    const open = inventory.openBookingClass(flight, cabin, ladder, Math.max(seats, 1));
    if (!open) return null;
    maxStep = Math.max(maxStep, open.step / Math.max(1, ladder.length - 1));
    const month = Number(flight.date.slice(5, 7));
    segments.push({ flight, cabin, rbd: open.rbd, fareBasis: fareBasisCode(open.rbd, daysOut, month, priceClass) });
  }
  if (!usesPrimaryCabin) return null;
  const origin = AIRPORTS.get(first.pattern.origin);
  const dest = AIRPORTS.get(last.pattern.destination);
  if (!origin || !dest) return null;
  const international = isInternational(itinerary);
  const distance = greatCircleKm(origin.lat, origin.lon, dest.lat, dest.lon);
  const connectionDiscount = itinerary.legs.length > 1 ? 0.94 : 1;
  // First above a Business cabin (777-300ER, A321T) is Flagship First, priced well above Business; First
  // on a two-cabin aircraft is AA's domestic First, priced between Main Cabin and Business.
  const flagshipFirst =
    priceClass.cabins[0] === 'F' &&
    itinerary.legs.some((l) => aircraftType(l.pattern.aircraft).cabins.some((c) => c.cabin === 'J'));
  const multiplier = flagshipFirst ? priceClass.multiplier * FLAGSHIP_FIRST_UPLIFT : priceClass.multiplier;
  // Load moves the fare through the booking-class ladder: up to +60% when only the top class is left.
  const loadFactor = 1 + 0.6 * maxStep;
  const currency = input.currency ?? 'USD';
  const adultBaseUsd =
    Math.round(
      (mainCabinBaseCents(distance, international) *
        multiplier *
        advancePurchaseFactor(daysOut) *
        loadFactor *
        connectionDiscount) /
        100,
    ) *
      100 -
    7;
  const adultBase = fromUsdCents(adultBaseUsd, currency);
  const perPtc: PtcPrice[] = [];
  for (const ptc of ['ADT', 'CHD', 'INF'] as const) {
    const count = party[ptc];
    if (count === 0) continue;
    const baseCents =
      ptc === 'ADT'
        ? adultBase
        : ptc === 'CHD'
          ? international
            ? Math.round(adultBase * 0.75)
            : adultBase
          : international
            ? Math.round(adultBase * 0.1)
            : 0;
    const taxes = taxesFor({ segments, baseCents, ptc, currency });
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

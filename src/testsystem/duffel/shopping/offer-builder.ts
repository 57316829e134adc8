// Offers for a search: for each airline, its itineraries for every slice (content/schedules.ts) in
// each brand of the cabin asked for, priced per passenger (content/fares.ts), with the extra bags
// the airline sells as available services. Stored with what later steps need: each slice's price
// (order changes reprice one slice) and which brand it is.

import { wireAirline, type OwnerCode } from '../content/airlines.js';
import { BRANDS, type Brand, type CabinClass } from '../content/brands.js';
import { baseFare, currencyFor, extraBagPrice, isLongHaul, itineraryKm, taxes, type PassengerType } from '../content/fares.js';
import type { PlaceAirport } from '../content/places.js';
import { itineraries, type Itinerary } from '../content/schedules.js';
import { derivedId, newId } from '../wire/ids.js';
import { toWire } from '../wire/money.js';
import { wireConditions, wireSlice, type WireSlice } from './wire-slices.js';

export interface SearchSlice {
  origin: PlaceAirport;
  destination: PlaceAirport;
  departureDate: string;
}

export interface SearchPassenger {
  id: string;
  type: PassengerType;
  age: number | null;
  given_name?: string;
  family_name?: string;
  loyalty_programme_accounts?: { account_number: string; airline_iata_code: string }[];
}

export interface SlicePrice {
  base: number;
  tax: number;
}

/** An offer as stored: the wire object and what Duffel keeps behind it. */
export interface OfferRecord {
  offer: ReturnType<typeof wireOffer>;
  offerRequestId: string;
  owner: OwnerCode;
  brand: string;
  currency: string;
  slicePrices: SlicePrice[];
  longHaul: boolean[];
}

const OFFER_LIFETIME_MS = 30 * 60_000;
const HOLD_MS = 72 * 3600_000;
const PRICE_GUARANTEE_MS = 24 * 3600_000;
const OWNERS: readonly OwnerCode[] = ['ZZ', 'BA', 'IB'];

const iso = (ms: number) => new Date(ms).toISOString();

/** Whether an itinerary's segments carry no bag allowance (the BTS→MRU scenario). */
const noBagsRoute = (slices: readonly SearchSlice[]) =>
  slices.some((s) => s.origin.code === 'BTS' && s.destination.code === 'MRU');
/** Duffel Airways holds only on JFK→EWR, its scenario route; BA and Iberia hold when departure allows. */
const holdRoute = (slices: readonly SearchSlice[]) => slices[0]!.origin.code === 'JFK' && slices[0]!.destination.code === 'EWR';

export function slicePrice(
  owner: OwnerCode,
  itinerary: Itinerary,
  brand: Brand,
  passengers: readonly SearchPassenger[],
): SlicePrice {
  return passengers.reduce(
    (sum, p) => ({
      base: sum.base + baseFare(owner, itinerary, brand, p.type),
      tax: sum.tax + taxes(owner, itinerary, brand, p.type),
    }),
    { base: 0, tax: 0 },
  );
}

export function paymentRequirements(holdable: boolean, now: number, firstDepartureUtc: number) {
  const latest = firstDepartureUtc - 24 * 3600_000;
  if (!holdable || latest - now < 2 * 3600_000)
    return { requires_instant_payment: true, payment_required_by: null, price_guarantee_expires_at: null };
  const payBy = Math.min(now + HOLD_MS, latest);
  return {
    requires_instant_payment: false,
    payment_required_by: iso(payBy),
    price_guarantee_expires_at: iso(Math.min(now + PRICE_GUARANTEE_MS, payBy)),
  };
}

/** The extra checked bags an airline sells: one service per passenger paying a seat and slice. */
export function baggageServices(
  seed: string,
  slices: readonly WireSlice[],
  sold: { longHaul: boolean[]; passengers: readonly { id: string; type: PassengerType }[]; currency: string },
) {
  const { longHaul, passengers, currency } = sold;
  return slices.flatMap((slice, i) =>
    passengers
      .filter((p) => p.type !== 'infant_without_seat')
      .map((p) => ({
        id: derivedId('availableService', `${seed}|bag|${p.id}|${i}`),
        type: 'baggage' as const,
        maximum_quantity: 2,
        passenger_ids: [p.id],
        segment_ids: slice.segments.map((s) => s.id),
        total_amount: toWire(extraBagPrice(longHaul[i]!)),
        total_currency: currency,
        metadata: {
          type: 'checked' as const,
          maximum_weight_kg: 23,
          maximum_length_cm: 90,
          maximum_height_cm: 75,
          maximum_depth_cm: 43,
        },
      })),
  );
}

interface OfferParts {
  id: string;
  owner: OwnerCode;
  brand: Brand;
  combo: Itinerary[];
  passengers: readonly SearchPassenger[];
  slices: readonly SearchSlice[];
  now: number;
  prices: SlicePrice[];
  currency: string;
}

function wireOffer({ id, owner, brand, combo, passengers, slices, now, prices, currency }: OfferParts) {
  const longHaul = combo.map(isLongHaul);
  const withBags = !noBagsRoute(slices);
  const wireSlices = combo.map((itinerary, i) =>
    wireSlice(itinerary, `${id}|${i}`, { brand, passengers, longHaul: longHaul[i]!, currency, withBags }),
  );
  const base = prices.reduce((s, p) => s + p.base, 0);
  const tax = prices.reduce((s, p) => s + p.tax, 0);
  const paying = passengers.filter((p) => p.type !== 'infant_without_seat').length;
  const holdable = owner !== 'ZZ' || holdRoute(slices);
  return {
    id,
    live_mode: false,
    created_at: iso(now),
    updated_at: iso(now),
    expires_at: iso(now + OFFER_LIFETIME_MS),
    owner: wireAirline(owner),
    base_amount: toWire(base),
    base_currency: currency,
    tax_amount: toWire(tax),
    tax_currency: currency,
    total_amount: toWire(base + tax),
    total_currency: currency,
    total_emissions_kg: String(Math.round(combo.reduce((kg, it) => kg + itineraryKm(it), 0) * 0.09 * paying)),
    passengers: passengers.map((p) => ({
      id: p.id,
      type: p.type,
      age: p.age,
      fare_type: null,
      ...(p.given_name ? { given_name: p.given_name } : {}),
      ...(p.family_name ? { family_name: p.family_name } : {}),
      loyalty_programme_accounts: p.loyalty_programme_accounts ?? [],
    })),
    slices: wireSlices,
    conditions: wireConditions(brand, longHaul, paying, currency),
    payment_requirements: paymentRequirements(holdable, now, combo[0]![0]!.depUtc),
    available_services: baggageServices(id, wireSlices, { longHaul, passengers, currency }),
    passenger_identity_documents_required: false,
    supported_passenger_identity_document_types: ['passport' as const],
    supported_loyalty_programmes: owner === 'ZZ' ? [] : [owner],
    private_fares: [],
    partial: false,
  };
}

/** Every combination of one itinerary per slice, at most three choices per slice on multi-slice journeys. */
function combinations(perSlice: Itinerary[][]): Itinerary[][] {
  const capped = perSlice.length > 1 ? perSlice.map((options) => options.slice(0, 3)) : perSlice;
  return capped.reduce<Itinerary[][]>((acc, options) => acc.flatMap((combo) => options.map((o) => [...combo, o])), [[]]);
}

export interface SearchOptions {
  cabin: CabinClass;
  maxConnections: number;
  /** Duffel Airways does not answer in time (the STN→LHR scenario). */
  skipDuffelAirways: boolean;
  offerRequestId: string;
  now: number;
}

export function buildOffers(
  slices: readonly SearchSlice[],
  passengers: readonly SearchPassenger[],
  options: SearchOptions,
): OfferRecord[] {
  const { offerRequestId, now } = options;
  const currency = currencyFor(slices[0]!.origin);
  const records: OfferRecord[] = [];
  for (const owner of OWNERS) {
    if (owner === 'ZZ' && options.skipDuffelAirways) continue;
    const perSlice = slices.map((s) =>
      itineraries(owner, s.origin, s.destination, s.departureDate).filter(
        (it) => it.length - 1 <= options.maxConnections && it[0]!.depUtc > now + 2 * 3600_000,
      ),
    );
    if (perSlice.some((options) => options.length === 0)) continue;
    for (const brand of BRANDS[owner].filter((b) => b.cabin === options.cabin))
      for (const combo of combinations(perSlice)) {
        const id = newId('offer');
        const prices = combo.map((it) => slicePrice(owner, it, brand, passengers));
        records.push({
          offer: wireOffer({ id, owner, brand, combo, passengers, slices, now, prices, currency }),
          offerRequestId,
          owner,
          brand: brand.name,
          currency,
          slicePrices: prices,
          longHaul: combo.map(isLongHaul),
        });
      }
  }
  return records;
}

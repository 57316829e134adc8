// Duffel's slice and segment objects, built from an itinerary: offers, orders, change offers and
// airline-initiated changes all show flights this way. Times are local to each airport without an
// offset, durations ISO 8601 ("PT07H05M"), distances in kilometres.

import { greatCircleKm, utcToLocal } from '../../ndc/network/geo-time.js';
import { wireAircraft, wireAirline } from '../content/airlines.js';
import type { Brand } from '../content/brands.js';
import { penalty } from '../content/fares.js';
import { wireAirport } from '../content/places.js';
import type { Itinerary, Leg } from '../content/schedules.js';
import { toWire } from '../wire/money.js';
import { derivedId } from '../wire/ids.js';

export interface SlicePassenger {
  id: string;
  type: 'adult' | 'child' | 'infant_without_seat';
}

export function isoDuration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const h = String(Math.floor((minutes % 1440) / 60)).padStart(2, '0');
  const m = String(minutes % 60).padStart(2, '0');
  return `P${days > 0 ? `${days}D` : ''}T${h}H${m}M`;
}

const local = (ms: number, tz: string) => utcToLocal(ms, tz).local;

export function wireCondition(allowed: boolean, amount: number, currency: string) {
  return allowed
    ? { allowed: true as const, penalty_amount: toWire(amount), penalty_currency: currency }
    : { allowed: false as const, penalty_amount: null, penalty_currency: null };
}

/** A slice's or offer's conditions: the brand's penalties, per passenger paying a seat, for these slices. */
export function wireConditions(brand: Brand, longHaul: boolean[], payingPassengers: number, currency: string) {
  const total = (c: Brand['change']) => longHaul.reduce((sum, lh) => sum + penalty(c, lh), 0) * payingPassengers;
  return {
    change_before_departure: wireCondition(brand.change.allowed, total(brand.change), currency),
    refund_before_departure: wireCondition(brand.refund.allowed, total(brand.refund), currency),
  };
}

interface Fare {
  brand: Brand;
  passengers: readonly SlicePassenger[];
  longHaul: boolean;
  currency: string;
  /** Whether segments show bag allowances (not on the BTS→MRU scenario route). */
  withBags: boolean;
}

function wireSegment(leg: Leg, id: string, { brand, passengers, withBags }: Fare) {
  const cabin = {
    name: brand.cabin,
    marketing_name: brand.marketingName,
    amenities: {
      wifi: { available: leg.marketing !== 'ZZ', cost: 'paid' as const },
      seat: {
        pitch: brand.cabin === 'economy' ? ('standard' as const) : ('more' as const),
        type: brand.cabin === 'business' || brand.cabin === 'first' ? ('full_flat' as const) : ('standard' as const),
      },
      power: { available: true },
    },
  };
  return {
    id,
    aircraft: wireAircraft(leg.aircraft),
    origin: wireAirport(leg.from),
    destination: wireAirport(leg.to),
    origin_terminal: leg.originTerminal,
    destination_terminal: leg.destinationTerminal,
    departing_at: local(leg.depUtc, leg.from.tz),
    arriving_at: local(leg.arrUtc, leg.to.tz),
    duration: isoDuration(leg.arrUtc - leg.depUtc),
    distance: String(Math.round(greatCircleKm(leg.from.lat, leg.from.lon, leg.to.lat, leg.to.lon))),
    marketing_carrier: wireAirline(leg.marketing),
    marketing_carrier_flight_number: leg.number,
    operating_carrier: wireAirline(leg.operating),
    operating_carrier_flight_number: leg.operatingNumber,
    stops: leg.stop
      ? [
          {
            id: derivedId('stop', `${id}|stop`),
            airport: wireAirport(leg.stop.airport),
            arriving_at: local(leg.stop.arrUtc, leg.stop.airport.tz),
            departing_at: local(leg.stop.depUtc, leg.stop.airport.tz),
            duration: isoDuration(leg.stop.depUtc - leg.stop.arrUtc),
          },
        ]
      : [],
    passengers: passengers.map((p) => ({
      passenger_id: p.id,
      cabin_class: brand.cabin,
      cabin_class_marketing_name: brand.marketingName,
      fare_basis_code: brand.fareBasis,
      cabin,
      baggages: withBags
        ? [
            { type: 'checked' as const, quantity: p.type === 'infant_without_seat' ? 0 : brand.checkedBags },
            { type: 'carry_on' as const, quantity: p.type === 'infant_without_seat' ? 0 : brand.carryOn },
          ]
        : [],
    })),
  };
}

export type WireSegment = ReturnType<typeof wireSegment>;

/** A slice of these flights; `seed` makes its and its segments' ids (an offer id and slice index). */
export function wireSlice(itinerary: Itinerary, seed: string, fare: Fare) {
  const { brand, passengers } = fare;
  const conditions = fare;
  const first = itinerary[0]!;
  const last = itinerary[itinerary.length - 1]!;
  const paying = passengers.filter((p) => p.type !== 'infant_without_seat').length;
  return {
    id: derivedId('slice', `${seed}|slice`),
    origin: wireAirport(first.from),
    destination: wireAirport(last.to),
    origin_type: 'airport' as const,
    destination_type: 'airport' as const,
    duration: isoDuration(last.arrUtc - first.depUtc),
    fare_brand_name: brand.name,
    ngs_shelf: null,
    comparison_key: derivedId('slice', itinerary.map((l) => `${l.marketing}${l.number}|${l.depUtc}`).join('|')).slice(9),
    conditions: {
      ...wireConditions(brand, [conditions.longHaul], paying, conditions.currency),
      advance_seat_selection: brand.advanceSeatSelection,
      priority_boarding: brand.priority,
      priority_check_in: brand.priority,
    },
    segments: itinerary.map((leg, i) => wireSegment(leg, derivedId('segment', `${seed}|segment|${i}`), fare)),
  };
}

export type WireSlice = ReturnType<typeof wireSlice>;

// What a flight costs: the base fare per passenger from distance, brand and a stable day-to-day
// variation; taxes from where the slice departs (UK air passenger duty and Heathrow's passenger
// charge, US international departure taxes and fees, Spanish airport charges) plus the carrier
// surcharge BA and Iberia put on long-haul tickets; prices of extra bags and seats. Amounts are
// minor units of the currency of the journey's first airport's country.

import { greatCircleKm } from '../../ndc/network/geo-time.js';
import { unitFor } from '../../ndc/network/seeded-random.js';
import type { OwnerCode } from './airlines.js';
import type { Brand, Condition } from './brands.js';
import type { PlaceAirport } from './places.js';
import type { Itinerary } from './schedules.js';

export type PassengerType = 'adult' | 'child' | 'infant_without_seat';

const EUROZONE = new Set([
  'AT',
  'BE',
  'CY',
  'DE',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PT',
  'SI',
  'SK',
]);

export function currencyFor(origin: PlaceAirport): string {
  if (origin.country === 'GB') return 'GBP';
  if (EUROZONE.has(origin.country)) return 'EUR';
  return 'USD';
}

export const itineraryKm = (itinerary: Itinerary) =>
  itinerary.reduce((km, l) => km + greatCircleKm(l.from.lat, l.from.lon, l.to.lat, l.to.lon), 0);

export const isLongHaul = (itinerary: Itinerary) => itineraryKm(itinerary) > 3000;

const PASSENGER_FACTOR: Record<PassengerType, number> = { adult: 1, child: 0.75, infant_without_seat: 0.1 };

/** One passenger's base fare for one slice. */
export function baseFare(owner: OwnerCode, itinerary: Itinerary, brand: Brand, type: PassengerType): number {
  const first = itinerary[0]!;
  const day = new Date(first.depUtc).toISOString().slice(0, 10);
  const variation = 0.9 + 0.25 * unitFor(`${owner}|${first.number}|${first.from.code}|${day}`);
  const units = (60 + itineraryKm(itinerary) * 0.055) * brand.priceFactor * variation * PASSENGER_FACTOR[type];
  return Math.round(units) * 100;
}

/** One passenger's taxes, fees and carrier charges for one slice. */
export function taxes(owner: OwnerCode, itinerary: Itinerary, brand: Brand, type: PassengerType): number {
  const origin = itinerary[0]!.from;
  const longHaul = isLongHaul(itinerary);
  let amount: number;
  if (origin.country === 'GB') {
    // Children under 16 in economy pay no air passenger duty; everyone pays the airport's charge.
    const duty =
      type === 'adult' || brand.cabin !== 'economy' ? (longHaul ? (brand.cabin === 'economy' ? 10200 : 22400) : 1300) : 0;
    amount = duty + (origin.code === 'LHR' ? 5750 : 2400);
  } else if (origin.country === 'US') amount = longHaul ? 7260 : 3010;
  else if (origin.country === 'ES') amount = 2540;
  else amount = 3000;
  if (owner !== 'ZZ' && longHaul) amount += brand.cabin === 'economy' ? 15000 : 30000;
  return type === 'infant_without_seat' ? Math.round(amount * 0.25) : amount;
}

/** A change or refund penalty for a slice: the brand's long-haul penalty, a third of it short-haul. */
export function penalty(condition: Condition, longHaul: boolean): number {
  return longHaul ? condition.penalty : Math.round(condition.penalty / 300) * 100;
}

export const extraBagPrice = (longHaul: boolean) => (longHaul ? 7500 : 3500);

/** A seat's price: extra-legroom rows cost most, the front of the cabin next, the rest least. */
export function seatPrice(row: number, exitRow: boolean, longHaul: boolean): number {
  const base = longHaul ? 3500 : 1200;
  if (exitRow) return base * 2;
  return row <= 15 ? Math.round(base * 1.4) : base;
}

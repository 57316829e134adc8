// The search's inputs as Duffel reads them (duffel.com/docs/api/v2/offer-requests): slices,
// passengers and a true/false query parameter, each bad value a 422 or 400 naming its field.

import { findAirport } from '../content/places.js';
import type { PassengerType } from '../content/fares.js';
import { badQuery, invalid, required } from '../wire/duffel-errors.js';
import { arr, isRealDate, obj, str, type Json } from '../wire/body.js';
import { newId } from '../wire/ids.js';
import type { SearchPassenger, SearchSlice } from './offer-builder.js';

export function parseSlices(data: Json, today: string): SearchSlice[] {
  return arr(data, 'slices', 'slices', { min: 1, max: 4 }).map((raw, i) => {
    const s = obj(raw, `slices.${i}`);
    const airport = (field: 'origin' | 'destination') => {
      const code = str(s, field, `slices.${i}.${field}`);
      if (!/^[A-Z]{3}$/.test(code)) throw invalid(`slices.${i}.${field}`, `${field} must be a 3-letter IATA code`);
      const found = findAirport(code);
      if (!found) throw invalid(`slices.${i}.${field}`, `No airport or city found with IATA code ${code}`, 'validation_invalid');
      return found;
    };
    const origin = airport('origin');
    const destination = airport('destination');
    if (origin.code === destination.code)
      throw invalid(`slices.${i}.destination`, 'destination must differ from origin', 'validation_invalid');
    const departureDate = str(s, 'departure_date', `slices.${i}.departure_date`);
    if (!isRealDate(departureDate)) throw invalid(`slices.${i}.departure_date`, 'departure_date must be a date (YYYY-MM-DD)');
    if (departureDate < today)
      throw invalid(`slices.${i}.departure_date`, 'departure_date must not be in the past', 'validation_invalid');
    return { origin, destination, departureDate };
  });
}

export function parsePassengers(data: Json): SearchPassenger[] {
  const passengers = arr(data, 'passengers', 'passengers', { min: 1, max: 9 }).map((raw, i): SearchPassenger => {
    const p = obj(raw, `passengers.${i}`);
    const path = `passengers.${i}`;
    let type: PassengerType;
    let age: number | null = null;
    if (p.age !== undefined && p.age !== null) {
      if (typeof p.age !== 'number' || !Number.isInteger(p.age) || p.age < 0 || p.age > 130)
        throw invalid(`${path}.age`, 'age must be a whole number from 0 to 130');
      age = p.age;
      type = age < 2 ? 'infant_without_seat' : age < 12 ? 'child' : 'adult';
      if (p.type !== undefined && p.type !== null)
        throw invalid(`${path}.type`, 'give either type or age for a passenger, not both', 'validation_invalid');
    } else if (p.type === 'adult') type = 'adult';
    else if (p.type === undefined || p.type === null) throw required(`${path}.type`);
    else throw invalid(`${path}.type`, 'type must be "adult"; give other passengers their age', 'validation_inclusion');
    const given = typeof p.given_name === 'string' ? p.given_name : undefined;
    const family = typeof p.family_name === 'string' ? p.family_name : undefined;
    return {
      id: newId('offerPassenger'),
      type,
      age,
      ...(given ? { given_name: given } : {}),
      ...(family ? { family_name: family } : {}),
    };
  });
  const adults = passengers.filter((p) => p.type === 'adult').length;
  if (adults === 0) throw invalid('passengers', 'At least one adult passenger is required', 'validation_invalid');
  if (passengers.filter((p) => p.type === 'infant_without_seat').length > adults)
    throw invalid('passengers', 'Each infant without a seat must travel with an adult', 'validation_invalid');
  return passengers;
}

export const boolQuery = (value: string | undefined, parameter: string, fallback: boolean) => {
  if (value === undefined) return fallback;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw badQuery(parameter, `${parameter} must be true or false`);
};

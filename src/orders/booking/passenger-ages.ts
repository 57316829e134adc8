import type { PassengerCounts } from '../../connectors/connector-types.js';
import type { PassengerAgeRules } from '../../connectors/passenger-rules.js';
import { badRequest } from '../../platform/errors.js';

/** What the checks read of each passenger, in the order the seller sent them (named `passengers[i]`). */
export interface TravellerInput {
  type?: 'adult' | 'child' | 'infant';
  born_on: string;
}

type PassengerType = NonNullable<TravellerInput['type']>;

// The oldest birth date taken: older is a typing error (a year of 1900 for 2000), not a traveller.
const MAX_AGE = 125;

/** Whole years of age on `date` (both YYYY-MM-DD); a 29 February birthday comes on 1 March in other years. */
export function ageOn(bornOn: string, date: string): number {
  const years = Number(date.slice(0, 4)) - Number(bornOn.slice(0, 4));
  return date.slice(5) < bornOn.slice(5) ? years - 1 : years;
}

const PLURAL: Record<PassengerType, string> = { adult: 'adults', child: 'children', infant: 'infants' };

const describe = (c: PassengerCounts) =>
  `${c.adults} ${PLURAL.adult}, ${c.children} ${PLURAL.child}, ${c.infants} ${PLURAL.infant}`;

/**
 * The passengers must be those the offer was priced for: so many adults, children and lap infants
 * (an offer id carries its counts). 400 `passenger_count_mismatch` naming `passengers` otherwise.
 */
export function checkPassengerCounts(passengers: readonly TravellerInput[], priced: PassengerCounts): void {
  const sent: PassengerCounts = { adults: 0, children: 0, infants: 0 };
  for (const p of passengers) sent[PLURAL[p.type ?? 'adult'] as keyof PassengerCounts]++;
  if (sent.adults === priced.adults && sent.children === priced.children && sent.infants === priced.infants) return;
  throw badRequest(
    `passengers: the offer was priced for ${describe(priced)}, the booking names ${describe(sent)}; search again for these passengers`,
    'passenger_count_mismatch',
    { field: 'passengers' },
  );
}

/**
 * Each passenger's type against their age on the flights' dates, under the airline's published
 * rules (passenger-rules.ts), then who travels with whom. Ages are whole years on each flight's
 * local departure date:
 * - `infant` (on a lap): under `infantUnder` on every flight. One who turns 2 before a later flight
 *   needs a seat from the birthday on; one order cannot change a type midway, so they are booked
 *   as `child` for the trip (the airline's child fare and seat);
 * - `child`: at least `infantUnder` at the first flight (or turning it during the trip, above) and
 *   under `childUnder`;
 * - `adult`: `childUnder` or older at the first flight (fares are taken at the start of travel);
 * - every lap infant has their own holder of `accompanyingAge` or older, and anyone under
 *   `travelAloneAge` travels with someone of `accompanyingAge` or older.
 * Every refusal is a 400 naming `passengers[i].born_on` or `passengers[i].type`, before any airline call.
 */
export function checkPassengerAges(
  passengers: readonly TravellerInput[],
  rules: PassengerAgeRules,
  departureDates: readonly string[],
  airline: string,
): void {
  const first = departureDates[0];
  const last = departureDates.at(-1);
  if (!first || !last) return;
  const field = (i: number, name: 'born_on' | 'type') => `passengers[${i}].${name}`;
  const refuse = (i: number, name: 'born_on' | 'type', sentence: string) => {
    throw badRequest(`${field(i, name)}: ${sentence}`, 'passenger_type_mismatch', { field: field(i, name) });
  };
  const book = (t: PassengerType) => `book them as \`${t}\``;
  passengers.forEach((p, i) => {
    if (p.born_on > first) refuse(i, 'born_on', `${p.born_on} is after the first flight (${first})`);
    const age = ageOn(p.born_on, first);
    if (age > MAX_AGE) refuse(i, 'born_on', `${p.born_on} makes the passenger ${age} on ${first}; check the year`);
    const type = p.type ?? 'adult';
    const ageLast = ageOn(p.born_on, last);
    const infantThroughout = ageLast < rules.infantUnder;
    const expected: PassengerType = infantThroughout ? 'infant' : age < rules.childUnder ? 'child' : 'adult';
    if (type === expected) return;
    const band = `${age} on ${first} (${rules.source})`;
    if (expected === 'child' && age < rules.infantUnder) {
      refuse(
        i,
        'type',
        `the passenger turns ${rules.infantUnder} before the flight of ${last}; ${airline} carries lap infants only under ${rules.infantUnder} on the date of travel, and from the birthday on they need a seat: ${book('child')}`,
      );
    }
    if (expected === 'infant') {
      refuse(
        i,
        'type',
        `the passenger is ${band}, under ${rules.infantUnder} on every flight: ${airline} fares them as a lap infant; ${book('infant')}, on the lap of a passenger of ${rules.accompanyingAge} or over`,
      );
    }
    if (expected === 'child') {
      refuse(
        i,
        'type',
        `the passenger is ${band}: ${airline} fares ${rules.infantUnder} to ${rules.childUnder - 1} as a child; ${book('child')}`,
      );
    }
    refuse(i, 'type', `the passenger is ${band}: ${airline} fares ${rules.childUnder} and over as an adult; ${book('adult')}`);
  });
  checkAccompaniment(passengers, rules, departureDates, airline);
}

function checkAccompaniment(
  passengers: readonly TravellerInput[],
  rules: PassengerAgeRules,
  departureDates: readonly string[],
  airline: string,
): void {
  for (const date of departureDates) {
    const ages = passengers.map((p) => ageOn(p.born_on, date));
    const holders = ages.filter((a) => a >= rules.accompanyingAge).length;
    const infants = passengers.flatMap((p, i) => (p.type === 'infant' ? [i] : []));
    if (infants.length > holders) {
      const i = infants[holders]!;
      throw badRequest(
        `passengers[${i}].type: each lap infant travels on the lap of their own passenger of ${rules.accompanyingAge} or over at ${airline} (${rules.source}); on ${date} the booking has ${holders} for ${infants.length} infants`,
        'passengers_unaccompanied',
        { field: `passengers[${i}].type` },
      );
    }
    const youngest = ages.reduce((min, a, i) => (a < ages[min]! ? i : min), 0);
    if (holders === 0 && ages[youngest]! < rules.travelAloneAge) {
      throw badRequest(
        `passengers[${youngest}].born_on: ${airline} carries passengers under ${rules.travelAloneAge} only with a passenger of ${rules.accompanyingAge} or over (${rules.source}); add one, or book an unaccompanied minor with the airline`,
        'passengers_unaccompanied',
        { field: `passengers[${youngest}].born_on` },
      );
    }
  }
}

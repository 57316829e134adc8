/**
 * An airline's published age rules for the three passenger types the API sells (adult, child,
 * lap infant), in whole years of age on the date of each flight. Each connector states its
 * airline's (NDC profiles, and any other source); booking checks every passenger against them
 * before any airline call (orders/booking/passenger-ages.ts).
 */
export interface PassengerAgeRules {
  /** A lap infant is younger than this on every flight of the trip (2 at every airline we know). */
  readonly infantUnder: number;
  /** A child is at least `infantUnder` and younger than this at the first flight; older is an adult fare. */
  readonly childUnder: number;
  /** The youngest passenger who may hold a lap infant (one each) or accompany a minor. */
  readonly accompanyingAge: number;
  /** The youngest passenger the airline lets travel without an accompanying passenger (its minors service aside). */
  readonly travelAloneAge: number;
  /** Where the airline publishes these rules: named in the refusals, so a seller can check. */
  readonly source: string;
}

/**
 * The rules for a source that states none: IATA's bands (infant under 2, child 2–11, adult 12+),
 * and the strictest accompaniment of the airlines connected (a holder of 16, travel alone from 15).
 */
export const DEFAULT_PASSENGER_RULES: PassengerAgeRules = {
  infantUnder: 2,
  childUnder: 12,
  accompanyingAge: 16,
  travelAloneAge: 15,
  source: "IATA's passenger type bands",
};

/**
 * The passenger details a source needs on every booking beyond a name and a birth date, which
 * the create body leaves optional: Duffel's airlines take a passenger's gender (`m` or `f`) and a
 * phone number. Each connector that needs them declares them (`Connector.passengerDetails`);
 * booking refuses a passenger without them before any call to the source, naming the field.
 */
export interface PassengerDetailRules {
  /** The genders the source takes (`gender` required, one of these); null: not needed. */
  readonly genders: readonly ('m' | 'f' | 'x')[] | null;
  /**
   * A phone number is needed: the passenger's `phone`, or `contact.phone` for all of them;
   * `international`: in international form, `+` and the country code (internationalPhone).
   */
  readonly phone: false | 'any' | 'international';
  /** Where the source says so: named in the refusals. */
  readonly source: string;
}

/**
 * A phone number as E.164 writes it (`+442071234567`): the separators the API accepts (spaces,
 * brackets, dots, hyphens) taken out; null when it is not international (no `+` and country code,
 * or not 7 to 15 digits), which no airline outside its own country can dial.
 */
export function internationalPhone(phone: string): string | null {
  const compact = phone.replace(/[\s().-]/g, '');
  return /^\+[1-9]\d{6,14}$/.test(compact) ? compact : null;
}

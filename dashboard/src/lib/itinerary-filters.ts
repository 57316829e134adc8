/**
 * The Book screen's filters and sorts over itineraries (itineraries.ts), kept apart from React so
 * they are unit-tested (test/dashboard/itineraries.test.ts). Filters on the flights (airline, stops,
 * departure and arrival times of the outbound and of the return journey) keep or drop a row; filters on the fare (brand, a checked bag,
 * refundable) keep or drop a brand's column, and a row left with none is dropped.
 */
import { brandOf, cheaper, sliceEnds, type Itinerary, type ListedOffer } from './itineraries.js';

export const STOPS = ['0', '1', '2+'] as const;
export type Stops = (typeof STOPS)[number];

/** Parts of the day by local time, as airline sites offer them: from the hour, up to the next one. */
export const TIME_WINDOWS = {
  night: { from: 0, to: 6, label: 'Night (00–06)' },
  morning: { from: 6, to: 12, label: 'Morning (06–12)' },
  afternoon: { from: 12, to: 18, label: 'Afternoon (12–18)' },
  evening: { from: 18, to: 24, label: 'Evening (18–24)' },
} as const;
export type TimeWindow = keyof typeof TIME_WINDOWS;
export const TIME_WINDOW_NAMES = Object.keys(TIME_WINDOWS) as TimeWindow[];

export interface FilterChoices {
  airlines: string[];
  brands: string[];
  stops: Stops[];
  /** Some itinerary has a return journey (a round trip): its take-off and landing times can be filtered. */
  returnJourney: boolean;
}

export const SORTS = { price: 'Price (cheapest brand)', duration: 'Duration', departure: 'Departure' } as const;
export type SortKey = keyof typeof SORTS;

export interface ItineraryFilters {
  /** Owner airline or marketing carrier codes; empty: any. */
  airlines: string[];
  /** The most connections on any slice: '0' non-stop, '1', '2+'; empty: any. */
  stops: Stops[];
  /** The outbound's local departure in one of these parts of the day; empty: any. */
  departure: TimeWindow[];
  /** The outbound's local arrival in one of these; empty: any. */
  arrival: TimeWindow[];
  /** The return journey's (a round trip's second slice) local departure in one of these; empty: any. */
  returnDeparture: TimeWindow[];
  /** The return journey's local arrival in one of these; empty: any. */
  returnArrival: TimeWindow[];
  /** Brands (as columns are headed); empty: any. */
  brands: string[];
  /** Only fares with a free checked bag. */
  bags: boolean;
  /** Only fares refunded on cancellation. */
  refundable: boolean;
}

export const NO_FILTERS: ItineraryFilters = {
  airlines: [],
  stops: [],
  departure: [],
  arrival: [],
  returnDeparture: [],
  returnArrival: [],
  brands: [],
  bags: false,
  refundable: false,
};

const stopsOf = (stops: number): Stops => (stops === 0 ? '0' : stops === 1 ? '1' : '2+');

function inWindow(windows: readonly TimeWindow[], localDateTime: string): boolean {
  if (windows.length === 0) return true;
  const hour = Number(localDateTime.slice(11, 13));
  return windows.some((w) => hour >= TIME_WINDOWS[w].from && hour < TIME_WINDOWS[w].to);
}

function keepsFare(filters: ItineraryFilters, offer: ListedOffer): boolean {
  if (filters.brands.length && !filters.brands.includes(brandOf(offer))) return false;
  if (filters.bags && !((offer.baggage.checked_bags ?? 0) > 0)) return false;
  if (filters.refundable && offer.conditions.refund?.allowed !== true) return false;
  return true;
}

function keepsFlights(filters: ItineraryFilters, itinerary: Itinerary<ListedOffer>): boolean {
  if (filters.airlines.length && !itinerary.airlines.some((a) => filters.airlines.includes(a))) return false;
  if (filters.stops.length && !filters.stops.includes(stopsOf(itinerary.stops))) return false;
  return (
    inWindows(itinerary.slices[0], filters.departure, filters.arrival) &&
    // A one-way itinerary has no return journey: its filters do not apply to it.
    inWindows(itinerary.slices[1], filters.returnDeparture, filters.returnArrival)
  );
}

/** Whether a slice leaves and lands in the windows asked (a missing slice: nothing to hold it to). */
function inWindows(slice: Itinerary<ListedOffer>['slices'][number] | undefined, departure: TimeWindow[], arrival: TimeWindow[]) {
  if (!slice) return true;
  const { departingAt, arrivingAt } = sliceEnds(slice);
  return inWindow(departure, departingAt) && inWindow(arrival, arrivingAt);
}

const byDuration = (a: Itinerary<ListedOffer>, b: Itinerary<ListedOffer>) =>
  (a.durationMinutes ?? Infinity) - (b.durationMinutes ?? Infinity);
const byDeparture = (a: Itinerary<ListedOffer>, b: Itinerary<ListedOffer>) => {
  const [x, y] = [sliceEnds(a.slices[0]!).departingAt, sliceEnds(b.slices[0]!).departingAt];
  return x < y ? -1 : x > y ? 1 : 0;
};
const byPrice = (a: Itinerary<ListedOffer>, b: Itinerary<ListedOffer>) => cheaper(a.offers[0]!, b.offers[0]!);

const ORDER: Record<SortKey, ((a: Itinerary<ListedOffer>, b: Itinerary<ListedOffer>) => number)[]> = {
  price: [byPrice, byDuration],
  duration: [byDuration, byPrice],
  departure: [byDeparture, byPrice],
};

/** The rows the filters keep, each with the columns they keep, in the order asked (ties: the next key). */
export function filterItineraries<O extends ListedOffer>(
  itineraries: readonly Itinerary<O>[],
  filters: ItineraryFilters,
  sort: SortKey,
): Itinerary<O>[] {
  const kept: Itinerary<O>[] = [];
  for (const itinerary of itineraries) {
    if (!keepsFlights(filters, itinerary)) continue;
    const offers = itinerary.offers.filter((o) => keepsFare(filters, o));
    if (offers.length) kept.push(offers.length === itinerary.offers.length ? itinerary : { ...itinerary, offers });
  }
  const [first, second] = ORDER[sort];
  return kept.sort((a, b) => first!(a, b) || second!(a, b));
}

/**
 * What the filters can choose from in these itineraries: airlines, brands and stops present, each
 * once, sorted; `returnJourney` when any has a way back (a round trip), for its time filters.
 */
export function filterChoices(itineraries: readonly Itinerary<ListedOffer>[]): FilterChoices {
  const airlines = new Set<string>();
  const brands = new Set<string>();
  const stops = new Set<Stops>();
  let returnJourney = false;
  for (const itinerary of itineraries) {
    if (itinerary.slices.length > 1) returnJourney = true;
    itinerary.airlines.forEach((a) => airlines.add(a));
    itinerary.offers.forEach((o) => brands.add(brandOf(o)));
    stops.add(stopsOf(itinerary.stops));
  }
  return {
    airlines: [...airlines].sort(),
    brands: [...brands].sort((a, b) => a.localeCompare(b)),
    stops: STOPS.filter((s) => stops.has(s)),
    returnJourney,
  };
}

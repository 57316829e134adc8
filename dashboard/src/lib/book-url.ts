/**
 * The Book screen's state in the URL's query string: the search (origin, destination, dates,
 * travellers, cabin, environment), the filters and the sort, so a reload, a shared link and
 * back/forward run the same search and show the same list. Unit-tested in
 * test/dashboard/itineraries.test.ts.
 */
import {
  NO_FILTERS,
  SORTS,
  STOPS,
  TIME_WINDOW_NAMES,
  type ItineraryFilters,
  type SortKey,
  type Stops,
  type TimeWindow,
} from './itinerary-filters.js';

export const CABINS = ['economy', 'premium_economy', 'business', 'first'] as const;
export type Cabin = (typeof CABINS)[number];

export interface SearchDraft {
  origin: string;
  destination: string;
  departureDate: string;
  returnDate: string;
  adults: number;
  children: number;
  infants: number;
  cabin: Cabin | '';
}

export const EMPTY_SEARCH: SearchDraft = {
  origin: '',
  destination: '',
  departureDate: '',
  returnDate: '',
  adults: 1,
  children: 0,
  infants: 0,
  cabin: '',
};

export interface BookView {
  /** The search to run; null: none yet (the form is empty). */
  search: SearchDraft | null;
  environment: 'test' | 'live';
  filters: ItineraryFilters;
  sort: SortKey;
}

/** The search as POST /v1/dev/shopping/offers takes it: codes upper-cased, empty options left out. */
export function searchBody(d: SearchDraft) {
  return {
    origin: d.origin.trim().toUpperCase(),
    destination: d.destination.trim().toUpperCase(),
    departure_date: d.departureDate,
    adults: d.adults,
    ...(d.returnDate ? { return_date: d.returnDate } : {}),
    ...(d.children ? { children: d.children } : {}),
    ...(d.infants ? { infants: d.infants } : {}),
    ...(d.cabin ? { cabin: d.cabin } : {}),
  };
}

/**
 * `?from=JFK&to=LHR&depart=…&stops=0&airline=VS&sort=duration`: defaults (1 adult, test, price, no
 * filter) left out. The return journey's times are `return_departs` and `return_arrives`.
 */
export function bookSearch(view: BookView): string {
  const params = new URLSearchParams();
  const { search: s, filters: f } = view;
  if (s) {
    params.set('from', s.origin.trim().toUpperCase());
    params.set('to', s.destination.trim().toUpperCase());
    params.set('depart', s.departureDate);
    if (s.returnDate) params.set('return', s.returnDate);
    if (s.adults !== 1) params.set('adults', String(s.adults));
    if (s.children) params.set('children', String(s.children));
    if (s.infants) params.set('infants', String(s.infants));
    if (s.cabin) params.set('cabin', s.cabin);
  }
  if (view.environment !== 'test') params.set('environment', view.environment);
  f.airlines.forEach((a) => params.append('airline', a));
  f.stops.forEach((v) => params.append('stops', v));
  f.departure.forEach((w) => params.append('departs', w));
  f.arrival.forEach((w) => params.append('arrives', w));
  f.returnDeparture.forEach((w) => params.append('return_departs', w));
  f.returnArrival.forEach((w) => params.append('return_arrives', w));
  f.brands.forEach((b) => params.append('brand', b));
  if (f.bags) params.set('bags', 'checked');
  if (f.refundable) params.set('refundable', 'true');
  if (view.sort !== 'price') params.set('sort', view.sort);
  const text = params.toString();
  return text ? `?${text}` : '';
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const AIRPORT = /^[A-Z]{3}$/;

function count(raw: string | null, min: number, fallback: number): number {
  const n = raw === null ? fallback : Number(raw);
  return Number.isInteger(n) && n >= min && n <= 9 ? n : fallback;
}

/** Values the screen offers, each once, in the order given; anything else is dropped. */
function choices<T extends string>(values: string[], allowed: readonly T[]): T[] {
  return [...new Set(values)].filter((v): v is T => (allowed as readonly string[]).includes(v));
}

/** The inverse of bookSearch. A search missing its route or date, or naming a bad one, is none; a bad filter value is dropped. */
export function parseBookSearch(query: string | URLSearchParams): BookView {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  const origin = (params.get('from') ?? '').trim().toUpperCase();
  const destination = (params.get('to') ?? '').trim().toUpperCase();
  const departureDate = params.get('depart') ?? '';
  const returnDate = params.get('return') ?? '';
  const cabin = params.get('cabin') ?? '';
  const search: SearchDraft | null =
    AIRPORT.test(origin) && AIRPORT.test(destination) && DATE.test(departureDate)
      ? {
          origin,
          destination,
          departureDate,
          returnDate: DATE.test(returnDate) ? returnDate : '',
          adults: count(params.get('adults'), 1, 1),
          children: count(params.get('children'), 0, 0),
          infants: count(params.get('infants'), 0, 0),
          cabin: (CABINS as readonly string[]).includes(cabin) ? (cabin as Cabin) : '',
        }
      : null;
  const sort = params.get('sort') ?? '';
  return {
    search,
    environment: params.get('environment') === 'live' ? 'live' : 'test',
    filters: {
      ...NO_FILTERS,
      airlines: [...new Set(params.getAll('airline').map((a) => a.trim().toUpperCase()))].filter((a) => /^[A-Z0-9]{2}$/.test(a)),
      stops: choices<Stops>(params.getAll('stops'), STOPS),
      departure: choices<TimeWindow>(params.getAll('departs'), TIME_WINDOW_NAMES),
      arrival: choices<TimeWindow>(params.getAll('arrives'), TIME_WINDOW_NAMES),
      returnDeparture: choices<TimeWindow>(params.getAll('return_departs'), TIME_WINDOW_NAMES),
      returnArrival: choices<TimeWindow>(params.getAll('return_arrives'), TIME_WINDOW_NAMES),
      brands: [...new Set(params.getAll('brand').map((b) => b.trim()))].filter((b) => b !== '' && b.length <= 60),
      bags: params.get('bags') === 'checked',
      refundable: params.get('refundable') === 'true',
    },
    sort: Object.hasOwn(SORTS, sort) ? (sort as SortKey) : 'price',
  };
}

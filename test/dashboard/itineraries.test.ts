import { describe, expect, it } from 'vitest';
import { bookSearch, parseBookSearch, searchBody, type BookView } from '../../dashboard/src/lib/book-url.js';
import { airlineText, operatedByText } from '../../dashboard/src/lib/carriers.js';
import {
  airlineCodes,
  dayChangeText,
  durationText,
  groupItineraries,
  type ListedOffer,
  type ListedSegment,
} from '../../dashboard/src/lib/itineraries.js';
import { filterChoices, filterItineraries, NO_FILTERS } from '../../dashboard/src/lib/itinerary-filters.js';

/** A segment of `flight` (`VS3`) from `dep` to `arr`, local times of 2026-12-12 unless a date is given. */
function seg(flight: string, route: string, dep: string, arr: string, operating?: string): ListedSegment {
  const [origin, destination] = route.split('-') as [string, string];
  const at = (t: string) => (t.includes('T') ? t : `2026-12-12T${t}:00`);
  return {
    origin,
    destination,
    departing_at: at(dep),
    arriving_at: at(arr),
    marketing_carrier: flight.slice(0, 2),
    flight_number: flight.slice(2),
    operating_carrier: operating ?? flight.slice(0, 2),
    duration_minutes: null,
  };
}

let ids = 0;
function offer(
  airline: string,
  amount: number,
  segments: ListedSegment[],
  fare: { brand?: string; bags?: number; refundable?: boolean; duration?: number; source?: string } = {},
): ListedOffer {
  return {
    offer_id: `${fare.source ?? airline}|${++ids}`,
    airline,
    source: fare.source ?? airline,
    total_amount: amount,
    currency: 'USD',
    fare_brand: fare.brand ?? null,
    fare_brand_code: null,
    slices: [
      {
        origin: segments[0]!.origin,
        destination: segments.at(-1)!.destination,
        duration_minutes: fare.duration ?? null,
        segments,
      },
    ],
    baggage: { checked_bags: fare.bags ?? 0 },
    conditions: { change: { allowed: true }, refund: { allowed: fare.refundable ?? false } },
  };
}

// JFK→LHR: Virgin's own evening non-stop (three brands, one of them also sold via Duffel), its
// codeshare flown by Delta, American's morning one-stop, and BA's two-stop.
const vs3 = [seg('VS3', 'JFK-LHR', '19:00', '2026-12-13T07:05')];
const vs4030 = [seg('VS4030', 'JFK-LHR', '21:30', '2026-12-13T09:40', 'DL')];
const aa = [seg('AA100', 'JFK-ORD', '07:00', '08:30'), seg('AA50', 'ORD-LHR', '10:00', '2026-12-13T00:10')];
const ba = [
  seg('BA1', 'JFK-BOS', '13:00', '14:00'),
  seg('BA2', 'BOS-DUB', '15:00', '23:00'),
  seg('BA3', 'DUB-LHR', '23:30', '23:59'),
];
const OFFERS = [
  offer('VS', 400, vs3, { brand: 'Economy Light', duration: 425 }),
  offer('AA', 450, aa, { brand: 'Main Cabin', bags: 1, duration: 610 }),
  offer('VS', 480, vs4030, { brand: 'Economy Classic', bags: 1, duration: 430 }),
  offer('VS', 520, vs3, { brand: 'Economy Classic', bags: 1, duration: 425 }),
  offer('VS', 530, vs3, { brand: 'Economy Classic', bags: 1, duration: 425, source: 'DUFFEL' }),
  offer('BA', 300, ba, { brand: 'Basic', duration: 659 }),
  offer('VS', 1900, vs3, { brand: 'Upper Class', bags: 2, refundable: true, duration: 425 }),
];

describe('itineraries: one row per set of flights, its brands side by side', () => {
  const rows = groupItineraries(OFFERS);

  it('groups the same flights (number and time) into one row, its fares cheapest first, whatever the source', () => {
    expect(rows.map((r) => r.slices[0]!.segments.map((s) => s.marketing_carrier + s.flight_number).join('+'))).toEqual([
      'VS3',
      'AA100+AA50',
      'VS4030',
      'BA1+BA2+BA3',
    ]);
    expect(rows[0]!.offers.map((o) => [o.fare_brand, o.total_amount, o.source])).toEqual([
      ['Economy Light', 400, 'VS'],
      ['Economy Classic', 520, 'VS'],
      ['Economy Classic', 530, 'DUFFEL'],
      ['Upper Class', 1900, 'VS'],
    ]);
    expect(rows.map((r) => r.stops)).toEqual([0, 1, 0, 2]);
    expect(rows[2]!.airlines).toEqual(['VS']);
  });

  it('does not group the same flight numbers on another departure', () => {
    const later = offer('VS', 410, [seg('VS3', 'JFK-LHR', '2026-12-13T19:00', '2026-12-14T07:05')]);
    expect(groupItineraries([...OFFERS, later])).toHaveLength(5);
  });

  it('sorts by the cheapest brand, the total duration, or the departure', () => {
    const order = (sort: 'price' | 'duration' | 'departure') =>
      filterItineraries(rows, NO_FILTERS, sort).map((r) => r.slices[0]!.segments[0]!.flight_number);
    expect(order('price')).toEqual(['1', '3', '100', '4030']);
    expect(order('duration')).toEqual(['3', '4030', '100', '1']);
    expect(order('departure')).toEqual(['100', '1', '3', '4030']);
  });

  it('filters rows by airline (owner or marketing carrier), stops and the outbound’s departure and arrival time', () => {
    const flights = (filters: Partial<typeof NO_FILTERS>) =>
      filterItineraries(rows, { ...NO_FILTERS, ...filters }, 'price').map((r) => r.key.split('@')[0]);
    expect(flights({ airlines: ['VS'] })).toEqual(['VS3', 'VS4030']);
    expect(flights({ airlines: ['AA', 'BA'] })).toEqual(['BA1', 'AA100']);
    expect(flights({ stops: ['0'] })).toEqual(['VS3', 'VS4030']);
    expect(flights({ stops: ['1', '2+'] })).toEqual(['BA1', 'AA100']);
    expect(flights({ departure: ['evening'] })).toEqual(['VS3', 'VS4030']);
    expect(flights({ departure: ['morning', 'afternoon'] })).toEqual(['BA1', 'AA100']);
    expect(flights({ arrival: ['night'] })).toEqual(['AA100']);
    expect(flights({ arrival: ['morning'], stops: ['0'], airlines: ['VS'] })).toEqual(['VS3', 'VS4030']);
    expect(flights({ airlines: ['DL'] })).toEqual([]);
  });

  it('filters round trips by the return journey’s departure and arrival time too; a one-way row is not held to them', () => {
    /** `outbound` out, then `back` home, as one round-trip offer. */
    const roundTrip = (amount: number, outbound: ListedSegment[], back: ListedSegment[]) => {
      const o = offer(outbound[0]!.marketing_carrier, amount, outbound);
      return { ...o, slices: [...o.slices, { origin: 'LHR', destination: 'JFK', duration_minutes: null, segments: back }] };
    };
    const morningBack = [seg('VS4', 'LHR-JFK', '2026-12-19T08:00', '2026-12-19T11:00')];
    const eveningBack = [seg('VS26', 'LHR-JFK', '2026-12-19T18:30', '2026-12-19T21:35')];
    const trips = groupItineraries([roundTrip(700, vs3, morningBack), roundTrip(650, vs3, eveningBack)]);
    expect(trips).toHaveLength(2);
    const back = (filters: Partial<typeof NO_FILTERS>, from = trips) =>
      filterItineraries(from, { ...NO_FILTERS, ...filters }, 'price').map((r) => r.slices[1]?.segments[0]!.flight_number ?? '-');
    expect(back({})).toEqual(['26', '4']);
    expect(back({ returnDeparture: ['morning'] })).toEqual(['4']);
    expect(back({ returnDeparture: ['evening'] })).toEqual(['26']);
    expect(back({ returnArrival: ['morning', 'afternoon'] })).toEqual(['4']);
    expect(back({ returnArrival: ['evening'] })).toEqual(['26']);
    expect(back({ returnDeparture: ['night'] })).toEqual([]);
    // The outbound's filters still hold the outbound only: both leave JFK in the evening.
    expect(back({ departure: ['evening'], returnDeparture: ['morning'] })).toEqual(['4']);
    expect(filterChoices(trips).returnJourney).toBe(true);
    expect(back({ returnDeparture: ['night'] }, rows)).toHaveLength(rows.length);
  });

  it('filters columns by brand, a checked bag and refundability, and drops a row left without one', () => {
    const refundable = filterItineraries(rows, { ...NO_FILTERS, refundable: true }, 'price');
    expect(refundable).toHaveLength(1);
    expect(refundable[0]!.offers.map((o) => o.fare_brand)).toEqual(['Upper Class']);
    const bags = filterItineraries(rows, { ...NO_FILTERS, bags: true }, 'price');
    expect(bags.map((r) => r.offers.map((o) => o.total_amount))).toEqual([[450], [480], [520, 530, 1900]]);
    const classic = filterItineraries(rows, { ...NO_FILTERS, brands: ['Economy Classic'] }, 'price');
    expect(classic.map((r) => r.offers.length)).toEqual([1, 2]);
    // Sorted by what is left: VS3's cheapest kept fare is 520.
    expect(classic.map((r) => r.key.split('@')[0])).toEqual(['VS4030', 'VS3']);
  });

  it('offers the airlines, brands and stops present as choices', () => {
    expect(filterChoices(rows)).toEqual({
      airlines: ['AA', 'BA', 'VS'],
      brands: ['Basic', 'Economy Classic', 'Economy Light', 'Main Cabin', 'Upper Class'],
      stops: ['0', '1', '2+'],
      returnJourney: false,
    });
  });

  it('shows day changes and durations as airline sites do', () => {
    expect(dayChangeText('2026-12-12T19:00:00', '2026-12-13T07:05:00')).toBe('+1');
    expect(dayChangeText('2026-12-31T22:00:00', '2027-01-02T06:00:00')).toBe('+2');
    expect(dayChangeText('2026-12-13T01:00:00', '2026-12-12T22:30:00')).toBe('-1');
    expect(dayChangeText('2026-12-12T08:00:00', '2026-12-12T11:00:00')).toBe('');
    expect(durationText(425)).toBe('7h 05m');
    expect(durationText(null)).toBe('—');
  });
});

describe('the Book screen in the URL', () => {
  const view: BookView = {
    search: {
      origin: 'jfk',
      destination: 'LHR',
      departureDate: '2026-12-12',
      returnDate: '2026-12-19',
      adults: 2,
      children: 1,
      infants: 0,
      cabin: 'business',
    },
    environment: 'live',
    filters: {
      airlines: ['VS', 'AA'],
      stops: ['0'],
      departure: ['evening'],
      arrival: ['morning', 'night'],
      returnDeparture: ['afternoon'],
      returnArrival: ['evening', 'night'],
      brands: ['Economy Classic', 'Main Cabin & more'],
      bags: true,
      refundable: true,
    },
    sort: 'duration',
  };

  it('round-trips the search, filters and sort, so a reload and a shared link show the same list', () => {
    const query = bookSearch(view);
    expect(query).toContain('from=JFK');
    expect(query).toContain('return_departs=afternoon&return_arrives=evening&return_arrives=night');
    const parsed = parseBookSearch(query.slice(1));
    expect(parsed).toEqual({ ...view, search: { ...view.search, origin: 'JFK' } });
    expect(searchBody(parsed.search!)).toEqual({
      origin: 'JFK',
      destination: 'LHR',
      departure_date: '2026-12-12',
      return_date: '2026-12-19',
      adults: 2,
      children: 1,
      cabin: 'business',
    });
  });

  it('leaves the defaults out and reads an empty query as no search', () => {
    expect(bookSearch({ search: null, environment: 'test', filters: NO_FILTERS, sort: 'price' })).toBe('');
    expect(parseBookSearch('')).toEqual({ search: null, environment: 'test', filters: NO_FILTERS, sort: 'price' });
  });

  it('reads a hand-edited link safely: a bad route or date is no search, bad filter values are dropped', () => {
    expect(parseBookSearch('from=JFK&to=LHR&depart=tomorrow').search).toBeNull();
    expect(parseBookSearch('from=J<script>&to=LHR&depart=2026-12-12').search).toBeNull();
    const odd = parseBookSearch(
      'from=jfk&to=lhr&depart=2026-12-12&return=soon&adults=0&children=12&cabin=steerage&stops=3&stops=0&stops=0' +
        '&departs=dawn&return_departs=noon&return_arrives=night&airline=V&airline=vs&sort=toString&bags=yes&environment=prod',
    );
    expect(odd).toEqual({
      search: {
        origin: 'JFK',
        destination: 'LHR',
        departureDate: '2026-12-12',
        returnDate: '',
        adults: 1,
        children: 0,
        infants: 0,
        cabin: '',
      },
      environment: 'test',
      filters: { ...NO_FILTERS, stops: ['0'], airlines: ['VS'], returnArrival: ['night'] },
      sort: 'price',
    });
  });
});

describe('airlines by name', () => {
  const names = new Map([
    ['VS', 'Virgin Atlantic Airways'],
    ['DL', 'Delta Air Lines'],
  ]);

  it('names an airline from the reference data, the code alone when it has none', () => {
    expect(airlineText('VS', names)).toBe('Virgin Atlantic Airways (VS)');
    expect(airlineText('ZZ', names)).toBe('ZZ');
  });

  it('says who operates a codeshare: the airline’s own name for it first, then the reference data’s', () => {
    const codeshare = { marketing_carrier: 'VS', operating_carrier: 'DL', operating_carrier_name: null };
    expect(operatedByText(codeshare, names)).toBe('operated by Delta Air Lines (DL)');
    expect(operatedByText({ ...codeshare, operating_carrier_name: 'Delta' }, names)).toBe('operated by Delta (DL)');
    expect(operatedByText(codeshare)).toBe('operated by DL');
  });

  it('asks names for every airline the offers name, each once', () => {
    const codeshare = offer('VS', 480, vs4030);
    expect(airlineCodes([codeshare, offer('AA', 450, aa), offer('VS', 400, vs3)])).toEqual(['AA', 'DL', 'VS']);
  });
});

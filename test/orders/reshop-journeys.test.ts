// A reshop keeps each journey's way (issue 47, item 1): over the real AA and VS test systems, new
// dates for a round trip reshop each journey on its own origin and destination, in order; the
// reshop offers carry the brand sold; slices that do not fit the order's journeys are refused
// before any airline call; and both airlines refuse a reshop that drops a journey's way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysAhead } from '../shopping/shopping-fixture.js';
import {
  airlineBooking,
  bookTicketed,
  orderFixture,
  orderPath as path,
  type Airline,
  type OrderFixture,
  type OrderSegment,
} from './order-fixture.js';

let f: OrderFixture;
beforeAll(async () => {
  f = await orderFixture({ withVs: true, env: { SEARCH_RATE_LIMIT_PER_MINUTE: '1000' } });
});
afterAll(async () => f?.close());

const booking = (id: string, airline: Airline) => airlineBooking<{ status: string; flights: { key: string }[] }>(f, id, airline);

interface Segment extends OrderSegment {
  fare_brand: string | null;
  fare_brand_code: string | null;
}
interface Money {
  amount: number;
  currency: string;
}
interface Order {
  order_id: string;
  airline_order_id: string;
  status: string;
  segments: Segment[];
  last_change: { charged: Money; penalty: Money | null; changed_at: string } | null;
}
interface ReshopOffer {
  offer_id: string;
  amount_due: Money;
  penalty: Money;
  fare_brand: string | null;
  fare_brand_code: string | null;
  slices: { origin: string; destination: string; segments: Segment[] }[];
}

/** A ticketed non-stop round trip of the brand (matched on the code for AA, the name for VS). */
async function roundTrip(airline: Airline, origin: string, destination: string, brand: RegExp, days: number, back: number) {
  const res = await f.search({
    origin,
    destination,
    departure_date: daysAhead(days),
    return_date: daysAhead(back),
    adults: 1,
  });
  expect(res.statusCode, res.body).toBe(200);
  const offer = (
    res.json().offers as {
      offer_id: string;
      airline: string;
      fare_brand: string | null;
      fare_brand_code: string | null;
      slices: { segments: unknown[] }[];
    }[]
  ).find(
    (o) =>
      o.airline === airline &&
      brand.test((airline === 'VS' ? o.fare_brand : o.fare_brand_code) ?? '') &&
      o.slices.length === 2 &&
      o.slices.every((s) => s.segments.length === 1),
  );
  if (!offer) throw new Error(`no ${airline} ${brand} non-stop round trip ${origin}-${destination}`);
  return bookTicketed<Order>(f, offer.offer_id);
}

const way = (s: { origin: string; destination: string }) => `${s.origin}-${s.destination}`;

describe('a reshop keeps each journey’s way', () => {
  for (const [airline, origin, destination, brand] of [
    ['AA', 'DFW', 'ORD', /MAINFL/],
    ['VS', 'LHR', 'JFK', /^Economy Classic$/],
  ] as const) {
    it(`${airline} ${origin}–${destination}–${origin} with new dates only: every offer flies out and home on the new dates in the brand sold, and confirming one keeps the flight home`, async () => {
      const order = await roundTrip(airline, origin, destination, brand, 30, 36);
      const sold = order.segments[0]!;

      const reshop = await f.call('POST', path(order.order_id, '/reshop', airline), {
        slices: [{ departure_date: daysAhead(32) }, { departure_date: daysAhead(39) }],
      });
      expect(reshop.statusCode, reshop.body).toBe(200);
      const offers = reshop.json().offers as ReshopOffer[];
      expect(offers.length).toBeGreaterThan(0);
      for (const o of offers) {
        expect(o.slices.map(way)).toEqual([`${origin}-${destination}`, `${destination}-${origin}`]);
        expect(o.slices.map((s) => s.segments[0]!.departing_at.slice(0, 10))).toEqual([daysAhead(32), daysAhead(39)]);
        // The brand the airline reshops in: the one sold.
        expect({ fare_brand: o.fare_brand, fare_brand_code: o.fare_brand_code }).toEqual({
          fare_brand: sold.fare_brand,
          fare_brand_code: sold.fare_brand_code,
        });
        expect(o.fare_brand).not.toBeNull();
      }

      const chosen = offers[0]!;
      const confirmed = await f.call('POST', path(order.order_id, '/change/confirm', airline), { offer_id: chosen.offer_id });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const after = confirmed.json() as Order;
      expect(after.status).toBe('ticketed');
      const live = after.segments.filter((s) => s.status === 'confirmed');
      expect(live.map(way)).toEqual([`${origin}-${destination}`, `${destination}-${origin}`]);
      expect(live.map((s) => s.segment_id)).toEqual(chosen.slices.flatMap((s) => s.segments.map((x) => x.segment_id)));
      // The airline holds the flight home too.
      expect((await booking(order.airline_order_id, airline)).flights).toHaveLength(2);
      // What the airline charged for the change: in the confirm answer and the history's reissued entry.
      expect(order.last_change).toBeNull();
      expect(after.last_change).toEqual({
        charged: chosen.amount_due,
        penalty: chosen.penalty,
        changed_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      });
      const history = (await f.call('GET', path(order.order_id, '/history', airline))).json() as {
        entries: { action: string; detail: Record<string, unknown> }[];
      };
      const minor = (m: Money) => ({ amountMinor: Math.round(m.amount * 100), currency: m.currency });
      expect(history.entries.find((e) => e.action === 'reissued')!.detail).toMatchObject({
        charged: minor(chosen.amount_due),
        penalty: minor(chosen.penalty),
      });
    });
  }

  it('without slices, each journey is reshopped on its own way and booked date', async () => {
    const order = await roundTrip('AA', 'DFW', 'ORD', /MAINFL/, 40, 45);
    const reshop = await f.call('POST', path(order.order_id, '/reshop', 'AA'), {});
    expect(reshop.statusCode, reshop.body).toBe(200);
    for (const o of reshop.json().offers as ReshopOffer[]) {
      expect(o.slices.map(way)).toEqual(['DFW-ORD', 'ORD-DFW']);
      expect(o.slices.map((s) => s.segments[0]!.departing_at.slice(0, 10))).toEqual([daysAhead(40), daysAhead(45)]);
    }
  });

  it('slices that do not match the order’s journeys are 400 naming the slice, and nothing is reshopped', async () => {
    const order = await roundTrip('AA', 'DFW', 'ORD', /MAINFL/, 50, 55);
    // A reshop reaching the airline would answer 502: the 400s below never asked it.
    await f.control('POST', '/control/faults', { kind: 'http5xx', messages: ['OrderReshop'] });
    const cases: [unknown[], string][] = [
      [[{ departure_date: daysAhead(51) }, { departure_date: daysAhead(56) }, { departure_date: daysAhead(60) }], 'slices[2]'],
      [
        [{ departure_date: daysAhead(51) }, { origin: 'ORD', destination: 'LAX', departure_date: daysAhead(56) }],
        'slices[1].destination',
      ],
      [[{ origin: 'ORD', departure_date: daysAhead(51) }], 'slices[0].origin'],
    ];
    try {
      for (const [slices, field] of cases) {
        const res = await f.call('POST', path(order.order_id, '/reshop', 'AA'), { slices });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({ code: 'invalid_request', field });
        expect(res.json().error).toContain(field);
      }
    } finally {
      await f.control('DELETE', '/control/faults');
    }
    // The journeys' own airports, in any case, are the journeys: accepted.
    const same = await f.call('POST', path(order.order_id, '/reshop', 'AA'), {
      slices: [{ origin: 'dfw', destination: 'ORD', departure_date: daysAhead(51) }, { departure_date: daysAhead(56) }],
    });
    expect(same.statusCode, same.body).toBe(200);
  });

  for (const [airline, origin, destination, brand] of [
    ['AA', 'DFW', 'ORD', /MAINFL/],
    ['VS', 'LHR', 'JFK', /^Economy Classic$/],
  ] as const) {
    it(`${airline} itself refuses a reshop of the whole itinerary that drops a journey’s origin and destination`, async () => {
      const order = await roundTrip(airline, origin, destination, brand, 60, 66);
      const connector = f.gateway.connectors.registry.get(airline)!;
      const ref = { airlineOrderId: order.airline_order_id, owner: airline };
      const ctx = { environment: 'test' as const };
      for (const slices of [
        [{ origin, destination, departureDate: daysAhead(61) }],
        [
          { origin, destination, departureDate: daysAhead(61) },
          { origin, destination, departureDate: daysAhead(67) },
        ],
      ]) {
        const answer = await connector.reshopOrder(ref, { slices, cabin: null }, ctx);
        expect(answer.ok).toBe(false);
        if (answer.ok) continue;
        expect(answer.failure.kind).toBe('refused');
        expect(answer.failure.message).toMatch(new RegExp(`${destination}.*${origin}`));
      }
      // The booking is untouched: out and home as sold.
      expect((await booking(order.airline_order_id, airline)).flights).toHaveLength(2);
    });
  }
});

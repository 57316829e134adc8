// Smaller after-sale truths (issue 47, item 9), over the real AA and VS test systems: a cancellation
// inside the 24-hour window says what it refunded and keeps what was paid; an order whose only
// flight the airline cancelled offers no change, seats or extras; cancelling the return of a round
// trip re-prices the outbound on its own rather than prorating the fare.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsForOrder } from '../../src/orders/event-outbox-store.js';
import { daysAhead } from '../shopping/shopping-fixture.js';
import {
  airlineBooking,
  bookTicketed,
  airlineUrl,
  orderFixture,
  orderPath as path,
  PASSENGER,
  type Airline,
  type OrderFixture,
  ownNonStopOfBrand,
  type BrandedOffer,
} from './order-fixture.js';

let f: OrderFixture;
beforeAll(async () => {
  f = await orderFixture({ withVs: true, env: { SEARCH_RATE_LIMIT_PER_MINUTE: '1000' } });
});
afterAll(async () => f?.close());

const base = (airline: Airline) => airlineUrl(f, airline);
const booking = (id: string, airline: Airline) =>
  airlineBooking<{
    status: string;
    paidCents: number;
    refundedCents: number;
    flights: { key: string }[];
    tickets: { couponStatus: string }[];
  }>(f, id, airline);

interface Order {
  order_id: string;
  airline_order_id: string;
  status: string;
  total: number;
  currency: string;
  refund: { amount: number; currency: string; method: string; refunded_at: string } | null;
  available_actions: string[];
  segments: { segment_id: string; status: string }[];
  tickets: { coupons: { state: string }[] }[];
}

/** A ticketed one-way non-stop of the brand (the code for AA, the name for VS), bought now. */
async function paidOrder(airline: Airline, origin: string, destination: string, brand: RegExp, days: number) {
  const res = await f.search({ origin, destination, departure_date: daysAhead(days), adults: 1 });
  expect(res.statusCode, res.body).toBe(200);
  const offer = ownNonStopOfBrand(res.json().offers as BrandedOffer[], airline, brand);
  if (!offer) throw new Error(`no ${airline} ${brand} non-stop ${origin}-${destination} in ${days} days`);
  return bookTicketed<Order>(f, offer.offer_id);
}

describe('after-sale truths', () => {
  for (const [airline, origin, destination, brand] of [
    ['AA', 'JFK', 'LAX', /-MAIN$/],
    ['VS', 'LHR', 'JFK', /^Economy Classic$/],
  ] as const) {
    it(`${airline}: a non-refundable fare cancelled inside 24 hours keeps what was paid and says what was refunded, and how`, async () => {
      const order = await paidOrder(airline, origin, destination, brand, 40);
      const quote = await f.call('POST', path(order.order_id, '/cancel', airline), {});
      expect(quote.statusCode, quote.body).toBe(200);
      // The airline's 24-hour rule: everything back, no penalty.
      expect(quote.json()).toMatchObject({ refund: { amount: order.total, currency: order.currency }, penalty: { amount: 0 } });

      const confirmed = await f.call('POST', path(order.order_id, '/cancel/confirm', airline), {});
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const after = confirmed.json() as Order;
      // The coupons are refunded at the airline: the cancelled order says what came back, and how.
      expect(after.tickets.flatMap((t) => t.coupons.map((c) => c.state))).toEqual(['refunded']);
      expect(after.status).toBe('cancelled');
      expect(after.total).toBe(order.total);
      expect(after.currency).toBe(order.currency);
      expect(after.refund).toEqual({
        amount: order.total,
        currency: order.currency,
        method: 'original_form_of_payment',
        refunded_at: expect.any(String),
      });
      expect(after.available_actions).toEqual([]);
      // The same when read again; a refund asked now records it as made (the contract's `refunded`), nothing new.
      const read = (await f.call('GET', path(order.order_id, '', airline))).json() as Order;
      expect(read).toMatchObject({ status: 'cancelled', total: order.total, refund: after.refund, available_actions: [] });
      const refund = await f.call('POST', path(order.order_id, '/refund', airline));
      expect([refund.statusCode, refund.json()]).toEqual([202, { order_id: order.order_id, status: 'refunded' }]);
      const closed = (await f.call('GET', path(order.order_id, '', airline))).json() as Order;
      expect(closed).toMatchObject({ status: 'refunded', total: order.total, refund: after.refund, available_actions: [] });
      expect((await eventsForOrder(f.platform.db, order.order_id)).map((e) => e.event)).toEqual([
        'order.created',
        'order.cancelled',
        'order.refunded',
      ]);
      const airlineSide = await booking(order.airline_order_id, airline);
      expect(airlineSide.refundedCents).toBe(airlineSide.paidCents);
    });
  }

  for (const [airline, origin, destination, brand] of [
    ['AA', 'JFK', 'LAX', /-MAIN$/],
    ['VS', 'LHR', 'JFK', /^Economy Classic$/],
  ] as const) {
    it(`${airline}: an order whose only flight the airline cancelled offers no change, seats or extras`, async () => {
      const order = await paidOrder(airline, origin, destination, brand, 44);
      const [flight] = (await booking(order.airline_order_id, airline)).flights;
      const date = flight!.key.split('/')[1]!;
      // No alternative: every other departure from the origin that day and the next closed (no
      // non-stop, nor a connection's first flight).
      for (const day of [date, daysAhead(45)]) {
        const res = await fetch(`${base(airline)}/control/flights?origin=${origin}&date=${day}`);
        const { flights } = (await res.json()) as { flights: { flight: string }[] };
        for (const other of flights.filter((o) => o.flight !== flight!.key))
          await f.control('POST', '/control/inventory/close', { flightKey: other.flight }, airline);
      }
      const res = await fetch(`${base(airline)}/control/schedule-changes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ flight: flight!.key, change: 'cancel', notify: false }),
      });
      expect(res.status, await res.text()).toBe(200);
      const after = (await f.call('GET', `${path(order.order_id, '', airline)}&refresh=true`)).json() as Order;
      expect(after.status).toBe('ticketed');
      expect(after.segments.map((s) => s.status)).toEqual(['cancelled']);
      // What is left to do: cancel it, take the refund owed, or accept the change.
      expect(after.available_actions).toEqual(['cancel', 'refund', 'accept_change']);
    });
  }

  for (const [airline, origin, destination, brand] of [
    ['AA', 'JFK', 'LHR', /MAINFL/],
    ['VS', 'LHR', 'JFK', /^Economy Classic Flex$/],
  ] as const) {
    it(`${airline}: cancelling the return of a ${origin}–${destination} round trip re-prices the outbound as a one-way, not half the fare`, async () => {
      const res = await f.search({
        origin,
        destination,
        departure_date: daysAhead(50),
        return_date: daysAhead(57),
        adults: 1,
      });
      expect(res.statusCode, res.body).toBe(200);
      type Found = {
        offer_id: string;
        airline: string;
        total_amount: number;
        fare_brand: string | null;
        fare_brand_code: string | null;
        slices: { segments: { segment_id: string; operating_carrier: string }[] }[];
      };
      const mine = (o: Found) =>
        o.airline === airline &&
        brand.test((airline === 'VS' ? o.fare_brand : o.fare_brand_code) ?? '') &&
        o.slices.every((sl) => sl.segments.length === 1 && sl.segments[0]!.operating_carrier === airline);
      const offer = (res.json().offers as Found[]).find((o) => mine(o) && o.slices.length === 2);
      if (!offer) throw new Error(`no ${airline} ${brand} non-stop round trip ${origin}-${destination}`);
      const created = await f.call('POST', '/v1/orders', {
        offer_id: offer.offer_id,
        passengers: [PASSENGER],
        payment: { type: 'agency_account' },
      });
      expect(created.statusCode, created.body).toBe(201);
      const order = created.json() as Order;
      const [out, back] = order.segments as [Order['segments'][number], Order['segments'][number]];
      // The outbound alone, as the airline fares it now: a one-way of the same brand on the same flight.
      const oneWay = await f.search({ origin, destination, departure_date: daysAhead(50), adults: 1 });
      const alone = (oneWay.json().offers as Found[]).find(
        (o) => mine(o) && o.slices.length === 1 && o.slices[0]!.segments[0]!.segment_id === out.segment_id,
      );
      if (!alone) throw new Error(`no one-way ${brand} on ${out.segment_id}`);

      const quote = await f.call('POST', path(order.order_id, '/cancel', airline), { segment_ids: [back.segment_id] });
      expect(quote.statusCode, quote.body).toBe(200);
      const q = quote.json() as {
        scope: string;
        refund: { amount: number };
        penalty: { amount: number };
        trip_credit: { amount: number };
      };
      expect(q.scope).toBe('partial');
      // What the return takes off is what was paid less the outbound's own fare, not half of it.
      const value = q.refund.amount + q.penalty.amount + q.trip_credit.amount;
      expect(value).toBeCloseTo(order.total - alone.total_amount, 2);
      expect(value).not.toBeCloseTo(order.total / 2, 0);

      const done = await f.call('POST', path(order.order_id, '/cancel/confirm', airline), {});
      expect(done.statusCode, done.body).toBe(200);
      const after = (await f.call('GET', path(order.order_id, '', airline))).json() as Order;
      expect(after.segments.map((x) => x.status)).toEqual(['confirmed', 'cancelled']);
      // The order now costs the outbound's one-way fare.
      expect(after.total).toBeCloseTo(alone.total_amount, 2);
    });
  }
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsForOrder } from '../../src/orders/event-outbox-store.js';
import { orderFixture, type OrderFixture } from '../orders/order-fixture.js';

// A fare in a currency with 0 (CLP, JPY), 2 (USD) or 3 (KWD) decimals shows one amount on every
// surface a seller sees it: search, the booked order, its reprice and reshop, and the order events a
// webhook delivers. The AA test system files Santiago and Tokyo departures in CLP and JPY (its
// market rule) and KWD on request (POST /control/pricing), so each amount crosses the wire as
// NDC decimal text both ways.

let f: OrderFixture;
beforeAll(async () => {
  f = await orderFixture();
});
afterAll(async () => f?.close());

const DIGITS: Record<string, number> = { CLP: 0, JPY: 0, USD: 2, KWD: 3 };
/** A decimal the API shows back in minor units: exact for every amount these currencies can hold. */
const minor = (amount: number, currency: string) => Math.round(amount * 10 ** DIGITS[currency]!);
const path = (id: string, tail = '') => `/v1/orders/${encodeURIComponent(id)}${tail}?airline=AA`;

const cases = [
  { currency: 'CLP', origin: 'SCL', destination: 'MIA', filed: null },
  { currency: 'JPY', origin: 'HND', destination: 'DFW', filed: null },
  // The gateway caches searches: the KWD route is not shopped again in another currency here.
  { currency: 'KWD', origin: 'JFK', destination: 'LAX', filed: 'KWD' },
  { currency: 'USD', origin: 'ORD', destination: 'MIA', filed: null },
] as const;

describe('one amount on every surface', () => {
  for (const c of cases) {
    it(`a ${c.currency} fare ${c.origin}-${c.destination}: search, order, quote, commit, reshop and events agree`, async () => {
      if (c.filed) await f.control('POST', '/control/pricing', { currency: c.filed });
      try {
        const offer = (await f.offer(c.origin, c.destination, /MAIN/, 30)) as {
          offer_id: string;
          total_amount: number;
          currency: string;
          passengers: { total_amount: number }[];
        };
        expect(offer.currency).toBe(c.currency);
        const total = offer.total_amount;
        expect(Number.isInteger(total * 10 ** DIGITS[c.currency]!)).toBe(true);
        // A round number in the currency's scale: not cents read as whole pesos or fils read as cents.
        if (c.currency === 'CLP') expect(total).toBeGreaterThan(50_000);
        if (c.currency === 'JPY') expect(total).toBeGreaterThan(10_000);
        if (c.currency === 'KWD') expect(total).toBeLessThan(2_000);
        expect(offer.passengers[0]!.total_amount).toBe(total);

        const held = await f.hold(offer.offer_id);
        expect(held.statusCode, held.body).toBe(201);
        const order = held.json() as { order_id: string; airline_order_id: string; total: number; currency: string };
        expect({ total: order.total, currency: order.currency }).toEqual({ total, currency: c.currency });

        // What the airline booked, in its own minor units, is the same amount.
        const airline = (await (await fetch(`${f.aa.url}/control/orders/${order.airline_order_id}`)).json()) as {
          currency: string;
          totalCents: number;
        };
        expect(airline).toMatchObject({ currency: c.currency, totalCents: minor(total, c.currency) });

        const read = await f.call('GET', `/v1/orders/${encodeURIComponent(order.order_id)}`);
        expect(read.json()).toMatchObject({ total, currency: c.currency });

        const quote = await f.call('POST', path(order.order_id, '/quote'), {});
        expect(quote.statusCode, quote.body).toBe(200);
        expect(quote.json().total).toEqual({ amount: total, currency: c.currency });

        // Paying sends the amount back to the airline as decimal text; a wrong scale is refused there.
        const paid = await f.call('POST', path(order.order_id, '/commit'), { payment: { type: 'agency_account' } });
        expect(paid.statusCode, paid.body).toBe(200);
        expect(paid.json()).toMatchObject({ status: 'ticketed', total, currency: c.currency });

        const reshop = await f.call('POST', path(order.order_id, '/reshop'), {});
        expect(reshop.statusCode, reshop.body).toBe(200);
        const offers = reshop.json().offers as {
          total_amount: number;
          currency: string;
          fare_difference: { amount: number; currency: string };
        }[];
        expect(offers.length).toBeGreaterThan(0);
        for (const o of offers) {
          expect(o.currency).toBe(c.currency);
          expect(o.fare_difference.currency).toBe(c.currency);
          // New fare minus the difference is the fare the order was sold at.
          expect(minor(o.total_amount, c.currency) - minor(o.fare_difference.amount, c.currency)).toBe(minor(total, c.currency));
        }

        const events = await eventsForOrder(f.platform.db, order.order_id);
        const created = events.find((e) => e.event === 'order.created');
        const ticketed = events.find((e) => e.event === 'order.ticketed');
        expect(created?.payload).toMatchObject({ total, currency: c.currency });
        expect(ticketed?.payload).toMatchObject({ total, currency: c.currency });
      } finally {
        if (c.filed) await f.control('POST', '/control/pricing', { currency: null });
      }
    });
  }

  it('a CLP fare with a paid seat: seat map, order extra, total, payment and event agree in pesos', async () => {
    const offer = await f.offer('SCL', 'MIA', /MAIN/, 34);
    const enc = encodeURIComponent;
    const maps = (await f.call('GET', `/v1/offers/${enc(offer.offer_id)}/seats`)).json() as {
      seat_maps: {
        segment_id: string;
        seats: { seat: string; available: boolean; price_amount: number | null; currency: string | null }[];
      }[];
    };
    const map = maps.seat_maps[0]!;
    const seat = map.seats.find((s) => s.available && s.price_amount !== null)!;
    expect(seat.currency).toBe('CLP');
    expect(Number.isInteger(seat.price_amount)).toBe(true);
    expect(seat.price_amount).toBeGreaterThan(1_000); // pesos, not dollars
    const created = await f.hold(offer.offer_id, {
      seats: [{ segment_id: map.segment_id, passenger_id: 'PAX1', designator: seat.seat }],
      payment: { type: 'agency_account' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json() as {
      order_id: string;
      status: string;
      total: number;
      currency: string;
      extras: { price: unknown }[];
    };
    expect(order).toMatchObject({ status: 'ticketed', currency: 'CLP', total: offer.total_amount + seat.price_amount! });
    expect(order.extras[0]!.price).toEqual({ amount: seat.price_amount, currency: 'CLP' });
    const announced = (await eventsForOrder(f.platform.db, order.order_id)).find((e) => e.event === 'order.created');
    expect(announced?.payload).toMatchObject({ total: order.total, currency: 'CLP' });
  });

  it('the pricing control refuses a currency it has no filing rate for, naming the field', async () => {
    const res = await fetch(`${f.aa.url}/control/pricing`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ currency: 'XYZ' }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/^currency must be null or one of USD, CLP/);
  });
});

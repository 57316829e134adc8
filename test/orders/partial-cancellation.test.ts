import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsForOrder } from '../../src/orders/event-outbox-store.js';
import { daysAhead } from '../shopping/shopping-fixture.js';
import { airlineBooking, orderFixture, orderPath as path, type OrderFixture } from './order-fixture.js';

let f: OrderFixture;
beforeAll(async () => {
  f = await orderFixture();
});
afterAll(async () => f?.close());

const control = async (tail: string, init?: RequestInit) => (await fetch(`${f.aa.url}/control${tail}`, init)).json();
const airline = (id: string) => airlineBooking<{ status: string; passengers: { id: string }[]; refundedCents: number }>(f, id);
const seatsSold = async () => ((await control('/state')) as { inventory: { seatsSold: number } }).inventory.seatsSold;

const ADA = { given_name: 'Ada', family_name: 'Lovelace', born_on: '1985-12-10', email: 'ada@example.com' };
const BOB = { given_name: 'Bob', family_name: 'Lovelace', born_on: '1984-02-01' };
const BABY = { given_name: 'Eve', family_name: 'Lovelace', born_on: daysAhead(-200), type: 'infant' };

interface Shop {
  adults?: number;
  infants?: number;
  brand?: RegExp;
  days?: number;
  returnDays?: number;
  origin?: string;
  destination?: string;
}

/** A ticketed (or held) order of a shopped offer: non-stop flights, the brand asked for. */
async function book(shop: Shop, passengers: object[], payment: object = { type: 'agency_account' }) {
  const { adults = 1, infants = 0, brand = /MAINFL/, days = 30, returnDays, origin = 'JFK', destination = 'LAX' } = shop;
  const res = await f.search({
    origin,
    destination,
    departure_date: daysAhead(days),
    ...(returnDays ? { return_date: daysAhead(returnDays) } : {}),
    adults,
    infants,
  });
  expect(res.statusCode, res.body).toBe(200);
  const offers = res.json().offers as { offer_id: string; fare_brand_code: string | null; slices: { segments: unknown[] }[] }[];
  const offer = offers.find((o) => brand.test(o.fare_brand_code ?? '') && o.slices.every((s) => s.segments.length === 1));
  if (!offer) throw new Error(`no ${brand} non-stop offer ${origin}-${destination}`);
  const created = await f.call('POST', '/v1/orders', { offer_id: offer.offer_id, passengers, payment });
  expect(created.statusCode, created.body).toBe(201);
  return created.json() as {
    order_id: string;
    airline_order_id: string;
    status: string;
    total: number;
    passengers: { passenger_id: string }[];
    segments: { segment_id: string; status: string }[];
  };
}

const history = async (id: string) =>
  (await f.call('GET', `/v1/orders/${encodeURIComponent(id)}/history`)).json().entries as {
    action: string;
    actor: { kind: string; id: string | null };
    detail: Record<string, unknown>;
  }[];
const events = async (id: string) => (await eventsForOrder(f.platform.db, id)).map((e) => e.event);

describe('partial cancellation', () => {
  it('one passenger of two: a quote for that part, confirm keeps the order open for the other, order.updated, history names who and what', async () => {
    const order = await book({ adults: 2 }, [ADA, BOB]);
    const sold = await seatsSold();
    const quote = await f.call('POST', path(order.order_id, '/cancel'), { Passenger_IDs: ['PAX2'], reason: 'Bob stays home' });
    expect(quote.statusCode, quote.body).toBe(200);
    const q = quote.json();
    expect(q).toMatchObject({ scope: 'partial', passenger_ids: ['PAX2'], segment_ids: [], reason: 'Bob stays home' });
    // Main Cabin Flexible refunds in cash: one passenger's half of the fare.
    expect(q.refund.amount).toBeCloseTo(order.total / 2, 2);
    expect(q.penalty.amount).toBe(0);

    const done = await f.call('POST', path(order.order_id, '/cancel/confirm'), {});
    expect(done.statusCode, done.body).toBe(200);
    const after = (await f.call('GET', `/v1/orders/${encodeURIComponent(order.order_id)}`)).json();
    expect(after.status).toBe('ticketed');
    expect(after.passengers.map((p: { passenger_id: string }) => p.passenger_id)).toEqual(['PAX1']);
    expect(after.total).toBeCloseTo(order.total / 2, 2);
    expect(after.tickets.map((t: { passenger_id: string }) => t.passenger_id)).toEqual(['PAX1']);
    expect((await airline(order.airline_order_id)).passengers.map((p) => p.id)).toEqual(['PAX1']);
    expect(await seatsSold()).toBe(sold - 1);
    expect(await events(order.order_id)).toEqual(['order.created', 'order.updated']);
    const entry = (await history(order.order_id)).at(-1)!;
    expect(entry.action).toBe('partially_cancelled');
    expect(entry.actor.kind).toBe('api_key');
    expect(entry.detail).toMatchObject({
      removed: { passenger_ids: ['PAX2'], segment_ids: [] },
      reason: 'Bob stays home',
      refund: { amountMinor: Math.round(q.refund.amount * 100), currency: 'USD' },
    });
  });

  it('one segment of a round trip: the order stays open with the other, the segment shows cancelled; the last one is a full cancellation', async () => {
    const order = await book({ returnDays: 37 }, [ADA]);
    expect(order.segments).toHaveLength(2);
    const [out, back] = order.segments.map((s) => s.segment_id) as [string, string];
    const quote = await f.call('POST', path(order.order_id, '/cancel'), { segment_ids: [back] });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toMatchObject({ scope: 'partial', segment_ids: [back], passenger_ids: [] });
    expect(quote.json().refund.amount).toBeGreaterThan(0);
    expect(quote.json().refund.amount).toBeLessThan(order.total);
    const done = await f.call('POST', path(order.order_id, '/cancel/confirm'), {
      cancellation_quote_id: quote.json().cancellation_quote_id,
    });
    expect(done.statusCode, done.body).toBe(200);
    const after = (await f.call('GET', `/v1/orders/${encodeURIComponent(order.order_id)}`)).json();
    expect(after.status).toBe('ticketed');
    expect(after.segments.map((s: { status: string }) => s.status)).toEqual(['confirmed', 'cancelled']);
    expect(after.total).toBeLessThan(order.total);
    // Cancelling it again names it; cancelling what remains is the whole order.
    const again = await f.call('POST', path(order.order_id, '/cancel'), { segment_ids: [back] });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: 'segment_already_cancelled', field: 'segment_ids', segment_ids: [back] });
    const rest = await f.call('POST', path(order.order_id, '/cancel'), { segment_ids: [out] });
    expect(rest.json()).toMatchObject({ scope: 'order', segment_ids: [out] });
    expect((await f.call('POST', path(order.order_id, '/cancel/confirm'), {})).statusCode).toBe(200);
    expect((await airline(order.airline_order_id)).status).toBe('CANCELLED');
    expect(await events(order.order_id)).toEqual(['order.created', 'order.updated', 'order.cancelled']);
  });

  it('every passenger named is the whole order: order.cancelled', async () => {
    const order = await book({ adults: 2, days: 33 }, [ADA, BOB]);
    const quote = await f.call('POST', path(order.order_id, '/cancel'), { passenger_ids: ['PAX1', 'PAX2'] });
    expect(quote.json().scope).toBe('order');
    const done = await f.call('POST', path(order.order_id, '/cancel/confirm'), {});
    expect(done.json().status).toBe('cancelled');
    expect(await events(order.order_id)).toEqual(['order.created', 'order.cancelled']);
  });

  it('an infant is not left without its adult: 422 naming the infant, nothing changed; with the infant both go', async () => {
    const order = await book({ adults: 2, infants: 1 }, [ADA, BOB, BABY]);
    const both = await f.call('POST', path(order.order_id, '/cancel'), { passenger_ids: ['PAX1', 'PAX2'] });
    expect(both.statusCode, both.body).toBe(422);
    expect(both.json()).toMatchObject({ code: 'infant_without_adult', field: 'passenger_ids', passenger_ids: ['PAX3'] });
    expect(both.json().error).toMatch(/PAX3/);
    // One adult may go: the other stays with the infant.
    const one = await f.call('POST', path(order.order_id, '/cancel'), { passenger_ids: ['PAX2'] });
    expect(one.statusCode, one.body).toBe(200);
    expect((await airline(order.airline_order_id)).passengers).toHaveLength(3);
    expect(await events(order.order_id)).toEqual(['order.created']);
  });

  it('unknown ids and mixed parts are refused naming the field and ids; nothing is written', async () => {
    const order = await book({ adults: 2, days: 34 }, [ADA, BOB]);
    const before = await history(order.order_id);
    const pax = await f.call('POST', path(order.order_id, '/cancel'), { passenger_ids: ['PAX9'] });
    expect(pax.statusCode).toBe(422);
    expect(pax.json()).toMatchObject({ code: 'unknown_passenger', field: 'passenger_ids', passenger_ids: ['PAX9'] });
    const seg = await f.call('POST', path(order.order_id, '/cancel'), { segment_ids: ['AA1-JFKLAX-20300101'] });
    expect(seg.json()).toMatchObject({ code: 'unknown_segment', field: 'segment_ids', segment_ids: ['AA1-JFKLAX-20300101'] });
    const stray = await f.call('POST', path(order.order_id, '/cancel'), { passenger_ids: ['PAX1'], seats: [] });
    expect(stray.statusCode).toBe(400);
    expect(await history(order.order_id)).toEqual(before);
    expect((await airline(order.airline_order_id)).passengers).toHaveLength(2);
  });

  it('a flown segment cannot be cancelled (the airline clock moved past its departure)', async () => {
    const order = await book({ days: 10, returnDays: 17 }, [ADA]);
    const [out, back] = order.segments.map((s) => s.segment_id) as [string, string];
    await f.control('POST', '/control/clock', { advanceSeconds: 12 * 86_400 });
    try {
      const flown = await f.call('POST', path(order.order_id, '/cancel'), { segment_ids: [out] });
      expect(flown.statusCode, flown.body).toBe(422);
      expect(flown.json()).toMatchObject({ code: 'segment_flown', field: 'segment_ids', segment_ids: [out] });
      const later = await f.call('POST', path(order.order_id, '/cancel'), { segment_ids: [back] });
      expect(later.statusCode, later.body).toBe(200);
    } finally {
      await fetch(`${f.aa.url}/control/clock`, { method: 'DELETE' });
    }
  });
});

describe('partial cancellation of a fare that cancels to credit (AA Main Cabin after 24 hours)', () => {
  const credits = async (id: string) =>
    (await f.call('GET', `/v1/orders/${encodeURIComponent(id)}`)).json().credits as {
      passenger_id: string;
      ticket_number: string | null;
      amount: number;
      currency: string;
      expires_at: string;
      status: string;
    }[];
  const listedWithCredit = async () =>
    ((await f.call('GET', '/v1/orders?has_credit=true&limit=100')).json().orders as { order_id: string }[]).map(
      (o) => o.order_id,
    );

  it("one passenger taken off keeps the value of that passenger's ticket as credit on the order", async () => {
    const order = await book({ adults: 2, days: 45, brand: /-MAIN$/ }, [ADA, BOB]);
    const bobTicket = (await f.call('GET', path(order.order_id)))
      .json()
      .tickets.find((t: { passenger_id: string }) => t.passenger_id === 'PAX2').ticket_number as string;
    await f.control('POST', '/control/clock', { advanceSeconds: 25 * 3600 });
    try {
      const quote = await f.call('POST', path(order.order_id, '/cancel'), { passenger_ids: ['PAX2'] });
      expect(quote.statusCode, quote.body).toBe(200);
      const credit = quote.json().trip_credit as { amount: number; currency: string };
      expect(credit.amount).toBeGreaterThan(0);
      expect(quote.json().refund.amount).toBe(0);
      const done = await f.call('POST', path(order.order_id, '/cancel/confirm'), {
        cancellation_quote_id: quote.json().cancellation_quote_id,
      });
      expect(done.statusCode, done.body).toBe(200);
      const held = await credits(order.order_id);
      expect(held).toEqual([
        {
          passenger_id: 'PAX2',
          ticket_number: bobTicket,
          credit_id: `crd_${bobTicket}`,
          amount: credit.amount,
          currency: credit.currency,
          expires_at: expect.stringMatching(/T23:59:59\.000Z$/),
          status: 'available',
        },
      ]);
      expect(await listedWithCredit()).toContain(order.order_id);
      const after = (await f.call('GET', path(order.order_id))).json();
      expect(after.status).toBe('ticketed');
      expect(after.passengers.map((p: { passenger_id: string }) => p.passenger_id)).toEqual(['PAX1']);
    } finally {
      await f.control('DELETE', '/control/clock');
    }
  });

  it('one segment of a round trip cancelled keeps its value as credit on the tickets, its coupon open (not void)', async () => {
    const order = await book({ days: 46, returnDays: 52, brand: /-MAIN$/ }, [ADA]);
    const [, back] = order.segments.map((s) => s.segment_id) as [string, string];
    await f.control('POST', '/control/clock', { advanceSeconds: 25 * 3600 });
    try {
      const quote = await f.call('POST', path(order.order_id, '/cancel'), { segment_ids: [back] });
      expect(quote.statusCode, quote.body).toBe(200);
      const credit = quote.json().trip_credit as { amount: number; currency: string };
      expect(credit.amount).toBeGreaterThan(0);
      const done = await f.call('POST', path(order.order_id, '/cancel/confirm'), {
        cancellation_quote_id: quote.json().cancellation_quote_id,
      });
      expect(done.statusCode, done.body).toBe(200);
      const after = (await f.call('GET', path(order.order_id))).json();
      expect(after.segments.map((s: { status: string }) => s.status)).toEqual(['confirmed', 'cancelled']);
      expect(after.credits).toEqual([
        expect.objectContaining({ passenger_id: 'PAX1', amount: credit.amount, currency: credit.currency, status: 'available' }),
      ]);
      const coupons = after.tickets[0].coupons as { segment_id: string; state: string }[];
      expect(coupons.find((c) => c.segment_id === back)?.state).toBe('open');
      expect(await listedWithCredit()).toContain(order.order_id);
    } finally {
      await f.control('DELETE', '/control/clock');
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsForOrder } from '../../src/orders/event-outbox-store.js';
import { daysAhead } from '../shopping/shopping-fixture.js';
import {
  airlineBooking,
  orderFixture,
  orderPath as path,
  type OrderFixture,
  type OrderSegment as Segment,
} from './order-fixture.js';

let f: OrderFixture;
beforeAll(async () => {
  f = await orderFixture();
});
afterAll(async () => f?.close());

const control = async (tail: string, init?: RequestInit) => (await fetch(`${f.aa.url}/control${tail}`, init)).json();
const airline = (id: string) =>
  airlineBooking<{
    status: string;
    flights: { key: string }[];
    tickets: { number: string; paxId: string; couponStatus: string }[];
  }>(f, id);
const seatsSold = async () => ((await control('/state')) as { inventory: { seatsSold: number } }).inventory.seatsSold;

const ADA = { given_name: 'Ada', family_name: 'Lovelace', born_on: '1985-12-10', email: 'ada@example.com' };
const BOB = { given_name: 'Bob', family_name: 'Lovelace', born_on: '1984-02-01' };

interface Order {
  order_id: string;
  airline_order_id: string;
  status: string;
  total: number;
  segments: Segment[];
  tickets: { ticket_number: string; coupons: { segment_id: string; status: string }[] }[];
}

/** A paid round trip of the brand, each way `legs` flights long. */
async function roundTrip(
  opts: { origin: string; destination: string; days: number; back: number; legs: number },
  pax: object[] = [ADA],
) {
  const res = await f.search({
    origin: opts.origin,
    destination: opts.destination,
    departure_date: daysAhead(opts.days),
    return_date: daysAhead(opts.back),
    adults: pax.length,
  });
  expect(res.statusCode, res.body).toBe(200);
  const offers = res.json().offers as { offer_id: string; fare_brand_code: string | null; slices: { segments: unknown[] }[] }[];
  const offer = offers.find(
    (o) =>
      /MAINFL/.test(o.fare_brand_code ?? '') && o.slices.length === 2 && o.slices.every((s) => s.segments.length === opts.legs),
  );
  if (!offer) throw new Error(`no MAINFL round trip ${opts.origin}-${opts.destination} of ${opts.legs} legs each way`);
  const created = await f.call('POST', '/v1/orders', {
    offer_id: offer.offer_id,
    passengers: pax,
    payment: { type: 'agency_account' },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json() as Order;
}

const read = async (id: string) => (await f.call('GET', `/v1/orders/${encodeURIComponent(id)}`)).json() as Order;
const history = async (id: string) =>
  (await f.call('GET', `/v1/orders/${encodeURIComponent(id)}/history`)).json().entries as {
    action: string;
    detail: Record<string, unknown>;
  }[];
const events = async (id: string) => (await eventsForOrder(f.platform.db, id)).map((e) => e.event);

describe('partial reissue (one journey of the order)', () => {
  it('the return of a round trip to a later date: quote, confirm; the outbound stays as booked and ticketed, the return is new, tickets reissued, order.updated once', async () => {
    const order = await roundTrip({ origin: 'JFK', destination: 'LAX', days: 30, back: 37, legs: 1 }, [ADA, BOB]);
    const [out, back] = order.segments as [Segment, Segment];
    const before = await airline(order.airline_order_id);
    const sold = await seatsSold();

    const quote = await f.call('POST', path(order.order_id, '/change'), {
      action: 'reissue',
      Segment_IDs: [back.segment_id],
      departure_date: daysAhead(40),
      reason: 'Staying three more days',
    });
    expect(quote.statusCode, quote.body).toBe(200);
    const q = quote.json() as {
      segment_ids: string[];
      reason: string;
      offers: {
        offer_id: string;
        fare_difference: { amount: number; currency: string };
        fare_difference_returned: { method: string; amount: number; currency: string; description: string | null } | null;
        penalty: { amount: number };
        amount_due: { amount: number };
        slices: { origin: string; destination: string; segments: Segment[] }[];
      }[];
    };
    expect(q.segment_ids).toEqual([back.segment_id]);
    expect(q.reason).toBe('Staying three more days');
    expect(q.offers.length).toBeGreaterThan(0);
    for (const o of q.offers) {
      expect(o.slices.map((s) => `${s.origin}-${s.destination}`)).toEqual(['LAX-JFK']);
      expect(o.slices[0]!.segments[0]!.departing_at.slice(0, 10)).toBe(daysAhead(40));
      // Main Cabin Flexible has no change fee; what is due is the fare difference when it costs more.
      expect(o.penalty.amount).toBe(0);
      expect(o.amount_due.amount).toBeCloseTo(Math.max(0, o.fare_difference.amount), 2);
      // A cheaper fare says what happens to the difference: Main Cabin Flexible refunds it.
      expect(o.fare_difference_returned).toEqual(
        o.fare_difference.amount < 0
          ? {
              method: 'original_form_of_payment',
              amount: -o.fare_difference.amount,
              currency: o.fare_difference.currency,
              description: expect.stringContaining('refunded to the original form of payment'),
            }
          : null,
      );
    }
    const choice = q.offers[0]!;
    const confirmed = await f.call('POST', path(order.order_id, '/change/confirm'), { offer_id: choice.offer_id });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const after = await read(order.order_id);
    expect(after.status).toBe('ticketed');
    expect(after.segments).toHaveLength(2);
    // The outbound is the same flight, as booked; the return is the one chosen.
    expect(after.segments[0]).toMatchObject({ segment_id: out.segment_id, departing_at: out.departing_at, status: 'confirmed' });
    const newBack = choice.slices[0]!.segments[0]!;
    expect(after.segments[1]).toMatchObject({
      segment_id: newBack.segment_id,
      origin: 'LAX',
      destination: 'JFK',
      status: 'confirmed',
    });
    expect(after.total).toBeCloseTo(order.total + choice.fare_difference.amount, 2);
    // New tickets for both passengers, none of the old numbers; their coupons name the kept outbound.
    expect(after.tickets).toHaveLength(2);
    const oldNumbers = order.tickets.map((t) => t.ticket_number);
    expect(after.tickets.filter((t) => oldNumbers.includes(t.ticket_number))).toEqual([]);
    for (const t of after.tickets) expect(t.coupons.map((c) => c.segment_id)).toEqual([out.segment_id, newBack.segment_id]);

    // At the airline: outbound flight kept, return replaced, the old tickets exchanged for new, seats swapped one for one.
    const held = await airline(order.airline_order_id);
    expect(held.flights[0]!.key).toBe(before.flights[0]!.key);
    expect(held.flights[1]!.key).not.toBe(before.flights[1]!.key);
    expect(held.tickets.filter((t) => t.couponStatus === 'I')).toHaveLength(2);
    expect(held.tickets.filter((t) => oldNumbers.includes(t.number))).toEqual([]);
    expect(await seatsSold()).toBe(sold);

    expect(await events(order.order_id)).toEqual(['order.created', 'order.updated']);
    const entry = (await history(order.order_id)).at(-1)!;
    expect(entry.action).toBe('reissued');
    expect(entry.detail).toMatchObject({
      segment_ids: [back.segment_id],
      new_segment_ids: [newBack.segment_id],
      reason: 'Staying three more days',
      offer_ids: [choice.offer_id],
    });
  });

  it('a connection is changed whole: one of its flights is 422 naming the other; both change that journey only', async () => {
    const order = await roundTrip({ origin: 'FLG', destination: 'DFW', days: 26, back: 33, legs: 2 });
    const [first, second, third, fourth] = order.segments.map((s) => s.segment_id) as [string, string, string, string];
    const half = await f.call('POST', path(order.order_id, '/change'), { action: 'reissue', segment_ids: [first] });
    expect(half.statusCode, half.body).toBe(422);
    expect(half.json()).toMatchObject({ code: 'partial_journey', field: 'segment_ids', segment_ids: [second] });
    expect(half.body).toMatch(/changes whole journeys/);

    const mixed = await f.call('POST', path(order.order_id, '/change'), { action: 'reissue', segment_ids: [first, third] });
    expect(mixed.statusCode, mixed.body).toBe(422);
    expect(mixed.json()).toMatchObject({ code: 'partial_journey', segment_ids: [second, fourth] });

    const whole = await f.call('POST', path(order.order_id, '/change'), {
      action: 'reissue',
      segment_ids: [first, second],
      departure_date: daysAhead(27),
    });
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.json().segment_ids).toEqual([first, second]);
    const offers = whole.json().offers as { slices: { origin: string; destination: string }[] }[];
    expect(offers.length).toBeGreaterThan(0);
    for (const o of offers) expect(o.slices.map((s) => `${s.origin}-${s.destination}`)).toEqual(['FLG-DFW']);

    const unknown = await f.call('POST', path(order.order_id, '/change'), {
      action: 'reissue',
      segment_ids: ['AA1-XXXYYY-20990101'],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ code: 'unknown_segment', segment_ids: ['AA1-XXXYYY-20990101'] });
  });

  it('once the outbound is flown it cannot be changed (422 segment_flown), and the return still can', async () => {
    const order = await roundTrip({ origin: 'JFK', destination: 'LAX', days: 10, back: 17, legs: 1 });
    const [out, back] = order.segments.map((s) => s.segment_id) as [string, string];
    await f.control('POST', '/control/clock', { advanceSeconds: 12 * 86_400 });
    try {
      const flown = await f.call('POST', path(order.order_id, '/change'), { action: 'reissue', segment_ids: [out] });
      expect(flown.statusCode, flown.body).toBe(422);
      expect(flown.json()).toMatchObject({ code: 'segment_flown', field: 'segment_ids', segment_ids: [out] });
      // Every segment named is the whole itinerary, and its outbound is flown: refused the same.
      const all = await f.call('POST', path(order.order_id, '/change'), { action: 'reissue', segment_ids: [out, back] });
      expect(all.statusCode, all.body).toBe(422);
      expect(all.json()).toMatchObject({ code: 'segment_flown', segment_ids: [out] });

      const quote = await f.call('POST', path(order.order_id, '/change'), {
        action: 'reissue',
        segment_ids: [back],
        departure_date: daysAhead(19),
      });
      expect(quote.statusCode, quote.body).toBe(200);
      const offer = (quote.json().offers as { offer_id: string; slices: { segments: Segment[] }[] }[])[0]!;
      const done = await f.call('POST', path(order.order_id, '/change/confirm'), { offer_id: offer.offer_id });
      expect(done.statusCode, done.body).toBe(200);
      const after = await read(order.order_id);
      expect(after.segments.map((s) => s.segment_id)).toEqual([out, offer.slices[0]!.segments[0]!.segment_id]);
      // The reissued ticket shows the outbound flown and the new return open.
      expect(after.tickets[0]!.coupons.map((c) => c.status)).toEqual(['F', 'I']);
    } finally {
      await fetch(`${f.aa.url}/control/clock`, { method: 'DELETE' });
    }
  });

  it('every segment named (or none) is the whole itinerary: a round trip is reshopped as a round trip, the return moved by as many days', async () => {
    const order = await roundTrip({ origin: 'JFK', destination: 'LAX', days: 32, back: 38, legs: 1 });
    const ids = order.segments.map((s) => s.segment_id);
    const quote = await f.call('POST', path(order.order_id, '/change'), {
      action: 'reissue',
      segment_ids: ids,
      departure_date: daysAhead(34),
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().segment_ids).toEqual(ids);
    const offers = quote.json().offers as {
      offer_id: string;
      slices: { origin: string; destination: string; segments: Segment[] }[];
    }[];
    expect(offers.length).toBeGreaterThan(0);
    for (const o of offers) {
      expect(o.slices.map((s) => `${s.origin}-${s.destination}`)).toEqual(['JFK-LAX', 'LAX-JFK']);
      expect(o.slices[0]!.segments[0]!.departing_at.slice(0, 10)).toBe(daysAhead(34));
      expect(o.slices[1]!.segments[0]!.departing_at.slice(0, 10)).toBe(daysAhead(40));
    }
    const done = await f.call('POST', path(order.order_id, '/change/confirm'), { offer_id: offers[0]!.offer_id });
    expect(done.statusCode, done.body).toBe(200);
    const after = await read(order.order_id);
    expect(after.segments.map((s) => `${s.origin}-${s.destination}`)).toEqual(['JFK-LAX', 'LAX-JFK']);
    expect(after.segments.map((s) => s.segment_id)).toEqual(offers[0]!.slices.map((s) => s.segments[0]!.segment_id));
    expect(await events(order.order_id)).toEqual(['order.created', 'order.updated']);
  });

  it('two journeys of three named is 422 one_journey_per_change, naming them, and nothing changes at the airline', async () => {
    const res = await f.search({
      slices: [
        { origin: 'JFK', destination: 'LAX', departure_date: daysAhead(44) },
        { origin: 'LAX', destination: 'ORD', departure_date: daysAhead(47) },
        { origin: 'ORD', destination: 'JFK', departure_date: daysAhead(50) },
      ],
      adults: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const offer = (res.json().offers as { offer_id: string; slices: { segments: unknown[] }[] }[]).find(
      (o) => o.slices.length === 3 && o.slices.every((s) => s.segments.length === 1),
    )!;
    expect(offer).toBeDefined();
    const created = await f.call('POST', '/v1/orders', {
      offer_id: offer.offer_id,
      passengers: [ADA],
      payment: { type: 'agency_account' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json() as Order;
    const [first, second] = order.segments.map((s) => s.segment_id) as [string, string, string];
    const before = await airline(order.airline_order_id);
    const refused = await f.call('POST', path(order.order_id, '/change'), { action: 'reissue', segment_ids: [first, second] });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'one_journey_per_change', field: 'segment_ids', segment_ids: [first, second] });
    expect(await airline(order.airline_order_id)).toEqual(before);
    expect(await events(order.order_id)).toEqual(['order.created']);
  });
});

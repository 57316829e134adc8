// Orders of two airlines side by side: every id-based call goes to the airline its id names, an
// `airline` that disagrees is refused, each airline's order is listed, filtered, serviced and
// announced, all against the AA and VS test systems (no mock in between).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsForOrder } from '../../src/orders/event-outbox-store.js';
import { daysAhead } from '../shopping/shopping-fixture.js';
import { orderFixture, PASSENGER, type OrderFixture } from '../orders/order-fixture.js';

interface OfferJson {
  offer_id: string;
  airline: string;
  fare_brand: string | null;
  total_amount: number;
  slices: { segments: { marketing_carrier: string; operating_carrier: string }[] }[];
}

let f: OrderFixture;
let aaOffer: OfferJson;
let vsOffer: OfferJson;
beforeAll(async () => {
  f = await orderFixture({ withVs: true, env: { SEARCH_RATE_LIMIT_PER_MINUTE: '1000' } });
  const res = await f.search({ origin: 'JFK', destination: 'LHR', departure_date: daysAhead(52), adults: 1 });
  const offers = res.json().offers as OfferJson[];
  const nonStop = (o: OfferJson) => o.slices.every((s) => s.segments.length === 1);
  const own = (o: OfferJson) => o.slices.every((s) => s.segments.every((g) => g.operating_carrier === o.airline));
  const pick = (airline: string, brand: RegExp) => {
    const found = offers.find((o) => o.airline === airline && brand.test(o.fare_brand ?? '') && nonStop(o) && own(o));
    if (!found)
      throw new Error(`no ${airline} ${brand} non-stop: ${offers.filter((o) => o.airline === airline).map((o) => o.fare_brand)}`);
    return found;
  };
  aaOffer = pick('AA', /Flexible/);
  vsOffer = pick('VS', /^Economy Classic Flex$/);
});
afterAll(async () => f?.close());

const path = (id: string, tail = '', airline?: string) =>
  `/v1/orders/${encodeURIComponent(id)}${tail}${airline ? `?airline=${airline}` : ''}`;

describe('ids route by their airline prefix', () => {
  it('offers: a VS offer prices and shows seats at VS; naming AA for it is refused', async () => {
    expect(vsOffer.offer_id.startsWith('VS|')).toBe(true);
    expect(aaOffer.offer_id.startsWith('AA|')).toBe(true);
    const priced = await f.call('POST', '/v1/offers/price', { offer_id: vsOffer.offer_id });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json()).toMatchObject({ airline: 'VS' });
    expect(priced.json().offer_id.startsWith('VS|')).toBe(true);

    const seats = await f.call('GET', `/v1/offers/${encodeURIComponent(vsOffer.offer_id)}/seats`);
    expect(seats.statusCode, seats.body).toBe(200);
    expect(seats.json().seat_maps.length).toBeGreaterThan(0);

    const wrong = await f.call('GET', `/v1/offers/${encodeURIComponent(vsOffer.offer_id)}/seats?airline=AA`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'airline_mismatch' });
  });
});

describe('an order of each airline', () => {
  it("are held, listed and filtered by airline; an airline that disagrees with the order is the contract's 400", async () => {
    const aa = await f.hold(aaOffer.offer_id);
    const vs = await f.hold(vsOffer.offer_id);
    expect(aa.statusCode, aa.body).toBe(201);
    expect(vs.statusCode, vs.body).toBe(201);
    expect(aa.json()).toMatchObject({ airline: 'AA', status: 'hold' });
    expect(vs.json()).toMatchObject({ airline: 'VS', status: 'hold', origin: 'JFK', destination: 'LHR' });

    for (const [airline, id] of [
      ['AA', aa.json().order_id],
      ['VS', vs.json().order_id],
    ] as const) {
      const list = await f.call('GET', `/v1/orders?airline=${airline}`);
      expect(list.statusCode).toBe(200);
      const ids = (list.json().orders as { order_id: string; airline: string }[]).map((o) => [o.order_id, o.airline]);
      expect(ids).toContainEqual([id, airline]);
      expect(ids.every(([, a]) => a === airline)).toBe(true);
    }

    const mismatch = await f.call('GET', path(vs.json().order_id, '', 'AA'));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ error: 'airline does not match the order', code: 'airline_mismatch' });
    // Without `airline`, the order's own carrier is used.
    const read = await f.call('GET', path(vs.json().order_id));
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ airline: 'VS', pnr: vs.json().pnr });
  });

  it('a VS order is paid, cancelled with its refund and refunded through the gateway, firing its events', async () => {
    // Another traveller: the first test's holds keep theirs on these flights.
    const traveller = { ...PASSENGER, given_name: 'Grace', family_name: 'Hopper', email: 'grace@example.com' };
    const created = await f.hold(vsOffer.offer_id, { passengers: [traveller] });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json();

    const committed = await f.call('POST', path(order.order_id, '/commit', 'VS'), { payment: { type: 'agency_account' } });
    expect(committed.statusCode, committed.body).toBe(200);
    expect(committed.json().status).toBe('ticketed');
    // Virgin Atlantic's ticketing code is 932.
    expect(committed.json().tickets[0].ticket_number).toMatch(/^932\d{10}$/);

    const quote = await f.call('POST', path(order.order_id, '/cancel', 'VS'), {});
    expect(quote.statusCode, quote.body).toBe(200);
    // A Flex fare refunds in full.
    expect(quote.json().refund.amount).toBeCloseTo(committed.json().total, 2);

    const cancelled = await f.call('POST', path(order.order_id, '/cancel/confirm', 'VS'), {
      cancellation_quote_id: quote.json().cancellation_quote_id,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');

    const refunded = await f.call('POST', path(order.order_id, '/refund', 'VS'));
    expect(refunded.statusCode, refunded.body).toBe(202);

    const events = await eventsForOrder(f.platform.db, order.order_id);
    expect(events.map((e) => e.event)).toEqual(['order.created', 'order.ticketed', 'order.cancelled', 'order.refunded']);
    for (const e of events) expect(e.payload).toMatchObject({ airline: 'VS', order_id: order.order_id, pnr: order.pnr });

    // A booking counts for the airline that confirmed it.
    await f.gateway.shopping.lookToBook.flush();
    const usage = await f.platform.db
      .selectFrom('look_to_book_airline_daily')
      .select(['airline', 'bookings'])
      .where('agency_id', '=', f.agencyId)
      .orderBy('airline')
      .execute();
    expect(usage.find((u) => u.airline === 'VS')?.bookings).toBeGreaterThanOrEqual(1);
  });
});

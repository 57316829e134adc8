import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsForOrder } from '../../src/orders/event-outbox-store.js';
import { airlineCalls } from '../shopping/shopping-fixture.js';
import { orderFixture, type OrderFixture } from './order-fixture.js';

let f: OrderFixture;
beforeAll(async () => {
  f = await orderFixture();
});
afterAll(async () => f?.close());

const enc = encodeURIComponent;
const path = (id: string, tail = '') => `/v1/orders/${enc(id)}${tail}?airline=AA`;
const airline = async (id: string) =>
  (await (await fetch(`${f.aa.url}/control/orders/${id}`)).json()) as {
    status: string;
    extras: { kind: string }[];
    notices: string[];
  };
type SeatMaps = {
  seat_maps: { segment_id: string; seats: { seat: string; available: boolean; price_amount: number | null }[] }[];
};

describe('seats and services', () => {
  it('books a seat and a service with the order, priced server-side; an unknown seat is 422 extra_not_priced', async () => {
    const offer = await f.offer('JFK', 'LAX', /MAINFL/, 32);
    const maps = (await f.call('GET', `/v1/offers/${enc(offer.offer_id)}/seats`)).json() as SeatMaps;
    const map = maps.seat_maps[0]!;
    const seat = map.seats.find((s) => s.available && s.price_amount !== null)!;
    const services = (await f.call('GET', `/v1/offers/${enc(offer.offer_id)}/services`)).json() as { service_id: string }[];
    const service = (Array.isArray(services) ? services : (services as { services: { service_id: string }[] }).services)[0]!;
    const unknown = await f.hold(offer.offer_id, {
      seats: [{ segment_id: map.segment_id, passenger_id: 'PAX1', designator: '99K' }],
    });
    expect(unknown.statusCode, unknown.body).toBe(422);
    expect(unknown.json().code).toBe('extra_not_priced');
    const created = await f.hold(offer.offer_id, {
      seats: [{ segment_id: map.segment_id, passenger_id: 'PAX1', designator: seat.seat }],
      services: [{ service_id: service.service_id, passenger_id: 'PAX1' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json();
    expect(order.extras.map((e: { kind: string }) => e.kind).sort()).toEqual(['seat', 'service']);
    expect(order.total).toBeGreaterThan(offer.total_amount);
    expect((await airline(order.airline_order_id)).extras).toHaveLength(2);
  });

  it('prices a paid seat after booking as a pending upsell (keys matched case-insensitively) and commit finalises it', async () => {
    const offer = await f.offer('JFK', 'LAX', /MAINFL/, 33);
    const order = (await f.hold(offer.offer_id, { payment: { type: 'agency_account' } })).json();
    const maps = (await f.call('GET', `/v1/offers/${enc(order.order_id)}/seats`)).json() as SeatMaps;
    expect(maps.seat_maps.length).toBeGreaterThan(0);
    const map = maps.seat_maps[0]!;
    const seat = map.seats.find((s) => s.available && (s.price_amount ?? 0) > 0)!;
    const put = await f.call('PUT', path(order.order_id), {
      Seats: [{ Segment_ID: map.segment_id, PASSENGER_ID: 'PAX1', designator: seat.seat }],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().pending_upsell.total.amount).toBe(seat.price_amount);
    const committed = await f.call('POST', path(order.order_id, '/commit'), { payment: { type: 'agency_account' } });
    expect(committed.statusCode, committed.body).toBe(200);
    expect(committed.json().pending_upsell).toBeNull();
    expect(committed.json().extras.map((e: { designator: string }) => e.designator)).toContain(seat.seat);
    expect((await eventsForOrder(f.platform.db, order.order_id)).map((e) => e.event)).toEqual(['order.created', 'order.updated']);
    expect((await airline(order.airline_order_id)).extras).toHaveLength(1);
  });
});

describe('services of a booked order', () => {
  it('lists them by order id (a bag per journey, priced per passenger) and adds one through an ancillaries change', async () => {
    const offer = await f.offer('JFK', 'LAX', /MAINFL/, 38);
    const order = (await f.hold(offer.offer_id, { payment: { type: 'agency_account' } })).json();
    const listed = await f.call('GET', `/v1/offers/${enc(order.order_id)}/services`);
    expect(listed.statusCode, listed.body).toBe(200);
    const services = listed.json() as {
      service_id: string;
      name: string;
      price_amount: number | null;
      passenger_ids: string[];
    }[];
    expect(services.length).toBeGreaterThan(0);
    for (const s of services) expect(s.passenger_ids).toEqual([order.passengers[0].passenger_id]);
    const bag = services.find((s) => /bag/i.test(s.name) && (s.price_amount ?? 0) > 0)!;
    expect(bag).toBeDefined();

    const quote = await f.call('POST', path(order.order_id, '/change'), {
      action: 'ancillaries',
      services: [{ service_id: bag.service_id, passenger_id: order.passengers[0].passenger_id }],
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().amount_due.amount).toBe(bag.price_amount);
    const done = await f.call('POST', path(order.order_id, '/change/confirm'), { offer_id: quote.json().quote_id });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().extras).toEqual([expect.objectContaining({ kind: 'service', name: bag.name })]);
    expect((await airline(order.airline_order_id)).extras).toHaveLength(1);
    expect((await eventsForOrder(f.platform.db, order.order_id)).map((e) => e.event)).toEqual(['order.created', 'order.updated']);
  });

  it("another agency's order id is read as an offer id it is not (as any unknown id), and the airline is never asked", async () => {
    const order = (await f.hold((await f.offer('JFK', 'LAX', /MAIN$/, 39)).offer_id)).json();
    const other = await f.agencyWithKey();
    const before = await airlineCalls(f, 'services');
    const theirs = { 'x-api-key': other.secret };
    const bare = await f.call('GET', `/v1/offers/${enc(order.order_id)}/services`, undefined, theirs);
    expect(bare.statusCode, bare.body).toBe(400);
    expect(bare.json().code).toBe('unknown_airline');
    const named = await f.call('GET', `/v1/offers/${enc(order.order_id)}/services?airline=AA`, undefined, theirs);
    expect(named.statusCode, named.body).toBe(404);
    expect(named.json().code).toBe('offer_not_found');
    expect(await airlineCalls(f, 'services')).toBe(before);
  });
});

describe('refusals before the airline books', () => {
  it('refuses a partner-operated connection with 422 before any airline call', async () => {
    const res = await f.search({
      origin: 'DFW',
      destination: 'EDI',
      departure_date: new Date(Date.now() + 34 * 86_400_000).toISOString().slice(0, 10),
      adults: 1,
      include_partner_operated: true,
    });
    const partner = (res.json().offers as { offer_id: string; partner_operated_connection: boolean }[]).find(
      (o) => o.partner_operated_connection,
    )!;
    const operations = ['price', 'createOrder', 'priceExtras'];
    const before = await Promise.all(operations.map((op) => airlineCalls(f, op)));
    const refused = await f.hold(partner.offer_id);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().code).toBe('partner_operated_connection');
    expect(await Promise.all(operations.map((op) => airlineCalls(f, op)))).toEqual(before);
  });
});

describe('airline-side changes found by refresh', () => {
  it('an airline cancellation and a lapsed hold become cancelled with order.cancelled', async () => {
    const a = (await f.hold((await f.offer('JFK', 'LAX', /MAIN$/, 35)).offer_id)).json();
    await fetch(`${f.aa.url}/control/orders/${a.airline_order_id}/airline-cancel`, { method: 'POST' });
    const cancelled = (await f.call('GET', `/v1/orders/${enc(a.order_id)}?refresh=true`)).json();
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.airline_notices.join(' ')).toMatch(/cancelled by AA/);
    const history = (await f.call('GET', `/v1/orders/${enc(a.order_id)}/history`)).json().entries;
    expect(history.at(-1)).toMatchObject({ action: 'refreshed', actor: { kind: 'airline', id: 'AA' } });

    const b = (await f.hold((await f.offer('JFK', 'LAX', /MAIN$/, 36)).offer_id)).json();
    // AA's ticket-by time is 23:59 local the day after booking: two days on, the hold has lapsed.
    await f.control('POST', '/control/clock', { advanceSeconds: 49 * 3600 });
    try {
      const lapsed = (await f.call('GET', `/v1/orders/${enc(b.order_id)}?refresh=true`)).json();
      expect(lapsed.status).toBe('cancelled');
      expect((await airline(b.airline_order_id)).status).toBe('CANCELLED');
      expect((await eventsForOrder(f.platform.db, b.order_id)).map((e) => e.event)).toEqual(['order.created', 'order.cancelled']);
    } finally {
      await f.control('DELETE', '/control/clock');
    }
  });

  it('a refund done at the airline after a cancel through the API makes the cancelled order refunded, announced once', async () => {
    const order = (
      await f.hold((await f.offer('JFK', 'LAX', /MAIN$/, 37)).offer_id, { payment: { type: 'agency_account' } })
    ).json();
    // Past AA's 24-hour window the Main Cabin fare is kept as a trip credit; AA then refunds it on its side.
    await f.control('POST', '/control/clock', { advanceSeconds: 25 * 3600 });
    try {
      expect((await f.call('POST', path(order.order_id, '/cancel/confirm'), {})).json().status).toBe('cancelled');
    } finally {
      await f.control('DELETE', '/control/clock');
    }
    const get = () => f.call('GET', `/v1/orders/${enc(order.order_id)}`);
    expect((await get()).json().status).toBe('cancelled');

    const refund = await fetch(`${f.aa.url}/control/orders/${order.airline_order_id}/refund`, { method: 'POST' });
    expect(refund.status, await refund.clone().text()).toBe(200);
    const atAirline = (await refund.json()) as { refundedCents: number; paidCents: number };
    expect(atAirline.refundedCents).toBe(atAirline.paidCents);

    const refreshed = await f.call('GET', `/v1/orders/${enc(order.order_id)}?refresh=true`);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json().status).toBe('refunded');
    expect(refreshed.json().airline_notices).toContain('Refunded at AA');
    const history = async () =>
      (await f.call('GET', `/v1/orders/${enc(order.order_id)}/history`)).json().entries as {
        action: string;
        status: string;
        actor: { kind: string };
      }[];
    const entries = await history();
    expect(entries.at(-1)).toMatchObject({ action: 'refreshed', status: 'refunded', actor: { kind: 'airline', id: 'AA' } });

    // A second refresh finds nothing new: no second event, no second entry.
    expect((await f.call('GET', `/v1/orders/${enc(order.order_id)}?refresh=true`)).json().status).toBe('refunded');
    expect((await eventsForOrder(f.platform.db, order.order_id)).map((e) => e.event)).toEqual([
      'order.created',
      'order.cancelled',
      'order.refunded',
    ]);
    expect(await history()).toHaveLength(entries.length);
    expect((await get()).json().status).toBe('refunded');
  });
});

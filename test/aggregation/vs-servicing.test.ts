// Virgin Atlantic serviced through the gateway as American is: a change of flights (reshop, quote,
// confirm), a bag added and priced, a seat map of the booked order, a partial cancellation, and an
// airline schedule change that reaches the order through VS's own OrderChangeNotifRQ. The gateway
// listens on loopback and the VS test system is told where its notifications go, as in production.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsForOrder } from '../../src/orders/event-outbox-store.js';
import { daysAhead } from '../shopping/shopping-fixture.js';
import { orderFixture, PASSENGER, type OrderFixture } from '../orders/order-fixture.js';

interface OfferJson {
  offer_id: string;
  airline: string;
  fare_brand: string | null;
  slices: { segments: { operating_carrier: string }[] }[];
}

let f: OrderFixture;
beforeAll(async () => {
  f = await orderFixture({ withVs: true, env: { SEARCH_RATE_LIMIT_PER_MINUTE: '1000' } });
  await f.app.listen({ port: 0, host: '127.0.0.1' });
  const address = f.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await f.control('POST', '/control/notifications', { url: `http://127.0.0.1:${port}/v1/airlines/vs/notifications` }, 'VS');
});
afterAll(async () => f?.close());

const path = (id: string, tail = '') => `/v1/orders/${encodeURIComponent(id)}${tail}?airline=VS`;
const read = async (id: string) => (await f.call('GET', path(id))).json();
const events = async (id: string) => (await eventsForOrder(f.platform.db, id)).map((e) => e.event);
const vsState = async (id: string) =>
  (await (await fetch(`${f.vs!.url}/control/orders/${id}`)).json()) as { status: string; flights: { key: string }[] };

/** A paid VS order of one adult on VS-operated non-stops of `brand`: one way, or back `returnDays` later. */
async function paidVsOrder(brand: RegExp, days: number, returnDays?: number, passenger = PASSENGER) {
  const res = await f.search({
    origin: 'LHR',
    destination: 'JFK',
    departure_date: daysAhead(days),
    ...(returnDays ? { return_date: daysAhead(days + returnDays) } : {}),
    adults: 1,
  });
  expect(res.statusCode, res.body).toBe(200);
  const offer = (res.json().offers as OfferJson[]).find(
    (o) =>
      o.airline === 'VS' &&
      brand.test(o.fare_brand ?? '') &&
      o.slices.every((s) => s.segments.length === 1 && s.segments[0]!.operating_carrier === 'VS'),
  );
  if (!offer) throw new Error(`no VS ${brand} non-stop LHR-JFK in ${days} days`);
  const created = await f.call('POST', '/v1/orders', {
    offer_id: offer.offer_id,
    passengers: [passenger],
    payment: { type: 'agency_account' },
  });
  expect(created.statusCode, created.body).toBe(201);
  expect(created.json()).toMatchObject({ airline: 'VS', status: 'ticketed' });
  return { ...created.json(), shopped: offer.offer_id } as {
    order_id: string;
    airline_order_id: string;
    shopped: string;
    segments: { segment_id: string; departing_at: string; arriving_at: string; flight_number: string }[];
  };
}

describe('a VS order serviced through the gateway', () => {
  it('changes flights: reshop alternatives, a change quote, confirm; VS has the new flights', async () => {
    const order = await paidVsOrder(/^Economy Classic Flex$/, 30);
    const reshop = await f.call('POST', path(order.order_id, '/reshop'), {});
    expect(reshop.statusCode, reshop.body).toBe(200);
    const alternatives = reshop.json().offers as { offer_id: string }[];
    expect(alternatives.length).toBeGreaterThan(0);
    expect(alternatives.every((o) => o.offer_id.startsWith('VS|'))).toBe(true);
    const quote = await f.call('POST', path(order.order_id, '/change'), { action: 'reissue' });
    expect(quote.statusCode, quote.body).toBe(200);
    const before = (await vsState(order.airline_order_id)).flights;
    const changed = await f.call('POST', path(order.order_id, '/change/confirm'), {
      offer_id: alternatives[0]!.offer_id,
      change_quote_id: quote.json().quote_id,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await vsState(order.airline_order_id)).flights).not.toEqual(before);
    expect(await events(order.order_id)).toEqual(['order.created', 'order.updated']);
  });

  it('adds a priced bag through a quote and confirm, and shows the booked order a seat map', async () => {
    const order = await paidVsOrder(/^Economy Light$/, 31);
    // As for AA, the services of the shopped offer are priced again for the order.
    const services = await f.call('GET', `/v1/offers/${encodeURIComponent(order.shopped)}/services`);
    expect(services.statusCode, services.body).toBe(200);
    const bag = (services.json() as { service_id: string; price_amount: number | null; name: string }[]).find(
      (s) => (s.price_amount ?? 0) > 0 && /bag/i.test(s.name),
    );
    expect(bag, services.body).toBeDefined();
    const quote = await f.call('POST', path(order.order_id, '/change'), {
      action: 'ancillaries',
      services: [{ service_id: bag!.service_id, passenger_id: 'PAX1' }],
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().amount_due.amount).toBeGreaterThan(0);
    const added = await f.call('POST', path(order.order_id, '/change/confirm'), { offer_id: quote.json().quote_id });
    expect(added.statusCode, added.body).toBe(200);
    expect((await read(order.order_id)).extras).toHaveLength(1);

    const seats = await f.call('GET', `/v1/offers/${encodeURIComponent(order.order_id)}/seats`);
    expect(seats.statusCode, seats.body).toBe(200);
    expect(seats.json().seat_maps.length).toBeGreaterThan(0);
  });

  it('cancels the return of a round trip alone; the order stays open with the outbound', async () => {
    const traveller = { ...PASSENGER, given_name: 'Grace', family_name: 'Hopper', email: 'grace@example.com' };
    const order = await paidVsOrder(/^Economy Classic Flex$/, 33, 7, traveller);
    expect(order.segments).toHaveLength(2);
    const back = order.segments[1]!.segment_id;
    const quote = await f.call('POST', path(order.order_id, '/change'), { action: 'cancel_segments', segment_ids: [back] });
    expect(quote.statusCode, quote.body).toBe(200);
    const done = await f.call('POST', path(order.order_id, '/change/confirm'), { offer_id: quote.json().quote_id });
    expect(done.statusCode, done.body).toBe(200);
    const after = await read(order.order_id);
    expect(after.status).toBe('ticketed');
    expect(after.segments.map((s: { status: string }) => s.status)).toEqual(['confirmed', 'cancelled']);
  });

  it("a retime at VS reaches the order through VS's OrderChangeNotifRQ alone, announced as order.updated", async () => {
    const traveller = { ...PASSENGER, given_name: 'Alan', family_name: 'Turing', email: 'alan@example.com' };
    const order = await paidVsOrder(/^Economy Classic$/, 34, undefined, traveller);
    const [flight] = (await vsState(order.airline_order_id)).flights;
    const res = await fetch(`${f.vs!.url}/control/schedule-changes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ flight: flight!.key, change: 'retime', minutes: 70 }),
    });
    const change = (await res.json()) as { orders: { orderId: string; notification: { delivered: boolean; status: number } }[] };
    expect(res.status, JSON.stringify(change)).toBe(200);
    expect(change.orders.find((o) => o.orderId === order.airline_order_id)?.notification).toMatchObject({
      delivered: true,
      status: 200,
    });
    const after = await read(order.order_id);
    const shifted = new Date(Date.parse(`${order.segments[0]!.departing_at}Z`) + 70 * 60_000).toISOString().slice(0, 19);
    expect(after.segments[0].departing_at.slice(0, 19)).toBe(shifted);
    expect(after.segments[0].schedule_change).toMatchObject({ previous: { departing_at: order.segments[0]!.departing_at } });
    expect(await events(order.order_id)).toEqual(['order.created', 'order.updated']);
  });
});

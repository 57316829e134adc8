import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsForOrder } from '../../src/orders/event-outbox-store.js';
import { listHistory } from '../../src/orders/history-store.js';
import { orderFixture, type OrderFixture } from '../orders/order-fixture.js';

// The dashboard's servicing routes on a portal session: the same service as /v1/orders (same
// events, same history), the portal user as the actor, and only the session's agency's orders.
const PASSWORD = 'violet-harbour-sunrise-42';
let f: OrderFixture;
let member: Record<string, string>;

beforeAll(async () => {
  f = await orderFixture();
  const u = await f.gateway.identity.createUser({
    agencyId: f.agencyId,
    email: `u-${Math.random().toString(36).slice(2, 10)}@gateway.test`,
    password: PASSWORD,
    role: 'owner',
    permissions: [],
    emailVerified: true,
  });
  const res = await f.app.inject({ method: 'POST', url: '/v1/dev/login', payload: { email: u.email, password: PASSWORD } });
  member = { authorization: `Bearer ${res.json().token as string}` };
});
afterAll(async () => f?.close());

const dev = (method: 'GET' | 'POST', id: string, tail: string, payload?: unknown, headers = member) =>
  f.app.inject({ method, url: `/v1/dev/orders/${encodeURIComponent(id)}${tail}`, headers, ...(payload ? { payload } : {}) });
const events = async (id: string) => (await eventsForOrder(f.platform.db, id)).map((e) => e.event);

const ticketed = (days: number, headers?: Record<string, string>) => f.ticketedRoundTrip(days, headers);

describe('dashboard servicing on a session', () => {
  it('refund eligibility then refund: the same answer, events and history as the API, by the portal user', async () => {
    const viaApi = await ticketed(50);
    const viaDashboard = await ticketed(51);
    const eligibility = await dev('GET', viaDashboard.order_id, '/refund-eligibility');
    expect(eligibility.statusCode, eligibility.body).toBe(200);
    const apiEligibility = await f.call('GET', `/v1/orders/${encodeURIComponent(viaApi.order_id)}/refund-eligibility?airline=AA`);
    expect(eligibility.json()).toMatchObject({ eligible: true, reason: null });
    expect(eligibility.json().refundable_amount.amount).toBeGreaterThan(0);
    expect(Object.keys(eligibility.json()).sort()).toEqual(Object.keys(apiEligibility.json()).sort());

    const refunded = await dev('POST', viaDashboard.order_id, '/refund');
    expect(refunded.statusCode, refunded.body).toBe(202);
    expect(refunded.json()).toEqual({ order_id: viaDashboard.order_id, status: 'refunded' });
    const apiRefund = await f.call('POST', `/v1/orders/${encodeURIComponent(viaApi.order_id)}/refund?airline=AA`);
    expect(apiRefund.statusCode, apiRefund.body).toBe(202);

    const order = (await dev('GET', viaDashboard.order_id, '')).json();
    expect(order.status).toBe('refunded');
    expect(order.refund.amount).toBe(eligibility.json().refundable_amount.amount);
    expect(await events(viaDashboard.order_id)).toEqual(await events(viaApi.order_id));
    expect(await events(viaDashboard.order_id)).toContain('order.refunded');
    const history = await listHistory(f.platform.db, viaDashboard.order_id);
    expect(history.at(-1)).toMatchObject({ action: 'refunded' });
    expect(history.at(-1)!.actor_kind).toBe('portal_user');
  });

  it('seat map, seat quote and commit: the seat is on the order and order.updated fires', async () => {
    const order = await ticketed(52);
    const segment = order.segments[0]!.segment_id;
    const map = await dev('GET', order.order_id, `/seats?segment_id=${encodeURIComponent(segment)}`);
    expect(map.statusCode, map.body).toBe(200);
    const seat = (map.json().seat_maps[0].seats as { seat: string; available: boolean }[]).find((s) => s.available)!;
    expect(seat).toBeDefined();
    const quote = await dev('POST', order.order_id, '/change', {
      action: 'ancillaries',
      seats: [{ segment_id: segment, passenger_id: order.passengers[0]!.passenger_id, designator: seat.seat }],
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().added_extras).toHaveLength(1);
    const done = await dev('POST', order.order_id, '/change/confirm', { offer_id: quote.json().quote_id });
    expect(done.statusCode, done.body).toBe(200);
    const extras = (await dev('GET', order.order_id, '')).json().extras as { kind: string; designator: string }[];
    expect(extras).toEqual([expect.objectContaining({ kind: 'seat', designator: seat.seat })]);
    expect((await events(order.order_id)).at(-1)).toBe('order.updated');
  });

  it('services of the booked order, a bag quoted and added: the same list as the API, order.updated', async () => {
    const order = await ticketed(55);
    const listed = await dev('GET', order.order_id, '/services');
    expect(listed.statusCode, listed.body).toBe(200);
    const viaApi = await f.call('GET', `/v1/offers/${encodeURIComponent(order.order_id)}/services`);
    const names = (list: { name: string; price_amount: number | null }[]) => list.map((s) => [s.name, s.price_amount]);
    expect(names(listed.json())).toEqual(names(viaApi.json()));
    const bag = (listed.json() as { service_id: string; name: string; price_amount: number }[]).find((s) => /bag/i.test(s.name))!;
    const quote = await dev('POST', order.order_id, '/change', {
      action: 'ancillaries',
      services: [{ service_id: bag.service_id, passenger_id: order.passengers[0]!.passenger_id }],
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().amount_due.amount).toBe(bag.price_amount);
    const done = await dev('POST', order.order_id, '/change/confirm', { offer_id: quote.json().quote_id });
    expect(done.statusCode, done.body).toBe(200);
    const extras = (await dev('GET', order.order_id, '')).json().extras as { kind: string; name: string }[];
    expect(extras).toEqual([expect.objectContaining({ kind: 'service', name: bag.name })]);
    expect((await events(order.order_id)).at(-1)).toBe('order.updated');
    expect((await listHistory(f.platform.db, order.order_id)).at(-1)!.actor_kind).toBe('portal_user');
  });

  it('a segment cancelled through a quote and its id: the order stays open with order.updated', async () => {
    const order = await ticketed(53);
    const back = order.segments[1]!.segment_id;
    const quote = await dev('POST', order.order_id, '/cancel/quote', { segment_ids: [back] });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toMatchObject({ scope: 'partial', segment_ids: [back] });
    const done = await dev('POST', order.order_id, '/cancel', { cancellation_quote_id: quote.json().cancellation_quote_id });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().status).toBe('ticketed');
    expect(done.json().segments.map((s: { status: string }) => s.status)).toEqual(['confirmed', 'cancelled']);
    expect((await events(order.order_id)).at(-1)).toBe('order.updated');
  });

  it('refresh=true re-reads the airline: its cancellation applied, recorded as the airline, order.cancelled', async () => {
    const order = await ticketed(56);
    const plain = await dev('GET', order.order_id, '');
    const airlineOrderId = plain.json().airline_order_id as string;
    const cancelled = await fetch(`${f.aa.url}/control/orders/${airlineOrderId}/airline-cancel`, { method: 'POST' });
    expect(cancelled.status).toBe(200);
    // Without refresh the stored order is answered, unchanged.
    expect((await dev('GET', order.order_id, '')).json().status).toBe('ticketed');
    const fresh = await dev('GET', order.order_id, '?refresh=true');
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json().status).toBe('cancelled');
    expect((await listHistory(f.platform.db, order.order_id)).at(-1)).toMatchObject({
      action: 'refreshed',
      actor_kind: 'airline',
    });
    expect((await events(order.order_id)).at(-1)).toBe('order.cancelled');
    expect((await dev('GET', order.order_id, '?refresh=maybe')).statusCode).toBe(400);
  });

  it("another agency's order is 404 on every servicing route; without a session 401", async () => {
    const other = await f.agencyWithKey();
    const theirs = await ticketed(54, { 'x-api-key': other.secret });
    for (const [method, tail] of [
      ['GET', '/refund-eligibility'],
      ['POST', '/refund'],
      ['GET', '/seats'],
      ['GET', '/services'],
      ['POST', '/cancel/quote'],
    ] as const) {
      const res = await dev(method, theirs.order_id, tail);
      expect(res.statusCode, `${method} ${tail} ${res.body}`).toBe(404);
    }
    expect((await dev('GET', theirs.order_id, '/refund-eligibility', undefined, {})).statusCode).toBe(401);
    expect(
      (await f.call('GET', `/v1/orders/${encodeURIComponent(theirs.order_id)}`, undefined, { 'x-api-key': other.secret })).json()
        .status,
    ).toBe('ticketed');
  });
});

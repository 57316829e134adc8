import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsForOrder } from '../../src/orders/event-outbox-store.js';
import { orderFixture, type OrderFixture } from './order-fixture.js';

let f: OrderFixture;
beforeAll(async () => {
  f = await orderFixture();
});
afterAll(async () => f?.close());

const path = (id: string, tail = '') => `/v1/orders/${encodeURIComponent(id)}${tail}?airline=AA`;
const airlineState = async (id: string) =>
  (await (await fetch(`${f.aa.url}/control/orders/${id}`)).json()) as Record<string, unknown> & {
    status: string;
    tickets: { couponStatus: string }[];
    extras: unknown[];
    flights: { key: string }[];
  };

describe('servicing', () => {
  it('pay now, reshop, change quote and confirm, schedule change and airline refund found by refresh', async () => {
    const offer = await f.offer('JFK', 'LAX', /MAINFL/, 30);
    const order = (await f.hold(offer.offer_id, { payment: { type: 'agency_account' } })).json();
    expect(order.status).toBe('ticketed');
    expect((await airlineState(order.airline_order_id)).status).toBe('TICKETED');

    const reshop = await f.call('POST', path(order.order_id, '/reshop'), {});
    expect(reshop.statusCode, reshop.body).toBe(200);
    const alternatives = reshop.json().offers as { offer_id: string; amount_due: { amount: number } }[];
    expect(alternatives.length).toBeGreaterThan(0);
    const quote = await f.call('POST', path(order.order_id, '/change'), { action: 'reissue' });
    expect(quote.statusCode, quote.body).toBe(200);
    expect((await f.call('POST', path(order.order_id, '/change/confirm'), {})).statusCode).toBe(400);
    const before = (await airlineState(order.airline_order_id)).flights;
    const changed = await f.call('POST', path(order.order_id, '/change/confirm'), {
      offer_id: alternatives[0]!.offer_id,
      change_quote_id: quote.json().quote_id,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await airlineState(order.airline_order_id);
    expect(after.flights).not.toEqual(before);

    await fetch(`${f.aa.url}/control/orders/${order.airline_order_id}/schedule-change`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ minutes: 40 }),
    });
    const refreshed = await f.call('GET', `/v1/orders/${encodeURIComponent(order.order_id)}?refresh=true`);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json().airline_notices.join(' ')).toMatch(/Schedule change/);

    const eligibility = await f.call('GET', path(order.order_id, '/refund-eligibility'));
    expect(eligibility.statusCode, eligibility.body).toBe(200);
    expect(eligibility.json().eligible).toBe(true);

    await fetch(`${f.aa.url}/control/orders/${order.airline_order_id}/refund`, { method: 'POST' });
    const refunded = await f.call('GET', `/v1/orders/${encodeURIComponent(order.order_id)}?refresh=true`);
    expect(refunded.json().status).toBe('refunded');
    const events = (await eventsForOrder(f.platform.db, order.order_id)).map((e) => e.event);
    expect(events[0]).toBe('order.created');
    expect(events).toContain('order.updated');
    expect(events.slice(-2)).toEqual(['order.cancelled', 'order.refunded']);
  });

  it('DELETE cancels a hold at the airline and gives its seat back; a closed order refuses changes with 409', async () => {
    const offer = await f.offer('JFK', 'LAX', /MAIN$/, 31);
    const sold = async () =>
      ((await (await fetch(`${f.aa.url}/control/state`)).json()) as { inventory: { seatsSold: number } }).inventory.seatsSold;
    const before = await sold();
    const order = (await f.hold(offer.offer_id)).json();
    expect(await sold()).toBe(before + 1);
    const del = await f.call('DELETE', path(order.order_id));
    expect(await sold()).toBe(before);
    expect(del.statusCode, del.body).toBe(204);
    expect((await airlineState(order.airline_order_id)).status).toBe('CANCELLED');
    expect((await f.call('GET', `/v1/orders/${encodeURIComponent(order.order_id)}`)).json().status).toBe('cancelled');
    const put = await f.call('PUT', path(order.order_id), { CONTACT: { Email: 'x@example.com' } });
    expect(put.statusCode).toBe(409);
  });

  it('cancel/confirm answers the minimal {order_id, status} when the airline cannot be read back', async () => {
    const order = (await f.hold((await f.offer('JFK', 'LAX', /MAIN$/, 40)).offer_id)).json();
    await f.control('POST', '/control/faults', { kind: 'http5xx', messages: ['OrderRetrieve'], remaining: 1 });
    try {
      const res = await f.call('POST', path(order.order_id, '/cancel/confirm'), {});
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ order_id: order.order_id, status: 'cancelled' });
    } finally {
      await f.control('DELETE', '/control/faults');
    }
    expect((await airlineState(order.airline_order_id)).status).toBe('CANCELLED');
    expect((await f.call('GET', `/v1/orders/${encodeURIComponent(order.order_id)}`)).json().status).toBe('cancelled');
  });
});

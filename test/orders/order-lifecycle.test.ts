import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsForOrder } from '../../src/orders/event-outbox-store.js';
import { orderFixture, type OrderFixture } from './order-fixture.js';

let f: OrderFixture;
beforeAll(async () => {
  f = await orderFixture();
});
afterAll(async () => f?.close());

const path = (id: string, tail = '') => `/v1/orders/${encodeURIComponent(id)}${tail}?airline=AA`;

describe('order lifecycle through the gateway and the AA test system', () => {
  it('holds, commits, refreshes, quotes a cancel, cancels and refunds; the airline agrees at each step', async () => {
    const offer = await f.offer('JFK', 'LAX');
    const created = await f.hold(offer.offer_id);
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json();
    expect(order.status).toBe('hold');
    expect(order.pnr).toMatch(/^[A-Z]{6}$/);
    expect(order.payment_deadline).toBeTruthy();
    const today = new Date().toISOString().slice(0, 10);
    expect((await f.gateway.shopping.lookToBook.countsFor(f.agencyId, today)).bookings, 'look-to-book counts the booking').toBe(
      1,
    );

    const committed = await f.call('POST', path(order.order_id, '/commit'), { payment: { type: 'agency_account' } });
    expect(committed.statusCode, committed.body).toBe(200);
    expect(committed.json().status).toBe('ticketed');
    expect(committed.json().tickets[0].ticket_number).toMatch(/^001\d{10}$/);

    const quote = await f.call('POST', path(order.order_id, '/cancel'), {});
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().refund.amount).toBeGreaterThan(0);

    const cancelled = await f.call('POST', path(order.order_id, '/cancel/confirm'), {
      cancellation_quote_id: quote.json().cancellation_quote_id,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');

    const refunded = await f.call('POST', path(order.order_id, '/refund'));
    expect(refunded.statusCode, refunded.body).toBe(202);
    expect(refunded.json()).toEqual({ order_id: order.order_id, status: 'refunded' });

    const events = await eventsForOrder(f.platform.db, order.order_id);
    expect(events.map((e) => e.event)).toEqual(['order.created', 'order.ticketed', 'order.cancelled', 'order.refunded']);
    for (const e of events) {
      expect(Object.keys(e.payload).sort()).toEqual([
        'airline',
        'currency',
        'destination',
        'event',
        'occurred_at',
        'order_id',
        'origin',
        'pnr',
        'status',
        'total',
      ]);
      expect(e.payload).toMatchObject({
        event: e.event,
        order_id: order.order_id,
        pnr: order.pnr,
        airline: 'AA',
        origin: 'JFK',
        destination: 'LAX',
        currency: 'USD',
      });
    }
    expect(events.map((e) => e.payload.status)).toEqual(['hold', 'ticketed', 'cancelled', 'refunded']);
    const history = await f.call('GET', `/v1/orders/${encodeURIComponent(order.order_id)}/history`);
    expect(history.json().entries.map((e: { action: string }) => e.action)).toEqual([
      'created',
      'committed',
      'cancelled',
      'refunded',
    ]);
  });

  it('a hold paid before the airline issues its documents stays open and fires order.updated; the tickets later fire order.ticketed', async () => {
    const offer = await f.offer('JFK', 'LAX', /MAINFL/, 34);
    const created = await f.hold(offer.offer_id);
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json();
    await f.control('POST', `/control/orders/${order.pnr}/defer-ticketing`);

    const committed = await f.call('POST', path(order.order_id, '/commit'), { payment: { type: 'agency_account' } });
    expect(committed.statusCode, committed.body).toBe(200);
    expect(committed.json()).toMatchObject({ status: 'hold', tickets: [], payment_deadline: null });
    expect(committed.json().available_actions).not.toContain('pay');
    const settled = await eventsForOrder(f.platform.db, order.order_id);
    expect(settled.map((e) => [e.event, e.payload.status])).toEqual([
      ['order.created', 'hold'],
      ['order.updated', 'hold'],
    ]);

    // Paid once: a second commit is refused before the airline is asked, and nothing more is due or charged.
    const again = await f.call('POST', path(order.order_id, '/commit'), { payment: { type: 'agency_account' } });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'nothing_to_commit',
      error:
        'nothing to commit: the order is paid and the airline is still issuing its tickets; GET it with refresh=true to see them',
    });
    const quoted = await f.call('POST', path(order.order_id, '/quote'));
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json().amount_due).toMatchObject({ amount: 0, currency: 'USD' });
    const eligibility = await f.call('GET', path(order.order_id, '/refund-eligibility'));
    expect(eligibility.json()).toMatchObject({
      eligible: false,
      reason: 'the hold is paid and its tickets are still to come from the airline; refund it once they are issued',
    });
    const airline = (await (await fetch(`${f.aa.url}/control/orders/${order.pnr}`)).json()) as {
      paidCents: number;
      totalCents: number;
    };
    expect(airline.paidCents).toBe(airline.totalCents);
    expect((await eventsForOrder(f.platform.db, order.order_id)).length).toBe(2);

    await f.control('POST', `/control/orders/${order.pnr}/issue-tickets`);
    const refreshed = await f.call('GET', `/v1/orders/${encodeURIComponent(order.order_id)}?airline=AA&refresh=true`);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json().status).toBe('ticketed');
    expect(refreshed.json().tickets[0].ticket_number).toMatch(/^001\d{10}$/);
    const events = await eventsForOrder(f.platform.db, order.order_id);
    expect(events.map((e) => e.event)).toEqual(['order.created', 'order.updated', 'order.ticketed']);
  });

  it('quote: the airline reprices a hold (all of it due) and a ticketed order (nothing due); nothing is changed or announced', async () => {
    // Another day than the tests above: the same traveller on the same flight would be an order_conflict.
    const offer = await f.offer('JFK', 'LAX', /MAINFL/, 41);
    const created = await f.hold(offer.offer_id);
    expect(created.statusCode, created.body).toBe(201);
    const held = created.json();
    const quoted = await f.call('POST', path(held.order_id, '/quote'));
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json()).toMatchObject({
      order_id: held.order_id,
      action: 'reprice',
      total: { amount: held.total, currency: 'USD' },
      amount_due: { amount: held.total, currency: 'USD' },
    });
    expect(typeof quoted.json().payment_deadline).toBe('string');
    const after = (await f.call('GET', path(held.order_id))).json();
    expect(after).toMatchObject({ status: 'hold', total: held.total, updated_at: held.updated_at });
    const history = (await f.call('GET', path(held.order_id, '/history'))).json();
    expect(history.entries.map((e: { action: string }) => e.action)).toEqual(['created']);
    expect((await eventsForOrder(f.platform.db, held.order_id)).map((e) => e.event)).toEqual(['order.created']);

    await f.call('POST', path(held.order_id, '/commit'), { payment: { type: 'agency_account' } });
    const paid = await f.call('POST', path(held.order_id, '/quote'));
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      total: { amount: held.total, currency: 'USD' },
      amount_due: { amount: 0, currency: 'USD' },
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsForOrder } from '../../src/orders/event-outbox-store.js';
import { daysAhead } from '../shopping/shopping-fixture.js';
import { orderFixture, type OrderFixture } from './order-fixture.js';

let f: OrderFixture;
beforeAll(async () => {
  f = await orderFixture();
});
afterAll(async () => f?.close());

const path = (id: string, tail = '') => `/v1/orders/${encodeURIComponent(id)}${tail}?airline=AA`;
const read = async (id: string) => (await f.call('GET', `/v1/orders/${encodeURIComponent(id)}`)).json();
const events = async (id: string) => (await eventsForOrder(f.platform.db, id)).map((e) => e.event);

const roundTrip = (days: number) => f.ticketedRoundTrip(days);

describe('POST /change actions', () => {
  it('cancel_segments: quote with reason and money, confirmed by quote_id; the order stays open (order.updated), the history has the reason', async () => {
    const order = await roundTrip(40);
    const back = order.segments[1]!.segment_id;
    expect((await f.call('POST', path(order.order_id, '/change'), { action: 'cancel_segments' })).json().code).toBe(
      'segment_ids_required',
    );
    const stray = await f.call('POST', path(order.order_id, '/change'), {
      action: 'cancel_segments',
      segment_ids: [back],
      departure_date: daysAhead(50),
    });
    expect(stray.statusCode).toBe(400);
    expect(stray.json()).toMatchObject({ code: 'field_not_used', field: 'departure_date' });
    const quote = await f.call('POST', path(order.order_id, '/change'), {
      ACTION: 'cancel_segments',
      Segment_IDs: [back],
      reason: 'Staying longer',
    });
    expect(quote.statusCode, quote.body).toBe(200);
    const q = quote.json();
    expect(q).toMatchObject({ action: 'cancel_segments', segment_ids: [back], reason: 'Staying longer' });
    expect(q.refund.amount).toBeGreaterThan(0);
    const done = await f.call('POST', path(order.order_id, '/change/confirm'), { offer_id: q.quote_id });
    expect(done.statusCode, done.body).toBe(200);
    const after = await read(order.order_id);
    expect(after.status).toBe('ticketed');
    expect(after.segments.map((s: { status: string }) => s.status)).toEqual(['confirmed', 'cancelled']);
    expect(await events(order.order_id)).toEqual(['order.created', 'order.updated']);
    const entries = (await f.call('GET', `/v1/orders/${encodeURIComponent(order.order_id)}/history`)).json().entries;
    expect(entries.at(-1)).toMatchObject({
      action: 'segments_cancelled',
      detail: { reason: 'Staying longer', removed: { segment_ids: [back] } },
    });
  });

  it('ancillaries: a priced service added through quote and confirm, then removed by its extra_id', async () => {
    const order = await roundTrip(45);
    // Service ids are the airline's catalogue: those of the shopped offer are priced again for the order.
    const services = (await f.call('GET', `/v1/offers/${encodeURIComponent(order.shopped)}/services`)).json();
    const list = services as { service_id: string; price_amount: number | null; segment_ids: string[] }[];
    const bag = list.find((s) => (s.price_amount ?? 0) > 0 && s.segment_ids.length === 0)!;
    expect(bag).toBeDefined();
    const quote = await f.call('POST', path(order.order_id, '/change'), {
      action: 'ancillaries',
      services: [{ service_id: bag.service_id, passenger_id: 'PAX1' }],
      reason: 'Extra bag',
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().added_extras).toHaveLength(1);
    expect(quote.json().amount_due.amount).toBeGreaterThan(0);
    const added = await f.call('POST', path(order.order_id, '/change/confirm'), { offer_id: quote.json().quote_id });
    expect(added.statusCode, added.body).toBe(200);
    const extra = (await read(order.order_id)).extras[0];
    expect(extra.extra_id).toBeTruthy();
    const removal = await f.call('POST', path(order.order_id, '/change'), {
      action: 'ancillaries',
      remove_extra_ids: [extra.extra_id],
    });
    expect(removal.statusCode, removal.body).toBe(200);
    expect(removal.json().removed_extra_ids).toEqual([extra.extra_id]);
    const removed = await f.call('POST', path(order.order_id, '/change/confirm'), { offer_id: removal.json().quote_id });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await read(order.order_id)).extras).toEqual([]);
    expect(await events(order.order_id)).toEqual(['order.created', 'order.updated', 'order.updated']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lifecyclePayload } from '../../src/orders/event-outbox.js';
import { enqueueEvent } from '../../src/orders/event-outbox-store.js';
import { findAgencyOrder } from '../../src/orders/order-store.js';
import { LIFECYCLE_BODY_KEYS } from '../webhooks/webhook-body.js';
import { webhookFixture, type WebhookFixture } from '../webhooks/webhook-fixture.js';

let f: WebhookFixture;
// A database of its own: the delivery worker run here (f.deliver) claims every due delivery it finds,
// and on a shared database would attempt other files' deliveries, to receivers whose certificate it
// does not trust, and leave them failed and waiting for a retry those files never see.
beforeAll(async () => {
  f = await webhookFixture({ isolated: true });
});
afterAll(async () => f?.close());

interface EventView {
  id: string;
  type: string;
  order_id: string;
  created_at: string;
  data: Record<string, unknown>;
  deliveries: { endpoint_id: string; status: string; attempts: number; last_attempt_at: string | null }[];
}

async function get(key: string, url: string) {
  return f.app.inject({ method: 'GET', url, headers: { 'x-api-key': key } });
}

async function list(key: string, query = '') {
  const res = await get(key, `/v1/events${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { events: EventView[]; next_cursor: string };
}

/** A later event of the order, written by the outbox's own writer at the service's time. */
async function announce(agencyId: string, orderId: string, event: 'order.updated' | 'order.cancelled' | 'order.ticketed') {
  const order = (await findAgencyOrder(f.platform.db, orderId, agencyId))!;
  const at = f.clock();
  await enqueueEvent(f.platform.db, order, { event, payload: lifecyclePayload(event, order, at), at });
}

/** An agency with a test key and one hold (order.created), then order.updated and order.cancelled. */
async function agencyWithEvents() {
  const owner = await f.session({ mfa: false });
  const key = await f.apiKey(owner.agencyId);
  const order = await f.hold(key);
  await announce(owner.agencyId, order.order_id, 'order.updated');
  await announce(owner.agencyId, order.order_id, 'order.cancelled');
  return { owner, key, order };
}

describe('GET /v1/events', () => {
  it("lists the agency's events newest first, each with the webhook body and keyset pages", async () => {
    const { key, order } = await agencyWithEvents();
    const all = await list(key);
    expect(all.events.map((e) => e.type)).toEqual(['order.cancelled', 'order.updated', 'order.created']);
    expect(all.next_cursor).toBe('');
    const created = all.events[2]!;
    expect(created.id).toMatch(/^evt_[\w-]{22}$/);
    expect(created.order_id).toBe(order.order_id);
    expect(Object.keys(created.data)).toEqual(LIFECYCLE_BODY_KEYS);
    expect(created.data).toMatchObject({ event: 'order.created', order_id: order.order_id, pnr: order.pnr, status: 'hold' });
    expect(created.created_at).toBe(created.data.occurred_at);
    expect(created.deliveries).toEqual([]);

    const first = await list(key, '?limit=2');
    expect(first.events.map((e) => e.id)).toEqual(all.events.slice(0, 2).map((e) => e.id));
    expect(first.next_cursor).not.toBe('');
    const second = await list(key, `?limit=2&cursor=${first.next_cursor}`);
    expect(second.events.map((e) => e.id)).toEqual([created.id]);
    expect(second.next_cursor).toBe('');

    const one = await get(key, `/v1/events/${created.id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual(created);
  });

  it('filters by type (one name or a comma list), order_id and created_after / created_before', async () => {
    const { owner, key, order } = await agencyWithEvents();
    const other = await f.hold(key, 45);
    expect((await list(key, '?type=order.cancelled')).events.map((e) => e.type)).toEqual(['order.cancelled']);
    const two = await list(key, `?type=${encodeURIComponent('order.updated, order.cancelled')}`);
    expect(two.events.map((e) => e.type)).toEqual(['order.cancelled', 'order.updated']);
    const created = await list(key, '?type=order.created');
    expect(created.events.map((e) => e.order_id)).toEqual([other.order_id, order.order_id]);
    expect((await list(key, `?order_id=${other.order_id}`)).events.map((e) => e.type)).toEqual(['order.created']);

    f.advance(60_000);
    const cut = f.clock().toISOString();
    f.advance(60_000);
    await announce(owner.agencyId, other.order_id, 'order.updated');
    const after = await list(key, `?created_after=${cut}`);
    expect(after.events.map((e) => [e.type, e.order_id])).toEqual([['order.updated', other.order_id]]);
    const before = await list(key, `?created_before=${cut}`);
    expect(before.events).toHaveLength(4);
    expect(before.events.every((e) => e.created_at < cut)).toBe(true);
  });

  it('answers 400 naming the field for a bad query parameter', async () => {
    const { key } = await agencyWithEvents();
    const cases: [string, RegExp, string][] = [
      ['?type=order.shipped', /type must be one or more of: order\.created/, 'invalid_request'],
      ['?type=', /type must be one or more of/, 'invalid_request'],
      ['?limit=0', /limit/, 'invalid_request'],
      ['?limit=101', /limit/, 'invalid_request'],
      ['?created_after=yesterday', /created_after/, 'invalid_request'],
      ['?created_before=2026-13-01', /created_before/, 'invalid_request'],
      [`?order_id=${'x'.repeat(101)}`, /order_id/, 'invalid_request'],
      ['?cursor=bm90LWFuLWV2ZW50', /cursor/, 'invalid_cursor'],
    ];
    for (const [query, message, code] of cases) {
      const res = await get(key, `/v1/events${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toMatch(message);
      expect(res.json().code, query).toBe(code);
    }
  });

  it("shows only the key's agency and environment: another agency's or the live key's event is 404", async () => {
    const a = await agencyWithEvents();
    const b = await f.session({ mfa: false });
    const bKey = await f.apiKey(b.agencyId);
    const aLive = await f.apiKey(a.owner.agencyId, 'live');
    const events = (await list(a.key)).events;
    expect(events).toHaveLength(3);
    expect((await list(bKey)).events).toEqual([]);
    expect((await list(aLive)).events).toEqual([]);
    for (const key of [bKey, aLive]) {
      const res = await get(key, `/v1/events/${events[0]!.id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'event_not_found', error: 'event not found' });
    }
    for (const id of ['evt_999999999', 'evt_0', 'nope', 'evt_1x']) {
      const res = await get(a.key, `/v1/events/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().code).toBe('event_not_found');
    }
    const anonymous = await f.app.inject({ method: 'GET', url: '/v1/events' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('shows each endpoint delivery after a real delivery to an HTTPS receiver, and its body byte for byte', async () => {
    f.receiver.answerWith(() => ({ status: 204 }));
    const owner = await f.session();
    const key = await f.apiKey(owner.agencyId);
    const created = await f.request(owner.token, 'POST', '/v1/dev/webhooks', { url: f.receiver.url() });
    expect(created.statusCode, created.body).toBe(201);
    const endpointId = created.json().id as string;
    const order = await f.hold(key);
    const before = f.receiver.received.length;
    await f.deliver();
    const hook = f.receiver.received.slice(before).find((h) => h.raw.includes(order.order_id));
    expect(hook).toBeDefined();

    const [event] = (await list(key, `?order_id=${order.order_id}`)).events;
    expect(JSON.stringify(event!.data)).toBe(hook!.raw);
    expect(event!.deliveries).toEqual([
      { endpoint_id: endpointId, status: 'delivered', attempts: 1, last_attempt_at: expect.any(String) },
    ]);
    const at = Date.parse(event!.deliveries[0]!.last_attempt_at!);
    expect(Math.abs(at - f.clock().getTime())).toBeLessThan(60_000);
  });

  // Last: it moves the service's clock a month on.
  it('keeps events 30 days: older ones are neither listed nor found', async () => {
    const { key } = await agencyWithEvents();
    const events = (await list(key)).events;
    f.advance(29 * 24 * 3_600_000);
    expect((await list(key)).events).toHaveLength(3);
    f.advance(2 * 24 * 3_600_000);
    expect((await list(key)).events).toEqual([]);
    const res = await get(key, `/v1/events/${events[0]!.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('event_not_found');
  });
});

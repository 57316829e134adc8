import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lifecyclePayload, type OrderEventName } from '../../src/orders/event-outbox.js';
import { enqueueEvent } from '../../src/orders/event-outbox-store.js';
import { findAgencyOrder } from '../../src/orders/order-store.js';
import { webhookFixture, type WebhookFixture } from '../webhooks/webhook-fixture.js';
import { openStream } from './sse-client.js';

let f: WebhookFixture;
let base: string;
beforeAll(async () => {
  f = await webhookFixture();
  base = await f.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => f?.close());

const stream = (key: string, query = '', headers: Record<string, string> = {}) =>
  openStream(`${base}/v1/events/stream${query}`, { 'x-api-key': key, ...headers });

/** A later event of the order, written by the outbox's own writer at the service's time. */
async function announce(
  agencyId: string,
  orderId: string,
  event: Exclude<OrderEventName, 'order.created' | 'order.ticketing_deadline_approaching'>,
) {
  const order = (await findAgencyOrder(f.platform.db, orderId, agencyId))!;
  const at = f.clock();
  await enqueueEvent(f.platform.db, order, { event, payload: lifecyclePayload(event, order, at), at });
}

/** The order's outbox rows and history, for a failure message: who wrote what, in which order. */
async function outboxOf(orderId: string): Promise<string> {
  const events = await sql<{ id: string; event: string; occurred_at: Date }>`
    select id::text as id, event, occurred_at from order_events where order_id = ${orderId} order by id`.execute(f.platform.db);
  const history = await sql<{ action: string; status: string; actor_kind: string; occurred_at: Date }>`
    select action, status, actor_kind, occurred_at from order_history where order_id = ${orderId} order by occurred_at`.execute(
    f.platform.db,
  );
  return JSON.stringify({ events: events.rows, history: history.rows });
}

async function agency() {
  const owner = await f.session({ mfa: false });
  return { agencyId: owner.agencyId, key: await f.apiKey(owner.agencyId) };
}

describe('GET /v1/events/stream', () => {
  it('sends a new event live, as id, event and the exact webhook body', async () => {
    const { key } = await agency();
    const other = await agency();
    const live = await stream(key);
    const otherAgency = await stream(other.key);
    expect(live.status).toBe(200);
    expect(live.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const order = await f.hold(key);
    const message = await live.next();
    expect(message.event).toBe('order.created');
    expect(message.id).toMatch(/^evt_[\w-]{22}$/);
    const listed = await f.app.inject({ method: 'GET', url: `/v1/events/${message.id}`, headers: { 'x-api-key': key } });
    expect(listed.json()).toMatchObject({ order_id: order.order_id, type: 'order.created' });
    expect(message.data).toBe(JSON.stringify(listed.json().data));
    // The other agency's stream sees its own next event first, never this one.
    const own = await f.hold(other.key);
    const first = await otherAgency.next();
    expect(JSON.parse(first.data)).toMatchObject({ order_id: own.order_id });
    live.close();
    otherAgency.close();
  });

  it('replays after Last-Event-ID exactly the events missed, then goes on live', async () => {
    const { agencyId, key } = await agency();
    const first = await stream(key);
    const order = await f.hold(key);
    const seen = await first.next();
    first.close();
    await announce(agencyId, order.order_id, 'order.updated');
    await announce(agencyId, order.order_id, 'order.cancelled');

    for (const resume of [
      (id: string) => stream(key, '', { 'last-event-id': id }),
      (id: string) => stream(key, `?last_event_id=${id}`),
    ]) {
      const again = await resume(seen.id!);
      expect(again.status).toBe(200);
      const replayed = [await again.next(), await again.next()];
      expect(
        replayed.map((m) => m.event),
        await outboxOf(order.order_id),
      ).toEqual(['order.updated', 'order.cancelled']);
      expect(new Set(replayed.map((m) => m.id)).size).toBe(2);
      // Nothing else was missed: the next message is the next event written.
      await announce(agencyId, order.order_id, 'order.ticketed');
      expect((await again.next()).event).toBe('order.ticketed');
      again.close();
    }
  });

  it('sends only the types asked for, and answers 400 naming the field for a bad type or Last-Event-ID', async () => {
    const { agencyId, key } = await agency();
    const cancelled = await stream(key, '?type=order.cancelled');
    const order = await f.hold(key);
    await announce(agencyId, order.order_id, 'order.updated');
    await announce(agencyId, order.order_id, 'order.cancelled');
    const message = await cancelled.next();
    expect(message.event).toBe('order.cancelled');
    cancelled.close();

    const badType = await stream(key, '?type=order.created,order.shipped');
    expect(badType.status).toBe(400);
    expect(badType.body).toMatchObject({ code: 'invalid_request', error: expect.stringMatching(/^type must be one or more of/) });
    const badHeader = await stream(key, '', { 'last-event-id': 'yesterday' });
    expect(badHeader.status).toBe(400);
    expect(badHeader.body).toMatchObject({ error: 'Last-Event-ID must be an event id (evt_...)' });
    const badQuery = await stream(key, '?last_event_id=42');
    expect(badQuery.status).toBe(400);
    expect(badQuery.body).toMatchObject({ error: 'last_event_id must be an event id (evt_...)' });
    const anonymous = await openStream(`${base}/v1/events/stream`, {});
    expect(anonymous.status).toBe(401);
    // No HEAD twin: it would hold a stream open with nothing to send.
    const head = await fetch(`${base}/v1/events/stream`, { method: 'HEAD', headers: { 'x-api-key': key } });
    expect(head.status).toBe(404);
  });

  it('holds at most 5 open streams per key: the sixth is 429 until one closes', async () => {
    const { key } = await agency();
    const other = await agency();
    const open = await Promise.all([1, 2, 3, 4, 5].map(() => stream(key)));
    expect(open.map((s) => s.status)).toEqual([200, 200, 200, 200, 200]);
    const sixth = await stream(key);
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get('retry-after')).toBe('5');
    expect(sixth.body).toMatchObject({
      code: 'too_many_streams',
      error: expect.stringMatching(/already holds 5 open event streams/),
    });
    const otherKey = await stream(other.key);
    expect(otherKey.status).toBe(200);
    otherKey.close();

    open[0]!.close();
    // The place is given back once the server has seen the connection close.
    let again = await stream(key);
    while (again.status === 429) again = await stream(key);
    expect(again.status).toBe(200);
    again.close();
    for (const s of open) s.close();
  });

  // Last: it closes the app.
  it('ends open streams with server_shutting_down when the server closes', async () => {
    const { key } = await agency();
    const open = await stream(key);
    expect(open.status).toBe(200);
    const closing = f.app.close();
    const message = await open.next();
    expect(message.event).toBe('error');
    expect(JSON.parse(message.data)).toEqual({
      error: 'the server is shutting down; reconnect with Last-Event-ID to resume',
      code: 'server_shutting_down',
    });
    await open.ended();
    await closing;
  });
});

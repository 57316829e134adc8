import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS_RETENTION_JOB } from '../../src/events/retention.js';
import { lifecyclePayload } from '../../src/orders/event-outbox.js';
import { enqueueEvent } from '../../src/orders/event-outbox-store.js';
import { findAgencyOrder } from '../../src/orders/order-store.js';
import { webhookFixture, type WebhookFixture } from '../webhooks/webhook-fixture.js';

// A database of its own: the sweep deletes every old event it finds, and this test moves the clock
// 31 days on, which would make every other file's events on a shared database old too.
let f: WebhookFixture;
beforeAll(async () => {
  f = await webhookFixture({ isolated: true });
});
afterAll(async () => f?.close());

const DAY_MS = 24 * 60 * 60 * 1000;

async function announce(agencyId: string, orderId: string, event: 'order.updated' | 'order.cancelled') {
  const order = (await findAgencyOrder(f.platform.db, orderId, agencyId))!;
  const at = f.clock();
  await enqueueEvent(f.platform.db, order, { event, payload: lifecyclePayload(event, order, at), at });
}

/** The order's outbox rows, oldest first, with each one's deliveries and their attempts counted. */
async function stored(orderId: string) {
  const { rows } = await sql<{ event: string; deliveries: number; attempts: number }>`
    select e.event,
           (select count(*)::int from webhook_deliveries d where d.event_id = e.id) as deliveries,
           (select count(*)::int from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id
             where d.event_id = e.id) as attempts
    from order_events e where e.order_id = ${orderId} order by e.id`.execute(f.platform.db);
  return rows;
}

const testDeliveries = async (endpointId: string) =>
  (
    await sql<{
      n: number;
    }>`select count(*)::int as n from webhook_deliveries where endpoint_id = ${endpointId} and test`.execute(f.platform.db)
  ).rows[0]!.n;

describe('events retention sweep', () => {
  it('deletes events older than 30 days with their deliveries and attempts, keeps newer ones and any a worker holds', async () => {
    f.receiver.answerWith(() => ({ status: 204 }));
    const owner = await f.session();
    const key = await f.apiKey(owner.agencyId);
    const made = await f.request(owner.token, 'POST', '/v1/dev/webhooks', { url: f.receiver.url('/retention') });
    expect(made.statusCode, made.body).toBe(201);
    const hook = made.json() as { id: string };
    const { order_id } = await f.hold(key);
    await announce(owner.agencyId, order_id, 'order.updated');
    await announce(owner.agencyId, order_id, 'order.cancelled');
    await f.deliver();
    const sample = await f.request(owner.token, 'POST', `/v1/dev/webhooks/${hook.id}/test`, { event: 'order.created' });
    expect(sample.statusCode, sample.body).toBe(200);
    expect(await stored(order_id)).toEqual([
      { event: 'order.created', deliveries: 1, attempts: 1 },
      { event: 'order.updated', deliveries: 1, attempts: 1 },
      { event: 'order.cancelled', deliveries: 1, attempts: 1 },
    ]);
    expect(await testDeliveries(hook.id)).toBe(1);

    f.advance(31 * DAY_MS);
    // A worker mid-attempt on the cancellation's delivery: its event waits for a later run.
    await sql`
      update webhook_deliveries set lease_until = ${new Date(f.clock().getTime() + 60_000)}
      where event_id = (select id from order_events where order_id = ${order_id} and event = 'order.cancelled')`.execute(
      f.platform.db,
    );
    await announce(owner.agencyId, order_id, 'order.updated');
    await f.platform.scheduler.runNow(EVENTS_RETENTION_JOB);

    expect(await stored(order_id)).toEqual([
      { event: 'order.cancelled', deliveries: 1, attempts: 1 },
      { event: 'order.updated', deliveries: 0, attempts: 0 },
    ]);
    expect(await testDeliveries(hook.id)).toBe(0);
    // The delivery log shows what is kept: the held delivery, not the two swept with their events.
    const token = await f.signIn(owner);
    const log = await f.request(token, 'GET', `/v1/dev/webhooks/${hook.id}/deliveries?limit=100`);
    expect(log.statusCode, log.body).toBe(200);
    expect((log.json().deliveries as { event: string }[]).map((d) => d.event)).toEqual(['order.cancelled']);

    // Once the worker has let go, the next run takes it too.
    await sql`update webhook_deliveries set lease_until = null`.execute(f.platform.db);
    await f.platform.scheduler.runNow(EVENTS_RETENTION_JOB);
    expect(await stored(order_id)).toEqual([{ event: 'order.updated', deliveries: 0, attempts: 0 }]);
  });
});

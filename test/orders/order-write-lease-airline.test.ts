import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AIRLINE_SWEEP_JOB } from '../../src/orders/airline-changes/airline-sweep.js';
import { DEFERRED_REFRESH_JOB } from '../../src/orders/airline-changes/refresh-limiter.js';
import { eventsForOrder } from '../../src/orders/event-outbox-store.js';
import { ORDER_WRITE_LEASE_MS } from '../../src/orders/write-lease.js';
import { airlineChangesFixture, type AirlineChangesFixture } from './airline-changes-fixture.js';

// The gateway's own writes of an order (an airline notification's re-read, the sweep) while a
// client's write holds it (src/orders/write-lease.ts): they wait their turn, never write under it
// and never fail the client. A database of its own: the sweep looks at every agency's orders.
let f: AirlineChangesFixture;
beforeAll(async () => {
  f = await airlineChangesFixture({ isolated: true, env: { AIRLINE_NOTIFY_REFRESH_SECONDS: '1' } });
});
afterAll(async () => f?.close());

const path = (id: string) => `/v1/orders/${encodeURIComponent(id)}`;
const read = async (id: string) => (await f.call('GET', path(id))).json();
const events = async (id: string) => (await eventsForOrder(f.platform.db, id)).map((e) => e.event);
const lastAction = async (id: string) =>
  ((await f.call('GET', `${path(id)}/history`)).json().entries as { action: string }[]).at(-1)?.action;

/** What a client's write in progress holds: the order's lease. */
async function busy(orderId: string) {
  await f.platform.db
    .insertInto('order_write_leases')
    .values({ order_id: orderId, holder: 'a-client-write', expires_at: new Date(Date.now() + ORDER_WRITE_LEASE_MS) })
    .execute();
}
const done = (orderId: string) => f.platform.db.deleteFrom('order_write_leases').where('order_id', '=', orderId).execute();

describe("the gateway's own re-reads of a busy order", () => {
  it('defer a notification: acknowledged to the airline, nothing written under the write, re-read once it is done', async () => {
    const order = (await f.hold((await f.offer('JFK', 'LAX', /MAINFL/, 23)).offer_id)).json();
    const before = await read(order.order_id);
    const [flight] = (await f.airline(order.airline_order_id)).flights;
    await busy(order.order_id);
    const change = await f.scheduleChange({ flight: flight!.key, change: 'retime', minutes: 50 });
    expect(change.orders[0]!.notification).toMatchObject({ delivered: true, status: 200 });
    expect(await read(order.order_id)).toEqual(before);
    expect(await events(order.order_id)).toEqual(['order.created']);
    const deferred = await f.platform.db
      .selectFrom('order_notification_refreshes')
      .select('due_at')
      .where('order_id', '=', order.order_id)
      .executeTakeFirstOrThrow();
    expect(deferred.due_at).not.toBeNull();

    await done(order.order_id);
    // Its deferral is due (a few seconds later): the job re-reads it and applies the change once.
    await f.platform.db
      .updateTable('order_notification_refreshes')
      .set({ due_at: new Date(Date.now() - 1_000) })
      .where('order_id', '=', order.order_id)
      .execute();
    await f.platform.scheduler.runNow(DEFERRED_REFRESH_JOB);
    const after = await read(order.order_id);
    expect(after.segments[0].departing_at).not.toBe(before.segments[0].departing_at);
    expect(after.segments[0].schedule_change).toMatchObject({ kind: 'retimed' });
    expect(await events(order.order_id)).toEqual(['order.created', 'order.updated']);
    expect(await lastAction(order.order_id)).toBe('airline_notification');
  });

  it('let the sweep skip it and take it on its next run', async () => {
    const near = await f.paidOrder('JFK', 'LAX', 2);
    const flight = (await f.airline(near.airline_order_id)).flights[0]!;
    const before = await read(near.order_id);
    await f.scheduleChange({ flight: flight.key, change: 'retime', minutes: 35, notify: false });
    await busy(near.order_id);
    await f.platform.scheduler.runNow(AIRLINE_SWEEP_JOB);
    expect(await read(near.order_id)).toEqual(before);

    await done(near.order_id);
    await f.platform.scheduler.runNow(AIRLINE_SWEEP_JOB);
    expect((await read(near.order_id)).segments[0].departing_at).not.toBe(before.segments[0].departing_at);
    expect(await events(near.order_id)).toEqual(['order.created', 'order.updated']);
    expect(await lastAction(near.order_id)).toBe('airline_sweep');
  });
});

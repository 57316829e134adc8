import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsForOrder } from '../../src/orders/event-outbox-store.js';
import { HOLD_LAPSE_GRACE_MS, HOLD_LAPSE_SWEEP_JOB } from '../../src/orders/hold-lapse-sweep.js';
import { orderFixture, type OrderFixture } from './order-fixture.js';

const DAY_MS = 86_400_000;
let f: OrderFixture;
/** The gateway's clock runs this far ahead of the real one once the holds' deadlines have passed. */
let aheadMs = 0;
beforeAll(async () => {
  // A database of its own: its hold-lapse sweep, run days ahead, re-reads every unpaid hold in the
  // database, and on the run's shared PostgreSQL database that would be other files' holds too.
  f = await orderFixture({ isolated: true, withVs: true, clock: () => new Date(Date.now() + aheadMs) });
});
afterAll(async () => {
  for (const airline of ['AA', 'VS'] as const) await f?.control('DELETE', '/control/clock', undefined, airline);
  await f?.close();
});

describe('holds that lapse at their payment deadline (AA and VS over NDC)', () => {
  it('re-reads each hold once its deadline and grace passed: cancelled with one order.cancelled, on the next runs nothing more', async () => {
    const holds: { order_id: string; airline: string; payment_deadline: string }[] = [];
    for (const [origin, destination] of [
      ['JFK', 'LAX'],
      ['LHR', 'JFK'],
    ] as const) {
      const offer = await f.offer(origin, destination, /./, 30);
      const created = await f.hold(offer.offer_id);
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().status).toBe('hold');
      holds.push(created.json());
    }
    expect(holds.map((h) => h.airline)).toEqual(['AA', 'VS']);

    // Before the deadline the sweep leaves the holds alone and asks no airline.
    await f.platform.scheduler.runNow(HOLD_LAPSE_SWEEP_JOB);
    for (const h of holds)
      expect((await f.call('GET', `/v1/orders/${encodeURIComponent(h.order_id)}`)).json().status).toBe('hold');

    // A minute past the first deadline, inside the grace: the sweep leaves both holds alone, though
    // the airline (its clock moved as far) has already lapsed the first.
    const firstDeadline = Math.min(...holds.map((h) => Date.parse(h.payment_deadline)));
    aheadMs = firstDeadline + HOLD_LAPSE_GRACE_MS / 2 - Date.now();
    for (const airline of ['AA', 'VS'] as const)
      await f.control('POST', '/control/clock', { advanceSeconds: Math.ceil(aheadMs / 1000) }, airline);
    await f.platform.scheduler.runNow(HOLD_LAPSE_SWEEP_JOB);
    for (const h of holds) {
      expect((await f.call('GET', `/v1/orders/${encodeURIComponent(h.order_id)}`)).json().status, h.airline).toBe('hold');
      expect((await eventsForOrder(f.platform.db, h.order_id)).map((e) => e.event)).toEqual(['order.created']);
    }

    // The gateway's clock moves five days on, the airlines' as far again: past AA's (next day) and VS's (third day) limits.
    for (const airline of ['AA', 'VS'] as const)
      await f.control('POST', '/control/clock', { advanceSeconds: 5 * 86_400 }, airline);
    aheadMs = 5 * DAY_MS;
    await f.platform.scheduler.runNow(HOLD_LAPSE_SWEEP_JOB);
    await f.platform.scheduler.runNow(HOLD_LAPSE_SWEEP_JOB);

    for (const h of holds) {
      const read = await f.call('GET', `/v1/orders/${encodeURIComponent(h.order_id)}`);
      expect(read.json(), h.airline).toMatchObject({ status: 'cancelled', payment_deadline: null });
      expect(read.json().available_actions).not.toContain('pay');
      const events = await eventsForOrder(f.platform.db, h.order_id);
      expect(events.map((e) => e.event)).toEqual(['order.created', 'order.cancelled']);
      const history = await f.call('GET', `/v1/orders/${encodeURIComponent(h.order_id)}/history`);
      const entries = history.json().entries as { action: string; status: string; actor: { kind: string } }[];
      expect(entries.map((e) => [e.action, e.status])).toEqual([
        ['created', 'hold'],
        ['hold_lapse_sweep', 'cancelled'],
      ]);
      expect(entries[1]!.actor.kind).toBe('airline');
    }
  });
});

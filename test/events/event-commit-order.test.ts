import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { lifecyclePayload } from '../../src/orders/event-outbox.js';
import { enqueueEvent, eventsForOrder } from '../../src/orders/event-outbox-store.js';
import { findAgencyOrder } from '../../src/orders/order-store.js';
import { webhookFixture, type WebhookFixture } from '../webhooks/webhook-fixture.js';

// Two transactions at once need a server with more than one connection: PostgreSQL. (Embedded
// storage runs one transaction at a time, so its ids follow commit order without a lock.)
let f: WebhookFixture;
beforeAll(async () => {
  f = await webhookFixture();
});
afterAll(async () => f?.close());

describe.skipIf(!inject('databaseUrl'))('order event ids follow commit order', () => {
  it('gives an event that commits later a higher id, whichever transaction inserted first', async () => {
    const owner = await f.session();
    const key = await f.apiKey(owner.agencyId);
    const { order_id } = await f.hold(key);
    const order = (await findAgencyOrder(f.platform.db, order_id, owner.agencyId))!;
    const at = f.clock();
    const announce = (db: typeof f.platform.db, event: 'order.updated' | 'order.cancelled') =>
      enqueueEvent(db, order, { event, payload: lifecyclePayload(event, order, at), at });

    let inserted!: () => void;
    const firstInserted = new Promise<void>((resolve) => (inserted = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The first transaction inserts, then waits before committing; the second inserts meanwhile.
    const first = f.platform.db.transaction().execute(async (trx) => {
      await announce(trx, 'order.updated');
      inserted();
      await held;
    });
    await firstInserted;
    const second = f.platform.db.transaction().execute((trx) => announce(trx, 'order.cancelled'));
    // Without the lock the second would commit now, with the higher id taken after the first's.
    const secondDone = await Promise.race([second.then(() => true), new Promise((r) => setTimeout(() => r(false), 300))]);
    expect(secondDone).toBe(false);
    release();
    await Promise.all([first, second]);

    const events = await eventsForOrder(f.platform.db, order_id);
    const ids = events.map((e) => ({ event: e.event, id: BigInt(e.id) }));
    const updated = ids.find((e) => e.event === 'order.updated')!;
    const cancelled = ids.find((e) => e.event === 'order.cancelled')!;
    expect(updated.id < cancelled.id).toBe(true);
  });
});

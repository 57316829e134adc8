import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_LEASE_MS, BOOKING_RECOVERY_JOB } from '../../src/orders/booking/recovery.js';
import { orderFixture, type OrderFixture } from './order-fixture.js';

let f: OrderFixture;
/** How far the gateway's clock runs ahead of the real one: recovery judges intents stale by it. */
let shift = 0;
beforeAll(async () => {
  f = await orderFixture({ clock: () => new Date(Date.now() + shift) });
});
afterAll(async () => f?.close());

const airlineOrders = async () =>
  ((await (await fetch(`${f.aa.url}/control/state`)).json()) as { store: { orders: number } }).store.orders;

describe('order_conflict under concurrency', () => {
  it('lets exactly one of 8 parallel creates of the same people and flights book, whatever their Idempotency-Keys', async () => {
    const offer = await f.offer('JFK', 'LAX', /MAIN$/, 42);
    const before = await airlineOrders();
    // Six distinct keys and two without one: the idempotency key cannot be what stops them.
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => f.hold(offer.offer_id, {}, i < 6 ? { 'idempotency-key': `conflict-${i}` } : {})),
    );
    const created = answers.filter((a) => a.statusCode === 201);
    expect(created, answers.map((a) => `${a.statusCode} ${a.body}`).join('\n')).toHaveLength(1);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(refused.map((a) => [a.statusCode, a.json().code])).toEqual(refused.map(() => [409, 'order_conflict']));
    expect(await airlineOrders()).toBe(before + 1);

    // Cancelling frees the travel: the same people may book the same flights again.
    const id = created[0]!.json().order_id as string;
    expect((await f.call('DELETE', `/v1/orders/${encodeURIComponent(id)}?airline=AA`)).statusCode).toBe(204);
    const again = await f.hold(offer.offer_id, {}, { 'idempotency-key': 'conflict-after-cancel' });
    expect(again.statusCode, again.body).toBe(201);
    expect(await airlineOrders()).toBe(before + 2);
  });
});

describe('a travel claim whose booking may have reached the airline', () => {
  it('keeps the travel after a lost OrderCreate answer, whatever the clock says, until recovery learns nothing was booked', async () => {
    const offer = await f.offer('JFK', 'LAX', /MAIN$/, 44);
    const before = await airlineOrders();
    await f.control('POST', '/control/faults', { kind: 'http5xx', messages: ['OrderCreate'], remaining: 1 });
    try {
      expect((await f.hold(offer.offer_id)).statusCode).toBe(502);
    } finally {
      await f.control('DELETE', '/control/faults');
    }
    const blocked = await f.hold(offer.offer_id);
    expect(blocked.statusCode, blocked.body).toBe(409);
    expect(blocked.json()).toMatchObject({ code: 'order_conflict' });
    expect(blocked.json().order_id).toBeUndefined();

    // The old 15-minute takeover no longer frees it: the booking may exist, only the airline can say.
    await f.platform.db
      .updateTable('order_travel_claims')
      .set({ claimed_at: new Date(Date.now() - 16 * 60_000) })
      .where('order_id', 'is', null)
      .execute();
    expect((await f.hold(offer.offer_id)).statusCode).toBe(409);

    // Past the intent's lease the recovery job asks AA for the reference, hears "not found", frees the travel.
    shift = BOOKING_LEASE_MS + 1_000;
    await f.platform.scheduler.runNow(BOOKING_RECOVERY_JOB);
    const booked = await f.hold(offer.offer_id);
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await airlineOrders()).toBe(before + 1);
  });
});

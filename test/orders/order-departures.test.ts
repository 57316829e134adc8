import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airlineChangesFixture, type AirlineChangesFixture } from './airline-changes-fixture.js';

// Runs on the run's storage: PGlite by default, PostgreSQL when DATABASE_URL is set.
// `order_departures` is what the airline sweep looks orders up by; it must follow every write of
// an order (booking, an airline change, cancellation) or the sweep misses orders or re-reads
// closed ones.
let f: AirlineChangesFixture;
beforeAll(async () => {
  f = await airlineChangesFixture();
});
afterAll(async () => f?.close());

const departures = async (orderId: string) =>
  (
    await sql<{ departing_at: string }>`
      select departing_at from order_departures where order_id = ${orderId} order by departing_at`.execute(f.platform.db)
  ).rows.map((r) => r.departing_at);
const read = async (id: string) => (await f.call('GET', `/v1/orders/${encodeURIComponent(id)}?airline=AA`)).json();

describe('the departures an open order still has to fly', () => {
  it('are stored with the booking, follow an airline retime, and are gone once the order is cancelled', async () => {
    const booked = await f.hold((await f.offer('JFK', 'LAX', /MAINFL/, 12)).offer_id);
    expect(booked.statusCode, booked.body).toBe(201);
    const order = booked.json();
    expect(await departures(order.order_id)).toEqual(order.segments.map((s: { departing_at: string }) => s.departing_at));

    const [flight] = (await f.airline(order.airline_order_id)).flights;
    await f.scheduleChange({ flight: flight!.key, change: 'retime', minutes: 35 });
    const retimed = await read(order.order_id);
    expect(retimed.segments[0].departing_at).not.toBe(order.segments[0].departing_at);
    expect(await departures(order.order_id)).toEqual([retimed.segments[0].departing_at]);

    const cancelled = await f.call('DELETE', `/v1/orders/${encodeURIComponent(order.order_id)}?airline=AA`);
    expect(cancelled.statusCode, cancelled.body).toBe(204);
    expect((await read(order.order_id)).status).toBe('cancelled');
    expect(await departures(order.order_id)).toEqual([]);
  });
});

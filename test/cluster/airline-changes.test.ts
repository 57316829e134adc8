import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSENGER } from '../orders/order-fixture.js';
import { waitUntil } from '../platform/fault-drills/children.js';
import type { DrillAccount } from '../platform/fault-drills/seed.js';
import { daysAhead } from '../shopping/shopping-fixture.js';
import { clusterFixture, clusterSkip, skipTitle, type ClusterFixture } from './cluster-fixture.js';

/**
 * What the airline changes reaches a cluster once: its change notification, sent to the balancer,
 * is recorded by the one instance that takes it; a change whose notification was dropped is found
 * by the airline sweep, a scheduled job every instance runs and the cluster runs once.
 */
describe.skipIf(clusterSkip !== null)(`cluster: airline changes, notified and swept${skipTitle}`, () => {
  let f: ClusterFixture;
  let account: DrillAccount;

  beforeAll(async () => {
    // A re-check window of a minute: an order the sweep looked at just before its change is seen again soon.
    // A run every 5 s instead of every minute: the sweep finds the change without the test waiting a minute.
    f = await clusterFixture(2, { AIRLINE_SWEEP_RECHECK_MINUTES: '1', AIRLINE_SWEEP_INTERVAL_SECONDS: '5' });
    account = await f.account();
  }, 300_000);
  afterAll(async () => f?.stop(), 60_000);

  /** A paid order of one adult on a non-stop `days` ahead, made through the balancer. */
  async function paidOrder(origin: string, destination: string, days: number) {
    const search = await f.request('POST', '/v1/shopping/offers', {
      key: account.key,
      body: { origin, destination, departure_date: daysAhead(days), adults: 1 },
    });
    expect(search.status, JSON.stringify(search.body)).toBe(200);
    const offers = search.body.offers as { offer_id: string; fare_brand_code?: string; slices: { segments: unknown[] }[] }[];
    const offer = offers.find((o) => /MAIN$/.test(o.fare_brand_code ?? '') && o.slices.every((s) => s.segments.length === 1));
    const created = await f.request('POST', '/v1/orders', {
      key: account.key,
      body: { offer_id: offer!.offer_id, passengers: [PASSENGER], payment: { type: 'agency_account' } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const order = created.body as { order_id: string; airline_order_id: string };
    const atAirline = await f.control('GET', `/control/orders/${order.airline_order_id}`);
    return { ...order, flight: (atAirline.body.flights as { key: string }[])[0]!.key };
  }

  const read = async (orderId: string, via?: number) =>
    (
      await f.request('GET', `/v1/orders/${encodeURIComponent(orderId)}`, {
        key: account.key,
        ...(via === undefined ? {} : { via }),
      })
    ).body as { segments: { departing_at: string; schedule_change: unknown }[] };
  const actions = async (orderId: string) => {
    const res = await f.request('GET', `/v1/orders/${encodeURIComponent(orderId)}/history`, { key: account.key });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.entries as { action: string }[]).map((h) => h.action);
  };
  const airlineRecords = (list: string[]) => list.filter((a) => a.startsWith('airline_'));

  it('records a change notification sent to the balancer once, and every instance shows it', async () => {
    const order = await paidOrder('JFK', 'LAX', 21);
    const before = await read(order.order_id);
    const change = await f.control('POST', '/control/schedule-changes', { flight: order.flight, change: 'retime', minutes: 95 });
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    expect((change.body.orders as { notification: unknown }[])[0]!.notification).toMatchObject({ delivered: true, status: 200 });

    for (const via of [0, 1]) {
      const after = await read(order.order_id, via);
      expect(after.segments[0]!.departing_at).not.toBe(before.segments[0]!.departing_at);
      expect(after.segments[0]!.schedule_change).not.toBeNull();
    }
    expect(airlineRecords(await actions(order.order_id))).toEqual(['airline_notification']);
  });

  it('finds a change whose notification was dropped with the sweep, and records it once', async () => {
    const order = await paidOrder('JFK', 'MIA', 2);
    const before = await read(order.order_id);
    const change = await f.control('POST', '/control/schedule-changes', {
      flight: order.flight,
      change: 'retime',
      minutes: 40,
      notify: false,
    });
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    expect(await read(order.order_id)).toEqual(before);

    // Each instance runs the sweep every 5 s; the first to take the cluster's turn finds it.
    await waitUntil(
      'the sweep finding the change',
      150_000,
      async () => {
        const now = await read(order.order_id);
        return now.segments[0]!.departing_at !== before.segments[0]!.departing_at;
      },
      1_000,
    );
    // Recorded once, by the instance whose run held the cluster's turn, not once per instance.
    expect(airlineRecords(await actions(order.order_id))).toEqual(['airline_sweep']);
  }, 180_000);
});

// Re-accommodation on a connection, end to end over the real AA test system: the airline
// cancels a non-stop and no same-route non-stop has seats, so the passengers move to a one-stop
// connection over one of the airline's connecting points. The booking holds two flights in place of
// one (tickets valid), the signed OrderChangeNotifRQ reaches the gateway, and the order shows the
// change on both new segments (1 removed, 2 added) until it is accepted; refusing it refunds in full.
// Partners too: with AA's own non-stops full, a oneworld partner's flight AA sells under its code on
// the same route takes the cancelled one's place.
// VS runs the same code (ndc/control/reaccommodation.ts), but its timetable holds no one-stop
// alternative to any of its non-stops (no partner leg from ATL or BOS into JFK, none between its
// UK gateways), so there is no VS case to drive.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderFixture, PASSENGER, type OrderFixture } from './order-fixture.js';

let f: OrderFixture;
beforeAll(async () => {
  f = await orderFixture({ isolated: true, env: { SEARCH_RATE_LIMIT_PER_MINUTE: '1000' } });
  await f.app.listen({ port: 0, host: '127.0.0.1' });
  const address = f.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await f.control('POST', '/control/notifications', { url: `http://127.0.0.1:${port}/v1/airlines/aa/notifications` });
});
afterAll(async () => f?.close());

type Airline = 'AA';
const path = (id: string, airline: Airline, tail = '') => `/v1/orders/${encodeURIComponent(id)}${tail}?airline=${airline}`;
const read = async (id: string, airline: Airline) => (await f.call('GET', path(id, airline))).json();
const booking = async (id: string) =>
  (await (await fetch(`${f.aa.url}/control/orders/${id}`)).json()) as {
    status: string;
    flights: { key: string; dep: string; arr: string }[];
    tickets: { couponStatus: string }[];
    involuntaryChanges: { segment: number; kind: string; significant: boolean; acceptedAt: string | null }[];
  };
const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** A ticketed order of one adult on a non-stop of the airline's own, bought more than 24 hours ago. */
async function paidNonStop(airline: Airline, origin: string, destination: string, days: number) {
  const res = await f.search({ origin, destination, departure_date: daysAhead(days), adults: 1 });
  expect(res.statusCode, res.body).toBe(200);
  const offer = (
    res.json().offers as { offer_id: string; airline: string; slices: { segments: { operating_carrier: string }[] }[] }[]
  ).find(
    (o) =>
      o.airline === airline && o.slices.every((s) => s.segments.length === 1 && s.segments[0]!.operating_carrier === airline),
  );
  if (!offer) throw new Error(`no ${airline} non-stop ${origin}-${destination} ${days} days ahead`);
  const created = await f.call('POST', '/v1/orders', {
    offer_id: offer.offer_id,
    passengers: [PASSENGER],
    payment: { type: 'agency_account' },
  });
  expect(created.statusCode, created.body).toBe(201);
  await f.control('POST', '/control/clock', { advanceSeconds: 25 * 3600 }, airline);
  return created.json() as {
    order_id: string;
    airline_order_id: string;
    total: number;
    segments: { segment_id: string; flight_number: string; departing_at: string; arriving_at: string }[];
  };
}

/** Cancels the order's flight after taking every seat away on the route's other non-stops that day and the next. */
async function cancelWithNoNonStop(airline: Airline, origin: string, destination: string, flightKey: string) {
  const date = flightKey.split('/')[1]!;
  for (const day of [date, dayAfter(date)]) {
    const res = await fetch(`${f.aa.url}/control/flights?origin=${origin}&destination=${destination}&date=${day}`);
    const { flights } = (await res.json()) as { flights: { flight: string }[] };
    for (const other of flights.filter((o) => o.flight !== flightKey))
      await f.control('POST', '/control/inventory/close', { flightKey: other.flight }, airline);
  }
  const res = await fetch(`${f.aa.url}/control/schedule-changes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ flight: flightKey, change: 'cancel' }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as {
    orders: {
      orderId: string;
      changes: { segment: number; kind: string; flight: string | null; significant: boolean }[];
      notification: { delivered: boolean; status: number | null } | null;
    }[];
  };
}

/** The flight number of a test-system flight key (`AA6101/2026-12-01` → `6101`), as the gateway shows it. */
const flightNumber = (key: string) => key.split('/')[0]!.slice(2);

const minutesBetween = (from: string, to: string) => (Date.parse(`${to}Z`) - Date.parse(`${from}Z`)) / 60_000;

async function expectConnection(airline: Airline, origin: string, destination: string, days: number) {
  const order = await paidNonStop(airline, origin, destination, days);
  const [sold] = (await booking(order.airline_order_id)).flights;
  const change = await cancelWithNoNonStop(airline, origin, destination, sold!.key);
  const mine = change.orders.find((o) => o.orderId === order.airline_order_id)!;
  expect(mine.notification).toMatchObject({ delivered: true, status: 200 });
  expect(mine.changes).toEqual([
    { segment: 0, kind: 'rebooked', flight: expect.any(String), significant: true },
    { segment: 1, kind: 'rebooked', flight: expect.any(String), significant: true },
  ]);

  // The airline holds two flights in place of the one, tickets valid.
  const held = await booking(order.airline_order_id);
  expect(held.status).toBe('TICKETED');
  expect(held.tickets.map((t) => t.couponStatus)).toEqual(['I']);
  expect(held.flights.map((x) => x.key)).toEqual(mine.changes.map((c) => c.flight));

  const after = await read(order.order_id, airline);
  expect(after.status).toBe('ticketed');
  expect(after.segments).toHaveLength(2);
  const [first, second] = after.segments;
  expect([first.origin, first.destination, second.origin, second.destination]).toEqual([
    origin,
    first.destination,
    first.destination,
    destination,
  ]);
  expect(first.destination).not.toBe(destination);
  // A connection the airline would sell: at least its minimum connecting time at the hub.
  expect(minutesBetween(first.arriving_at, second.departing_at)).toBeGreaterThanOrEqual(45);
  const ids = after.segments.map((s: { segment_id: string }) => s.segment_id);
  for (const s of after.segments)
    expect(s.schedule_change).toEqual({
      previous: {
        segment_id: order.segments[0]!.segment_id,
        departing_at: order.segments[0]!.departing_at,
        arriving_at: order.segments[0]!.arriving_at,
        flight_number: order.segments[0]!.flight_number,
        status: 'confirmed',
      },
      detected_at: expect.any(String),
      kind: 'rebooked',
      significant: true,
      replacement_segment_ids: ids,
    });
  expect(after.available_actions).toEqual(expect.arrayContaining(['accept_change', 'refund']));
  const owed = (await f.call('GET', path(order.order_id, airline, '/refund-eligibility'))).json();
  expect(owed).toMatchObject({ eligible: true, reason: 'involuntary', refundable_amount: { amount: order.total } });
  return { order, after };
}

describe('re-accommodation on a connection when no same-route non-stop has seats', () => {
  it('AA: JFK-LAX cancelled, rebooked over a hub; the order shows 1 removed, 2 added; accepting clears it', async () => {
    const { order, after } = await expectConnection('AA', 'JFK', 'LAX', 27);
    const acked = await f.call('POST', path(order.order_id, 'AA', '/acknowledge-changes'));
    expect(acked.statusCode, acked.body).toBe(200);
    expect(acked.json().segments.map((s: { schedule_change: unknown }) => s.schedule_change)).toEqual([null, null]);
    expect(acked.json().segments.map((s: { segment_id: string }) => s.segment_id)).toEqual(
      after.segments.map((s: { segment_id: string }) => s.segment_id),
    );
    expect((await booking(order.airline_order_id)).involuntaryChanges.map((c) => c.acceptedAt)).toEqual([
      expect.any(String),
      expect.any(String),
    ]);
    expect(acked.json().available_actions).not.toContain('accept_change');
  });

  it('AA: refusing the connection refunds everything paid', async () => {
    const { order } = await expectConnection('AA', 'JFK', 'LAX', 29);
    const refund = await f.call('POST', path(order.order_id, 'AA', '/refund'));
    expect([refund.statusCode, refund.json()]).toEqual([202, { order_id: order.order_id, status: 'refunded' }]);
    expect((await read(order.order_id, 'AA')).refund).toMatchObject({ amount: order.total });
  });

  it('AA: JFK-LHR cancelled with its own non-stops full, rebooked on the BA-operated AA codeshare of the route', async () => {
    const days = 33;
    const order = await paidNonStop('AA', 'JFK', 'LHR', days);
    const [sold] = (await booking(order.airline_order_id)).flights;
    // The route's flights BA operates under AA's code, as the gateway's search shows them.
    const search = await f.search({ origin: 'JFK', destination: 'LHR', departure_date: daysAhead(days), adults: 1 });
    const segments = (
      search.json().offers as { slices: { segments: { flight_number: string; operating_carrier: string }[] }[] }[]
    ).flatMap((o) => o.slices.flatMap((s) => s.segments));
    const byBa = new Set(segments.filter((s) => s.operating_carrier === 'BA').map((s) => s.flight_number));
    expect(byBa.size, 'BA-operated AA codeshares JFK-LHR').toBeGreaterThan(0);
    const date = sold!.key.split('/')[1]!;
    for (const day of [date, dayAfter(date)]) {
      const res = await fetch(`${f.aa.url}/control/flights?origin=JFK&destination=LHR&date=${day}`);
      const { flights } = (await res.json()) as { flights: { flight: string }[] };
      for (const other of flights.filter((o) => o.flight !== sold!.key && !byBa.has(flightNumber(o.flight))))
        await f.control('POST', '/control/inventory/close', { flightKey: other.flight }, 'AA');
    }
    const res = await fetch(`${f.aa.url}/control/schedule-changes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ flight: sold!.key, change: 'cancel' }),
    });
    expect(res.status).toBe(200);
    const mine = ((await res.json()) as Awaited<ReturnType<typeof cancelWithNoNonStop>>).orders.find(
      (o) => o.orderId === order.airline_order_id,
    )!;
    expect(mine.notification).toMatchObject({ delivered: true, status: 200 });
    expect(mine.changes).toEqual([
      { segment: 0, kind: 'rebooked', flight: expect.any(String), significant: expect.any(Boolean) },
    ]);
    expect(byBa.has(flightNumber(mine.changes[0]!.flight!)), `${mine.changes[0]!.flight} is BA-operated`).toBe(true);

    const after = await read(order.order_id, 'AA');
    expect(after.status).toBe('ticketed');
    expect(
      after.segments.map((s: { origin: string; destination: string; operating_carrier: string; flight_number: string }) => [
        s.origin,
        s.destination,
        s.operating_carrier,
        s.flight_number,
      ]),
    ).toEqual([['JFK', 'LHR', 'BA', flightNumber(mine.changes[0]!.flight!)]]);
    expect(after.segments[0].schedule_change).toMatchObject({
      kind: 'rebooked',
      previous: { flight_number: order.segments[0]!.flight_number },
    });
    expect(after.available_actions).toEqual(expect.arrayContaining(['accept_change']));
  });
});

// Airline disruptions end to end, over the real AA and VS test systems: a cancelled flight with
// re-accommodation and without, retimes under and over the significance threshold (14 CFR 260.2:
// 3 h domestic, 6 h international), each through the signed OrderChangeNotifRQ, the order read,
// acceptance or the involuntary refund, and the webhook events. Runs on the run's storage (PGlite,
// or PostgreSQL with DATABASE_URL), in a database of its own: the airports' countries are written
// to its aviation reference data, as the aviation sync would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disruptionActions } from '../../src/orders/airline-changes/disruption-actions.js';
import { ordersByAirlineOrderId } from '../../src/orders/airline-changes/store.js';
import { eventsForOrder } from '../../src/orders/event-outbox-store.js';
import {
  airlineBooking,
  bookTicketed,
  airlineUrl,
  orderFixture,
  orderPath as path,
  type Airline,
  type OrderFixture,
  ownNonStopOfBrand,
  type BrandedOffer,
} from './order-fixture.js';

let f: OrderFixture;
beforeAll(async () => {
  f = await orderFixture({
    isolated: true,
    withVs: true,
    env: { SEARCH_RATE_LIMIT_PER_MINUTE: '1000', AIRLINE_NOTIFY_REFRESH_SECONDS: '1' },
  });
  await f.app.listen({ port: 0, host: '127.0.0.1' });
  const address = f.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await f.control('POST', '/control/notifications', { url: `http://127.0.0.1:${port}/v1/airlines/aa/notifications` });
  await f.control('POST', '/control/notifications', { url: `http://127.0.0.1:${port}/v1/airlines/vs/notifications` }, 'VS');
  const airports = [
    ['JFK', 'KJFK', 'US', 40.64, -73.78],
    ['LAX', 'KLAX', 'US', 33.94, -118.41],
    ['LHR', 'EGLL', 'GB', 51.47, -0.46],
  ] as const;
  await f.platform.db
    .insertInto('aviation_airports')
    .values(
      airports.map(([iata, icao, country, latitude, longitude], i) => ({
        id: 990_001 + i,
        ident: icao,
        type: 'large_airport',
        name: `${iata} airport`,
        latitude,
        longitude,
        country_code: country,
        scheduled_service: true,
        icao_code: icao,
        iata_code: iata,
        search_name: `${iata.toLowerCase()} airport`,
      })),
    )
    .execute();
});
afterAll(async () => f?.close());

const base = (airline: Airline) => airlineUrl(f, airline);
const read = async (id: string, airline: Airline = 'AA') => (await f.call('GET', path(id, '', airline))).json();
/** What the stored order offers about the airline's change (for `available_actions`). */
const actions = async (airlineOrderId: string, airline: Airline = 'AA') =>
  disruptionActions((await ordersByAirlineOrderId(f.platform.db, airline, airlineOrderId))[0]!);
const events = async (id: string) => (await eventsForOrder(f.platform.db, id)).map((e) => e.event);
const eligibility = async (id: string, airline: Airline = 'AA') =>
  (await f.call('GET', path(id, '/refund-eligibility', airline))).json();
const booking = (id: string, airline: Airline = 'AA') =>
  airlineBooking<{
    status: string;
    refunded: boolean;
    paidCents: number;
    refundedCents: number;
    flights: { key: string; dep: string; arr: string }[];
    tickets: { couponStatus: string }[];
    involuntaryChanges: { segment: number; kind: string; significant: boolean; acceptedAt: string | null }[];
  }>(f, id, airline);
const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const shift = (local: string, minutes: number) => new Date(Date.parse(`${local}Z`) + minutes * 60_000).toISOString().slice(0, 19);

async function scheduleChange(airline: Airline, body: Record<string, unknown>) {
  const res = await fetch(`${base(airline)}/control/schedule-changes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as {
    orders: {
      orderId: string;
      changes: { kind: string; flight: string | null; significant: boolean }[];
      notification: { delivered: boolean; status: number | null } | null;
    }[];
  };
  expect(res.status, JSON.stringify(json)).toBe(200);
  return json;
}

async function nonStop(airline: Airline, origin: string, destination: string, brand: RegExp, days: number) {
  const res = await f.search({ origin, destination, departure_date: daysAhead(days), adults: 1 });
  expect(res.statusCode, res.body).toBe(200);
  return ownNonStopOfBrand(res.json().offers as BrandedOffer[], airline, brand);
}

/** A ticketed order of one adult on a non-stop of `brand`, bought more than 24 hours ago at the airline. */
async function paidOrder(airline: Airline, origin: string, destination: string, brand: RegExp, days: number) {
  // The first of three days with such an offer: cheap classes close as flights fill.
  let offer: { offer_id: string } | undefined;
  for (let day = days; day < days + 3 && !offer; day++) offer = await nonStop(airline, origin, destination, brand, day);
  if (!offer) throw new Error(`no ${airline} ${brand} non-stop ${origin}-${destination} from ${days} days on`);
  const created = await bookTicketed<unknown>(f, offer.offer_id);
  // Past the airline's 24-hour full-refund window: what is refunded from here is the disruption's doing.
  await f.control('POST', '/control/clock', { advanceSeconds: 25 * 3600 }, airline);
  return created as {
    order_id: string;
    airline_order_id: string;
    total: number;
    currency: string;
    segments: { segment_id: string; flight_number: string; departing_at: string; arriving_at: string }[];
  };
}

describe('airline disruptions: re-accommodation, significance, acceptance and the involuntary refund', () => {
  it('AA cancels a flight: the passenger is moved to the next flight with seats; the order stays ticketed, shows old and new, and accepting clears it', async () => {
    const order = await paidOrder('AA', 'JFK', 'LAX', /-MAIN$/, 27);
    const [flight] = (await booking(order.airline_order_id)).flights;
    const before = await events(order.order_id);
    const fareOwnAfter24h = await eligibility(order.order_id);

    const change = await scheduleChange('AA', { flight: flight!.key, change: 'cancel' });
    const mine = change.orders.find((o) => o.orderId === order.airline_order_id)!;
    expect(mine.notification).toMatchObject({ delivered: true, status: 200 });
    expect(mine.changes).toEqual([{ segment: 0, kind: 'rebooked', flight: expect.any(String), significant: true }]);
    const moved = mine.changes[0]!.flight!;
    expect(moved).not.toBe(flight!.key);

    // The airline keeps the booking open on the new flight, tickets valid.
    const airline = await booking(order.airline_order_id);
    expect(airline.status).toBe('TICKETED');
    expect(airline.flights[0]!.key).toBe(moved);
    expect(airline.tickets.map((t) => t.couponStatus)).toEqual(['I']);

    const after = await read(order.order_id);
    expect(after.status).toBe('ticketed');
    expect(after.segments[0]).toMatchObject({ status: 'confirmed', flight_number: moved.replace(/^AA(\d+)\/.*$/, '$1') });
    expect(after.segments[0].schedule_change).toEqual({
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
    });
    expect(after.tickets[0].coupons.map((c: { status: string }) => c.status)).not.toContain('V');
    expect(await events(order.order_id)).toEqual([...before, 'order.updated']);

    // Refusing the alternative would refund everything, whatever the Main fare's own rule says.
    const owed = await eligibility(order.order_id);
    expect(owed).toMatchObject({ eligible: true, reason: 'involuntary', refundable_amount: { amount: order.total } });
    expect(await actions(order.airline_order_id)).toEqual(['accept_change', 'refund']);

    // The airline cannot be reached: nothing is accepted anywhere, the change stays pending.
    await f.control('POST', '/control/faults', { kind: 'http5xx', messages: ['OrderChange'] });
    const unreachable = await f.call('POST', path(order.order_id, '/acknowledge-changes'));
    await f.control('DELETE', '/control/faults');
    expect([unreachable.statusCode, unreachable.json().code]).toEqual([502, 'airline_unavailable']);
    expect((await read(order.order_id)).segments[0].schedule_change).toMatchObject({ kind: 'rebooked' });
    expect((await booking(order.airline_order_id)).involuntaryChanges[0]!.acceptedAt).toBeNull();

    const acked = await f.call('POST', path(order.order_id, '/acknowledge-changes'));
    expect(acked.statusCode, acked.body).toBe(200);
    // The acceptance reached the airline (OrderChangeRQ AcceptChange): it no longer owes the full refund.
    expect((await booking(order.airline_order_id)).involuntaryChanges).toEqual([
      { segment: 0, kind: 'rebooked', significant: true, acceptedAt: expect.any(String) },
    ]);
    expect(acked.json().segments[0].schedule_change).toBeNull();
    expect(acked.json().segments[0].flight_number).toBe(after.segments[0].flight_number);
    expect(await events(order.order_id)).toEqual([...before, 'order.updated', 'order.updated']);
    // Accepted: the alternative is taken; the Main fare's own rule applies again at the airline (credit, no cash).
    expect(await eligibility(order.order_id)).toMatchObject({ eligible: false, refundable_amount: { amount: 0 } });
    expect(await eligibility(order.order_id)).toEqual(fareOwnAfter24h);
    expect(await actions(order.airline_order_id)).toEqual([]);
  });

  it('AA cancels a flight with no seats on any alternative within a day, non-stop or connection: the segment is cancelled, the Basic Economy ticket refunds in full (involuntary), order.refunded', async () => {
    const order = await paidOrder('AA', 'JFK', 'LAX', /-BASIC$/, 45);
    const [flight] = (await booking(order.airline_order_id)).flights;
    const date = flight!.key.split('/')[1]!;
    // Every JFK departure those two days: no non-stop, nor a connection's first flight, has seats.
    for (const day of [date, dayAfter(date)]) {
      const res = await fetch(`${f.aa.url}/control/flights?origin=JFK&date=${day}`);
      const { flights } = (await res.json()) as { flights: { flight: string }[] };
      for (const other of flights.filter((o) => o.flight !== flight!.key))
        await f.control('POST', '/control/inventory/close', { flightKey: other.flight });
    }
    const change = await scheduleChange('AA', { flight: flight!.key, change: 'cancel' });
    expect(change.orders.find((o) => o.orderId === order.airline_order_id)!.changes).toEqual([
      { segment: 0, kind: 'cancelled', flight: null, significant: true },
    ]);
    const airline = await booking(order.airline_order_id);
    expect(airline.status).toBe('TICKETED');
    expect(airline.tickets.map((t) => t.couponStatus)).toEqual(['I']);

    const after = await read(order.order_id);
    expect(after.status).toBe('ticketed');
    expect(after.segments[0].status).toBe('cancelled');
    expect(after.segments[0].schedule_change).toMatchObject({
      kind: 'cancelled',
      significant: true,
      previous: { status: 'confirmed' },
    });
    const owed = await eligibility(order.order_id);
    expect(owed).toMatchObject({
      eligible: true,
      reason: 'involuntary',
      refundable_amount: { amount: order.total, currency: order.currency },
      penalty: { amount: 0 },
    });

    const refund = await f.call('POST', path(order.order_id, '/refund'));
    expect([refund.statusCode, refund.json()]).toEqual([202, { order_id: order.order_id, status: 'refunded' }]);
    const refunded = await read(order.order_id);
    expect(refunded.status).toBe('refunded');
    expect(refunded.refund).toMatchObject({ amount: order.total, currency: order.currency });
    expect((await events(order.order_id)).slice(-3)).toEqual(['order.updated', 'order.cancelled', 'order.refunded']);
    const closed = await booking(order.airline_order_id);
    expect(closed.status).toBe('CANCELLED');
    expect(closed.refundedCents).toBe(closed.paidCents);
  });

  it('AA retimes a domestic flight: 2 h is not significant (the Main fare keeps its own rule), 4 h is (full refund, involuntary)', async () => {
    const order = await paidOrder('AA', 'JFK', 'LAX', /-MAIN$/, 29);
    const [flight] = (await booking(order.airline_order_id)).flights;
    const fareOwn = await eligibility(order.order_id);

    const small = await scheduleChange('AA', { flight: flight!.key, change: 'retime', minutes: 120 });
    expect(small.orders.find((o) => o.orderId === order.airline_order_id)!.changes[0]).toMatchObject({
      kind: 'retimed',
      significant: false,
    });
    const minor = await read(order.order_id);
    expect(minor.segments[0].departing_at).toBe(shift(order.segments[0]!.departing_at, 120));
    expect(minor.segments[0].schedule_change).toMatchObject({ kind: 'retimed', significant: false });
    expect(await eligibility(order.order_id)).toEqual(fareOwn);
    expect(await actions(order.airline_order_id)).toEqual(['accept_change']);
    expect(fareOwn.reason).not.toBe('involuntary');

    // Another 2 h: 4 h from what the agency accepted, so the change pending is now significant.
    await new Promise((r) => setTimeout(r, 1_100)); // the notification refresh window (1 s in tests)
    const more = await scheduleChange('AA', { flight: flight!.key, change: 'retime', minutes: 120 });
    // The airline measures from the times it sold, so the two retimes add up there too.
    expect(more.orders.find((o) => o.orderId === order.airline_order_id)!.changes[0]).toMatchObject({ significant: true });
    const major = await read(order.order_id);
    expect(major.segments[0].departing_at).toBe(shift(order.segments[0]!.departing_at, 240));
    expect(major.segments[0].schedule_change).toMatchObject({
      kind: 'retimed',
      significant: true,
      previous: { departing_at: order.segments[0]!.departing_at },
    });
    expect(await eligibility(order.order_id)).toMatchObject({
      eligible: true,
      reason: 'involuntary',
      refundable_amount: { amount: order.total },
    });
  });

  it("AA retimes a flight whose airports the gateway's reference data lacks: 4 h is unknown (null) and the airline's own refund shows, 7 h is significant either way", async () => {
    // MIA is not in this database's aviation_airports: the gateway cannot tell domestic from international.
    const order = await paidOrder('AA', 'JFK', 'MIA', /-MAIN$/, 33);
    const [flight] = (await booking(order.airline_order_id)).flights;
    await scheduleChange('AA', { flight: flight!.key, change: 'retime', minutes: 240 });
    const unknown = await read(order.order_id);
    expect(unknown.segments[0].schedule_change).toMatchObject({ kind: 'retimed', significant: null });
    expect(unknown.available_actions).toContain('accept_change');
    expect(unknown.available_actions).not.toContain('refund');
    // The airline (JFK-MIA is domestic to it) owes the full refund; refund-eligibility is its answer.
    expect(await eligibility(order.order_id)).toMatchObject({ eligible: true, refundable_amount: { amount: order.total } });

    await new Promise((r) => setTimeout(r, 1_100)); // the notification refresh window (1 s in tests)
    await scheduleChange('AA', { flight: flight!.key, change: 'retime', minutes: 180 });
    const known = await read(order.order_id);
    expect(known.segments[0].schedule_change).toMatchObject({ kind: 'retimed', significant: true });
    expect(known.available_actions).toEqual(expect.arrayContaining(['accept_change', 'refund']));
    expect(await eligibility(order.order_id)).toMatchObject({ eligible: true, reason: 'involuntary' });
  });

  it('AA retimes an international flight: 4 h is not significant, 7 h is; the refund is in full and announced', async () => {
    const small = await paidOrder('AA', 'JFK', 'LHR', /-MAIN$/, 30);
    const [smallFlight] = (await booking(small.airline_order_id)).flights;
    await scheduleChange('AA', { flight: smallFlight!.key, change: 'retime', minutes: 240 });
    const minor = await read(small.order_id);
    expect(minor.segments[0].schedule_change).toMatchObject({ kind: 'retimed', significant: false });
    expect((await eligibility(small.order_id)).reason).not.toBe('involuntary');

    const big = await paidOrder('AA', 'JFK', 'LHR', /-MAIN$/, 31);
    const [bigFlight] = (await booking(big.airline_order_id)).flights;
    const change = await scheduleChange('AA', { flight: bigFlight!.key, change: 'retime', minutes: 420 });
    expect(change.orders.find((o) => o.orderId === big.airline_order_id)!.changes[0]).toMatchObject({
      kind: 'retimed',
      significant: true,
    });
    const major = await read(big.order_id);
    expect(major.segments[0].schedule_change).toMatchObject({ kind: 'retimed', significant: true });
    expect(await eligibility(big.order_id)).toMatchObject({
      eligible: true,
      reason: 'involuntary',
      refundable_amount: { amount: big.total },
    });
    const refund = await f.call('POST', path(big.order_id, '/refund'));
    expect(refund.statusCode, refund.body).toBe(202);
    expect((await read(big.order_id)).refund).toMatchObject({ amount: big.total });
    expect((await events(big.order_id)).slice(-3)).toEqual(['order.updated', 'order.cancelled', 'order.refunded']);
    const airline = await booking(big.airline_order_id);
    expect(airline.refundedCents).toBe(airline.paidCents);
  });

  it('a significant change opens the free rebooking: Basic Economy (not changeable on its own) reshops within the waiver window with no fare difference and no fee', async () => {
    const order = await paidOrder('AA', 'JFK', 'LAX', /-BASIC$/, 34);
    const [flight] = (await booking(order.airline_order_id)).flights;
    const date = flight!.key.split('/')[1]!;
    const later = new Date(Date.parse(`${date}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
    const refused = await f.call('POST', path(order.order_id, '/reshop'), { slices: [{ departure_date: later }] });
    expect(refused.statusCode).not.toBe(200);

    await scheduleChange('AA', { flight: flight!.key, change: 'retime', minutes: 300 });
    expect((await read(order.order_id)).segments[0].schedule_change).toMatchObject({ significant: true });
    const reshop = await f.call('POST', path(order.order_id, '/reshop'), { slices: [{ departure_date: later }] });
    expect(reshop.statusCode, reshop.body).toBe(200);
    const offers = reshop.json().offers as {
      offer_id: string;
      fare_difference: { amount: number };
      penalty: { amount: number };
      amount_due: { amount: number };
    }[];
    expect(offers.length).toBeGreaterThan(0);
    for (const o of offers) expect([o.fare_difference.amount, o.penalty.amount, o.amount_due.amount]).toEqual([0, 0, 0]);

    const quote = await f.call('POST', path(order.order_id, '/change'), { action: 'reissue' });
    expect(quote.statusCode, quote.body).toBe(200);
    const changed = await f.call('POST', path(order.order_id, '/change/confirm'), {
      offer_id: offers[0]!.offer_id,
      change_quote_id: quote.json().quote_id,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const airline = await booking(order.airline_order_id);
    expect(airline.flights[0]!.key.split('/')[1]).toBe(later);
    const after = await read(order.order_id);
    expect(after.total).toBe(order.total);
    expect(after.segments[0].departing_at.slice(0, 10)).toBe(later);
    expect(after.segments[0].schedule_change).toBeNull();
    // The rebooking is the alternative taken: no involuntary refund any more.
    expect((await eligibility(order.order_id)).reason).not.toBe('involuntary');
  });

  it('VS cancels a flight: re-accommodated on the next VS flight, the order shows it, and the refund if refused is in full', async () => {
    const order = await paidOrder('VS', 'LHR', 'JFK', /^Economy Classic$/, 32);
    const [flight] = (await booking(order.airline_order_id, 'VS')).flights;
    const change = await scheduleChange('VS', { flight: flight!.key, change: 'cancel' });
    const mine = change.orders.find((o) => o.orderId === order.airline_order_id)!;
    expect(mine.notification).toMatchObject({ delivered: true, status: 200 });
    expect(mine.changes[0]).toMatchObject({ kind: 'rebooked', significant: true, flight: expect.stringMatching(/^VS\d+\//) });
    expect((await booking(order.airline_order_id, 'VS')).flights[0]!.key).toBe(mine.changes[0]!.flight);

    const after = await read(order.order_id, 'VS');
    expect(after.status).toBe('ticketed');
    expect(after.segments[0].schedule_change).toMatchObject({ kind: 'rebooked', significant: true });
    expect((await events(order.order_id)).at(-1)).toBe('order.updated');
    expect(await eligibility(order.order_id, 'VS')).toMatchObject({
      eligible: true,
      reason: 'involuntary',
      refundable_amount: { amount: order.total },
    });
  });
});

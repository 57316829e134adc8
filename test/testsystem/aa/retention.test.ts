// The AA test system forgets travel long past, as an airline purges PNRs: a booking whose last
// flight landed more than AA_TEST_RETENTION_DAYS ago is deleted from its tables and its memory at
// start and hourly (and on POST /control/retention), with the seats sold of flights that old; a
// booking still to fly stays. On the run's storage, in the aa_test_system schema.

import net from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshConnectionFetch } from '../../helpers/fresh-connection-fetch.js';
import { startAaTestSystem, type InProcessAaTestSystem } from '../../../src/testsystem/aa/server.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { PASSENGER } from '../../orders/order-fixture.js';
import { daysAhead } from '../../shopping/shopping-fixture.js';

const KEY = 'aa-test-subscription-key';
const DAY_S = 86_400;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

let t: TestApp;
let aa: InProcessAaTestSystem;
let port: number;
let key: string;

const start = (retentionDays?: number) =>
  startAaTestSystem({
    subscriptionKey: KEY,
    logger: false,
    port,
    storage: { database: t.platform.database },
    ...(retentionDays === undefined ? {} : { retentionDays }),
  });

async function control(method: string, url: string, body?: unknown) {
  const res = await freshConnectionFetch(`${aa.url}${url}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (res.status === 204 ? null : await res.json()) as Record<string, unknown> };
}

/** A ticketed one-way JFK-LAX in `days`: its airline order id and flight key. */
async function ticketed(days: number): Promise<{ airlineOrderId: string; flightKey: string }> {
  const call = (method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { 'x-api-key': key },
      ...(payload ? { payload: payload as object } : {}),
    });
  const search = await call('POST', '/v1/shopping/offers', {
    origin: 'JFK',
    destination: 'LAX',
    departure_date: daysAhead(days),
    adults: 1,
  });
  const offer = (search.json().offers as { offer_id: string; slices: { segments: unknown[] }[] }[]).find((o) =>
    o.slices.every((s) => s.segments.length === 1),
  )!;
  const created = await call('POST', '/v1/orders', {
    offer_id: offer.offer_id,
    passengers: [PASSENGER],
    payment: { type: 'agency_account' },
  });
  expect(created.statusCode, created.body).toBe(201);
  const airlineOrderId = created.json().airline_order_id as string;
  const flights = (await control('GET', `/control/orders/${airlineOrderId}`)).body.flights as { key: string }[];
  return { airlineOrderId, flightKey: flights[0]!.key };
}

const storedBookings = async () =>
  (await sql<{ order_id: string }>`select order_id from aa_test_system.bookings`.execute(t.platform.db)).rows.map(
    (r) => r.order_id,
  );
const soldFlights = async () =>
  (await sql<{ flight_key: string }>`select flight_key from aa_test_system.inventory_sold`.execute(t.platform.db)).rows.map(
    (r) => r.flight_key,
  );

beforeAll(async () => {
  port = await freePort();
  t = await buildTestApp({ env: { AA_TEST_SUBSCRIPTION_KEY: KEY }, app: { testSystemUrls: { AA: `http://127.0.0.1:${port}` } } });
  aa = await start();
  key = (await t.agencyWithKey()).secret;
});
afterAll(async () => {
  await aa?.close();
  await t?.close();
});

describe('AA test system retention', () => {
  it('purges at start the bookings whose travel ended more than the retention ago, in storage and memory; later travel stays', async () => {
    const past = await ticketed(20);
    const future = await ticketed(80);
    expect(await storedBookings()).toEqual(expect.arrayContaining([past.airlineOrderId, future.airlineOrderId]));
    expect(await soldFlights()).toEqual(expect.arrayContaining([past.flightKey, future.flightKey]));

    // 52 days on (the test system keeps its clock setting across the restart): the first trip landed
    // 31-32 days ago, the second is still four weeks out.
    expect((await control('POST', '/control/clock', { advanceSeconds: 52 * DAY_S })).status).toBe(200);
    await aa.close();
    aa = await start(30);

    expect((await control('GET', `/control/orders/${past.airlineOrderId}`)).status).toBe(404);
    expect((await control('GET', `/control/orders/${future.airlineOrderId}`)).status).toBe(200);
    expect(await storedBookings()).not.toContain(past.airlineOrderId);
    expect(await storedBookings()).toContain(future.airlineOrderId);
    expect(await soldFlights()).not.toContain(past.flightKey);
    expect(await soldFlights()).toContain(future.flightKey);
    // Nothing more to purge at 30 days; a shorter retention asked for now is not due either.
    expect((await control('POST', '/control/retention', {})).body).toEqual({ days: 30, bookings: 0, flights: 0 });
    expect((await control('POST', '/control/retention', { days: 1 })).body).toMatchObject({ bookings: 0 });
  });

  it('purges on POST /control/retention once travel is that old, and refuses days out of range', async () => {
    const state = (await control('GET', '/control/state')).body as { store: { orders: number } };
    expect(state.store.orders).toBe(1);
    // The remaining trip lands ~29 days from the clock's now: 60 days on it is 31 days past.
    expect((await control('POST', '/control/clock', { advanceSeconds: 60 * DAY_S })).status).toBe(200);
    const purged = await control('POST', '/control/retention', {});
    expect(purged.status).toBe(200);
    expect(purged.body).toMatchObject({ days: 30, bookings: 1 });
    expect(await storedBookings()).toEqual([]);
    expect(((await control('GET', '/control/state')).body as { store: { orders: number } }).store.orders).toBe(0);
    for (const days of [0, -1, 1.5, 4000, 'thirty']) {
      const refused = await control('POST', '/control/retention', { days });
      expect(refused.status, String(days)).toBe(400);
      expect(refused.body.error).toMatch(/days must be an integer/);
    }
    expect((await control('DELETE', '/control/clock')).status).toBeLessThan(300);
  });
});

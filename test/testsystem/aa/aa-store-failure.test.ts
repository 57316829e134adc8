// When the AA test system's storage fails, nothing half-done stays: the change is undone in memory
// and the answer is AA's "unavailable" (NDC Error, HTTP 503; control routes 503 JSON). Storage is
// broken for real, by renaming one of its tables away, and repaired the same way.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { openDatabase, type Database } from '../../../src/platform/db/database.js';
import { startAaTestSystem, type AaTestSystem } from '../../../src/testsystem/aa/server.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { isolatedDatabase } from '../../helpers/test-platform.js';
import { PASSENGER } from '../../orders/order-fixture.js';

const KEY = 'aa-test-subscription-key';
const daysAhead = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

let database: Database;
let aa: AaTestSystem;
let t: TestApp;
let apiKey: string;

beforeAll(async () => {
  const shared = inject('databaseUrl');
  database = await openDatabase({
    databaseUrl: shared ? await isolatedDatabase(shared) : null,
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'aa-store-failure-')),
  });
  aa = await startAaTestSystem({ subscriptionKey: KEY, logger: false, storage: { database } });
  t = await buildTestApp({ env: { AA_TEST_SUBSCRIPTION_KEY: KEY }, app: { testSystemUrls: { AA: aa.url } } });
  apiKey = (await t.agencyWithKey()).secret;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await aa?.close();
  await database?.close();
});

const rename = (from: string, to: string) =>
  database.withClient((c) => c.exec(`alter table aa_test_system.${from} rename to ${to}`));
const state = async () => (await (await fetch(`${aa.url}/control/state`)).json()) as Record<string, any>;

describe('the AA test system when its storage fails', () => {
  it('a booking that cannot be stored is refused as unavailable and leaves no booking and no seat sold', async () => {
    const search = await t.app.inject({
      method: 'POST',
      url: '/v1/shopping/offers',
      headers: { 'x-api-key': apiKey },
      payload: { origin: 'JFK', destination: 'LAX', departure_date: daysAhead(20), adults: 1 },
    });
    expect(search.statusCode, search.body).toBe(200);
    const offer = (search.json().offers as { offer_id: string }[])[0]!;
    const before = await state();

    await rename('bookings', 'bookings_away');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/v1/orders',
      headers: { 'x-api-key': apiKey },
      payload: { offer_id: offer.offer_id, passengers: [PASSENGER], payment: { type: 'hold' } },
    });
    expect(refused.statusCode, refused.body).toBe(502);
    expect(refused.json().code).toBe('airline_unavailable');
    const after = await state();
    expect(after.store.orders).toBe(before.store.orders);
    expect(after.inventory.seatsSold).toBe(before.inventory.seatsSold);

    await rename('bookings_away', 'bookings');
    const stored = (await (await fetch(`${aa.url}/control/orders`)).json()) as { orders: unknown[] };
    expect(stored.orders).toEqual([]);
  });

  it('a clock move that cannot be stored answers 503 and the clock stays where it was', async () => {
    const before = await state();
    await rename('clock', 'clock_away');
    const res = await fetch(`${aa.url}/control/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceSeconds: 86_400 }),
    });
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: string }).error).toMatch(/could not store the change/);
    const after = await state();
    // Real time moves on between the two reads; a stored day's jump would not have been undone.
    expect(Date.parse(after.now) - Date.parse(before.now)).toBeLessThan(3_600_000);
    await rename('clock_away', 'clock');
  });
});

// An airline that remembers: the AA test system keeps bookings, tickets, seats sold and its clock
// setting in a store of its own (schema aa_test_system), so restarting it — on its own, or the
// gateway that runs it in-process on the same storage — loses nothing. Runs on the run's storage:
// PGlite in a temporary folder, or a PostgreSQL database of its own when DATABASE_URL is set.

import type { LightMyRequestResponse } from 'fastify';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildGateway, type Gateway } from '../../src/app.js';
import { loadConfig } from '../../src/sources/load-config.js';
import { createPlatform, type Platform } from '../../src/platform/platform.js';
import { startAaTestSystem, type AaTestSystem } from '../../src/testsystem/aa/server.js';
import type { TestSystemStorage } from '../../src/testsystem/ndc/storage/open-storage.js';
import { freshConnectionFetch } from '../helpers/fresh-connection-fetch.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { isolatedDatabase } from '../helpers/test-platform.js';
import { PASSENGER } from './order-fixture.js';

const KEY = 'aa-test-subscription-key';
const daysAhead = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const HOUR_S = 3600;

/** A database nobody else uses: PostgreSQL when the run has one, else a PGlite folder. */
async function freshStorage(): Promise<{ databaseUrl: string | null; dataDir: string }> {
  const shared = inject('databaseUrl');
  return {
    databaseUrl: shared ? await isolatedDatabase(shared) : null,
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'aa-restart-')),
  };
}

async function control(aa: AaTestSystem, method: string, url: string, body?: unknown) {
  const res = await freshConnectionFetch(`${aa.url}${url}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (res.status === 204 ? null : await res.json()) as Record<string, any> };
}

interface Booked {
  hold: { order_id: string; pnr: string };
  ticketed: { order_id: string; pnr: string; total: number };
  flightKey: string;
  soldBefore: number;
}

type Call = (method: string, url: string, payload?: unknown) => Promise<LightMyRequestResponse>;

function caller(app: TestApp['app'], key: string): Call {
  return (method, url, payload) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: { 'x-api-key': key },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

async function offerFor(call: Call, origin: string, destination: string, days: number): Promise<string> {
  const res = await call('POST', '/v1/shopping/offers', { origin, destination, departure_date: daysAhead(days), adults: 1 });
  expect(res.statusCode, res.body).toBe(200);
  const offers = res.json().offers as { offer_id: string; fare_brand_code?: string; slices: { segments: unknown[] }[] }[];
  const pick = offers.find((o) => /MAINFL/.test(o.fare_brand_code ?? '') && o.slices.every((s) => s.segments.length === 1));
  if (!pick) throw new Error(`no MAINFL non-stop ${origin}-${destination}`);
  return pick.offer_id;
}

/** A hold and a ticketed order, with the clock moved an hour and the seats the booking sold. */
async function book(call: Call, aa: AaTestSystem): Promise<Booked> {
  expect((await control(aa, 'POST', '/control/clock', { advanceSeconds: HOUR_S })).status).toBe(200);
  const hold = await call('POST', '/v1/orders', {
    offer_id: await offerFor(call, 'JFK', 'LAX', 21),
    passengers: [PASSENGER],
    payment: { type: 'hold' },
  });
  expect(hold.statusCode, hold.body).toBe(201);
  expect(hold.json().status).toBe('hold');
  const ticketed = await call('POST', '/v1/orders', {
    offer_id: await offerFor(call, 'ORD', 'MIA', 22),
    passengers: [{ ...PASSENGER, given_name: 'Alan', family_name: 'Turing', email: 'alan@example.com' }],
    payment: { type: 'agency_account' },
  });
  expect(ticketed.statusCode, ticketed.body).toBe(201);
  expect(ticketed.json().status).toBe('ticketed');
  const airline = await control(aa, 'GET', `/control/orders/${ticketed.json().pnr}`);
  const flightKey = airline.body.flights[0].key as string;
  const cabins = (await control(aa, 'GET', `/control/inventory?flight=${encodeURIComponent(flightKey)}`)).body.cabins;
  return {
    hold: hold.json(),
    ticketed: ticketed.json(),
    flightKey,
    soldBefore: cabins.find((c: { cabin: string }) => c.cabin === 'Y').sold,
  };
}

/** After a restart: the airline still has both PNRs, the seats stay sold, the clock stays moved, servicing works. */
async function expectRemembered(call: Call, aa: AaTestSystem, booked: Booked, storage: string): Promise<void> {
  const state = (await control(aa, 'GET', '/control/state')).body;
  expect(state.storage).toBe(storage);
  expect(state.store.orders).toBe(2);
  // The clock setting is kept: an hour ahead of real time (with room for a slow run, never behind).
  expect(Date.parse(state.now) - Date.now()).toBeGreaterThan((HOUR_S - 600) * 1000);
  const cabins = (await control(aa, 'GET', `/control/inventory?flight=${encodeURIComponent(booked.flightKey)}`)).body.cabins;
  expect(cabins.find((c: { cabin: string }) => c.cabin === 'Y').sold).toBe(booked.soldBefore);

  const hold = await call('GET', `/v1/orders/${encodeURIComponent(booked.hold.order_id)}?airline=AA&refresh=true`);
  expect(hold.statusCode, hold.body).toBe(200);
  expect(hold.json()).toMatchObject({ status: 'hold', pnr: booked.hold.pnr });
  const ticketed = await call('GET', `/v1/orders/${encodeURIComponent(booked.ticketed.order_id)}?airline=AA&refresh=true`);
  expect(ticketed.statusCode, ticketed.body).toBe(200);
  expect(ticketed.json()).toMatchObject({ status: 'ticketed', pnr: booked.ticketed.pnr });
  expect(ticketed.json().tickets[0].ticket_number).toMatch(/^001\d{10}$/);

  const seats = await call('GET', `/v1/offers/${encodeURIComponent(booked.ticketed.order_id)}/seats?airline=AA`);
  expect(seats.statusCode, seats.body).toBe(200);

  const quote = await call('POST', `/v1/orders/${encodeURIComponent(booked.ticketed.order_id)}/cancel?airline=AA`, {});
  expect(quote.statusCode, quote.body).toBe(200);
  expect(quote.json().refund.amount).toBeGreaterThan(0);
  const cancelled = await call('POST', `/v1/orders/${encodeURIComponent(booked.ticketed.order_id)}/cancel/confirm?airline=AA`, {
    cancellation_quote_id: quote.json().cancellation_quote_id,
  });
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  expect(cancelled.json().status).toBe('cancelled');
  // The cancellation gave the seat back, and that is what the store now holds.
  const after = (await control(aa, 'GET', `/control/inventory?flight=${encodeURIComponent(booked.flightKey)}`)).body.cabins;
  expect(after.find((c: { cabin: string }) => c.cabin === 'Y').sold).toBe(booked.soldBefore - 1);
}

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close().catch(() => {});
});

describe('the AA test system restarted on its own storage', () => {
  it('keeps both PNRs, tickets, seats sold and the clock; a reset forgets them in storage too', async () => {
    const storage: TestSystemStorage = await freshStorage();
    const kind = 'databaseUrl' in storage && storage.databaseUrl ? 'postgres' : 'pglite';
    let aa = await startAaTestSystem({ subscriptionKey: KEY, logger: false, storage });
    const port = Number(new URL(aa.url).port);

    const t = await buildTestApp({ env: { AA_TEST_SUBSCRIPTION_KEY: KEY }, app: { testSystemUrls: { AA: aa.url } } });
    closers.push(() => t.close());
    const call = caller(t.app, (await t.agencyWithKey()).secret);
    const booked = await book(call, aa);

    await aa.close();
    // The same address, so the gateway (still running) reaches the restarted airline.
    aa = await startAaTestSystem({ subscriptionKey: KEY, logger: false, storage, port });
    closers.push(() => aa.close());
    await expectRemembered(call, aa, booked, kind);

    // What changed after the restart (the cancellation, its refunded coupons) is kept in turn.
    await aa.close();
    aa = await startAaTestSystem({ subscriptionKey: KEY, logger: false, storage, port });
    const cancelled = (await control(aa, 'GET', `/control/orders/${booked.ticketed.pnr}`)).body;
    expect(cancelled.status).toBe('CANCELLED');
    expect(cancelled.tickets.map((t: { couponStatus: string }) => t.couponStatus)).toEqual(['RF']);
    expect(cancelled.refundedCents).toBeGreaterThan(0);
    expect((await control(aa, 'GET', `/control/orders/${booked.hold.pnr}`)).body.status).toBe('OPENED');

    expect((await control(aa, 'POST', '/control/reset')).status).toBe(204);
    await aa.close();
    aa = await startAaTestSystem({ subscriptionKey: KEY, logger: false, storage, port });
    const state = (await control(aa, 'GET', '/control/state')).body;
    expect(state.store.orders).toBe(0);
    expect(Date.parse(state.now) - Date.now()).toBeLessThan(600_000);
    expect(state.inventory.seatsSold).toBe(0);
  }, 240_000);
});

describe('the gateway restarted with its in-process AA test system', () => {
  it('finds every PNR again on the same DATA_DIR / DATABASE_URL', async () => {
    const { databaseUrl, dataDir } = await freshStorage();
    const redisPrefix = `flightagg:test:${inject('runId')}:${crypto.randomBytes(4).toString('hex')}:`;
    // What serve() does: the platform, the test system in the platform's database, the gateway.
    const start = async () => {
      const config = loadConfig({
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl ?? '',
        REDIS_URL: inject('redisUrl') ?? '',
        REDIS_PREFIX: redisPrefix,
        KEYRING: inject('keyring'),
        LOG_LEVEL: 'silent',
        PASSWORD_SCRYPT_LOG_N: '10',
        AA_TEST_SUBSCRIPTION_KEY: KEY,
      });
      const platform: Platform = await createPlatform(config, { logger: pino({ level: 'silent' }) });
      const aa = await startAaTestSystem({ subscriptionKey: KEY, logger: false, storage: { database: platform.database } });
      const gateway: Gateway = await buildGateway(platform, { testSystemUrls: { AA: aa.url } });
      await gateway.app.ready();
      const close = async () => {
        await gateway.app.close();
        await aa.close();
        await platform.close();
      };
      return { platform, aa, gateway, close };
    };

    const first = await start();
    const agency = await first.gateway.identity.createAgency({ name: 'Restart Travel' });
    const { secret } = await first.gateway.apiKeys.create(
      { agencyId: agency.id, kind: 'agency', environment: 'test' },
      { via: 'cli' },
    );
    const booked = await book(caller(first.gateway.app, secret), first.aa);
    await first.close();

    const second = await start();
    closers.push(second.close);
    await expectRemembered(caller(second.gateway.app, secret), second.aa, booked, second.platform.database.kind);
    // The airline's tables sit in their own schema, beside the gateway's.
    const schemas = await second.platform.database.withClient((c) =>
      c.query<{ table_schema: string }>(
        "select distinct table_schema from information_schema.tables where table_name = 'bookings' and table_schema = 'aa_test_system'",
      ),
    );
    expect(schemas).toEqual([{ table_schema: 'aa_test_system' }]);
  }, 240_000);
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildGateway, type Gateway as Features } from '../../src/app.js';
import { eventsForOrder } from '../../src/orders/event-outbox-store.js';
import { listHistory } from '../../src/orders/history-store.js';
import { commandsInsideGateway } from '../../src/cli/program.js';
import { BOOKING_LEASE_MS, BOOKING_RECOVERY_JOB, MAX_RECOVERY_ATTEMPTS } from '../../src/orders/booking/recovery.js';
import { loadConfig } from '../../src/sources/load-config.js';
import { createPlatform, type Platform } from '../../src/platform/platform.js';
import { startAaTestSystem, type AaTestSystem } from '../../src/testsystem/aa/server.js';
import { isolatedDatabase } from '../helpers/test-platform.js';
import { daysAhead, SUBSCRIPTION_KEY } from '../shopping/shopping-fixture.js';
import { PATIENCE } from '../helpers/patience.js';

/**
 * A gateway that stops writing the moment the airline has booked: its database is closed while
 * OrderCreate is at the airline, so the answer arrives at a gateway that can record nothing, as
 * when the process dies there. A second gateway on the same storage then runs the recovery job.
 */

interface Gateway {
  app: FastifyInstance;
  platform: Platform;
  features: Features;
}

let aa: AaTestSystem;
let storage: { databaseUrl: string | null; dataDir: string };
/** The second gateway's clock runs this far ahead: recovery judges leases by it. */
let shift = 0;
let gateway: Gateway;
let apiKey: string;

async function startGateway(clock?: () => Date): Promise<Gateway> {
  const config = loadConfig({
    DATA_DIR: storage.dataDir,
    DATABASE_URL: storage.databaseUrl ?? '',
    REDIS_URL: '',
    KEYRING: inject('keyring'),
    LOG_LEVEL: 'silent',
    PASSWORD_SCRYPT_LOG_N: '10',
    AA_TEST_SUBSCRIPTION_KEY: SUBSCRIPTION_KEY,
  });
  // Embedded storage starts once from the run's migrated dump, then reopens what it wrote.
  const template = inject('pgliteTemplate');
  const fresh = !storage.databaseUrl && template && !fs.existsSync(path.join(storage.dataDir, 'pgdata'));
  const platform = await createPlatform(config, {
    logger: pino({ level: 'silent' }),
    ...(fresh ? { storageTemplate: new Blob([fs.readFileSync(template)]) } : {}),
    ...(clock ? { clock } : {}),
  });
  const features = await buildGateway(platform, { testSystemUrls: { AA: aa.url } });
  const { app } = features;
  await app.ready();
  return { app, platform, features };
}

const call = (g: Gateway, method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
  g.app.inject({ method, url, headers: { 'x-api-key': apiKey, ...headers }, ...(payload ? { payload } : {}) });

const control = async (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) => {
  const res = await fetch(`${aa.url}${url}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return text ? JSON.parse(text) : null;
};

interface AirlineBooking {
  orderId: string;
  pnr: string;
  status: string;
  sellerReference: string | null;
  passengers: { givenName: string; surname: string }[];
}
const airlineBookings = async (): Promise<AirlineBooking[]> => (await control('GET', '/control/orders')).orders;

const passenger = (given: string) => ({
  given_name: given,
  family_name: 'Recover',
  born_on: '1980-02-03',
  email: 'r@example.com',
});

async function offerId(g: Gateway, days: number): Promise<string> {
  const res = await call(g, 'POST', '/v1/shopping/offers', {
    origin: 'JFK',
    destination: 'LAX',
    departure_date: daysAhead(days),
    adults: 1,
  });
  const offers = res.json().offers as { offer_id: string; fare_brand_code?: string; slices: { segments: unknown[] }[] }[];
  const pick = offers.find((o) => /MAIN$/.test(o.fare_brand_code ?? '') && o.slices[0]!.segments.length === 1);
  if (!pick) throw new Error(`no offer: ${res.body}`);
  return pick.offer_id;
}

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, ms = PATIENCE.timeout): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const hold = (g: Gateway, offer: string, given: string, key?: string) =>
  call(
    g,
    'POST',
    '/v1/orders',
    { offer_id: offer, passengers: [passenger(given)], payment: { type: 'hold' } },
    key ? { 'idempotency-key': key } : {},
  );

/** Every lookup of the airline fails until recovery gives up: each run after the previous back-off (at most 30 minutes). */
async function recoveryGivesUp(): Promise<void> {
  await control('POST', '/control/faults', { kind: 'http5xx', messages: ['OrderRetrieve'] });
  try {
    for (let run = 0; run < MAX_RECOVERY_ATTEMPTS; run++) {
      shift += run === 0 ? BOOKING_LEASE_MS + 1_000 : 31 * 60_000;
      await gateway.platform.scheduler.runNow(BOOKING_RECOVERY_JOB);
    }
  } finally {
    await control('DELETE', '/control/faults');
  }
}

beforeAll(async () => {
  aa = await startAaTestSystem({ subscriptionKey: SUBSCRIPTION_KEY, logger: false });
  const serverUrl = inject('databaseUrl');
  storage = {
    databaseUrl: serverUrl ? await isolatedDatabase(serverUrl) : null,
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-recovery-')),
  };
  gateway = await startGateway(() => new Date(Date.now() + shift));
  const agency = await gateway.features.identity.createAgency({ name: 'Recovery Travel' });
  const { secret } = await gateway.features.apiKeys.create(
    { agencyId: agency.id, kind: 'agency', environment: 'test' },
    { via: 'cli' },
  );
  apiKey = secret;
}, 60_000);

afterAll(async () => {
  await gateway?.app.close();
  await gateway?.platform.close();
  await aa?.close();
  if (storage) fs.rmSync(storage.dataDir, { recursive: true, force: true });
});

describe('a gateway that dies between the airline booking and the order insert', () => {
  it('recovery records the order once; the key replays it, order.created is in the outbox, the travel stays held', async () => {
    const offer = await offerId(gateway, 30);
    // The gateway that will die: it shares the storage, and OrderCreate takes a while at AA.
    await gateway.app.close();
    await gateway.platform.close();
    const dying = await startGateway();
    await control('POST', '/control/faults', { kind: 'slow', messages: ['OrderCreate'], delayMs: 1_500, remaining: 1 });
    const answer = hold(dying, offer, 'Ada', 'crash-key-1');
    const intent = await until('the booking intent', async () => {
      const { rows } = await sql<{ id: string; state: string }>`select id, state from order_booking_intents`.execute(
        dying.platform.db,
      );
      return rows[0];
    });
    expect(intent.state).toBe('pending');
    await dying.platform.database.close();
    await answer; // the dead gateway's reply goes nowhere; only storage and the airline count
    const booked = await until('the airline booking', async () =>
      (await airlineBookings()).find((b) => b.sellerReference === intent.id),
    );
    await dying.app.close().catch(() => undefined);

    gateway = await startGateway(() => new Date(Date.now() + shift));
    // Until recovery has asked the airline, the key is in flight and the travel is held.
    const early = await hold(gateway, offer, 'Ada', 'crash-key-1');
    expect([early.statusCode, early.json().code]).toEqual([409, 'idempotency_key_in_flight']);
    await gateway.platform.scheduler.runNow(BOOKING_RECOVERY_JOB);
    expect((await hold(gateway, offer, 'Ada', 'crash-key-1')).statusCode, 'still within the lease').toBe(409);

    shift = BOOKING_LEASE_MS + 1_000;
    await gateway.platform.scheduler.runNow(BOOKING_RECOVERY_JOB);
    const replay = await hold(gateway, offer, 'Ada', 'crash-key-1');
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toMatchObject({ order_id: intent.id, pnr: booked.pnr, status: 'hold' });
    const again = await hold(gateway, offer, 'Ada', 'crash-key-1');
    expect(again.json(), 'every replay answers the same body').toEqual(replay.json());

    const list = (await call(gateway, 'GET', '/v1/orders?limit=100')).json().orders as { order_id: string }[];
    expect(list.map((o) => o.order_id)).toEqual([intent.id]);
    expect((await eventsForOrder(gateway.platform.db, intent.id)).map((e) => e.event)).toEqual(['order.created']);
    const history = await listHistory(gateway.platform.db, intent.id);
    expect(history.map((h) => [h.action, h.detail.recovered_by])).toEqual([['created', 'booking-recovery']]);
    expect((await airlineBookings()).filter((b) => b.sellerReference === intent.id)).toHaveLength(1);

    // A second run finds nothing left to do; the same people cannot be booked twice under a new key.
    await gateway.platform.scheduler.runNow(BOOKING_RECOVERY_JOB);
    expect((await eventsForOrder(gateway.platform.db, intent.id)).map((e) => e.event)).toEqual(['order.created']);
    const twice = await hold(gateway, offer, 'Ada', 'crash-key-2');
    expect([twice.statusCode, twice.json().code, twice.json().order_id]).toEqual([409, 'order_conflict', intent.id]);
  }, 60_000);

  it('an intent AA never booked frees its key and travel: the same key then books once, afresh', async () => {
    shift = 0;
    const offer = await offerId(gateway, 31);
    // AA answers 503 before it books anything: the gateway cannot know that, so it keeps the intent.
    await control('POST', '/control/faults', { kind: 'http5xx', messages: ['OrderCreate'], remaining: 1 });
    const lost = await hold(gateway, offer, 'Grace', 'lost-key');
    expect(lost.statusCode, lost.body).toBe(502);
    expect((await hold(gateway, offer, 'Grace', 'lost-key')).json().code).toBe('idempotency_key_in_flight');
    expect((await hold(gateway, offer, 'Grace', 'other-key')).json().code).toBe('order_conflict');

    shift = BOOKING_LEASE_MS + 1_000;
    await gateway.platform.scheduler.runNow(BOOKING_RECOVERY_JOB);
    const { rows } = await sql<{ state: string; last_error: string }>`
      select state, last_error from order_booking_intents where idempotency_key = 'lost-key'`.execute(gateway.platform.db);
    expect(rows).toEqual([{ state: 'released', last_error: 'not booked at the airline' }]);
    const retried = await hold(gateway, offer, 'Grace', 'lost-key');
    expect(retried.statusCode, retried.body).toBe(201);
    expect((await hold(gateway, offer, 'Grace', 'lost-key')).json().order_id).toBe(retried.json().order_id);
    const graces = (await airlineBookings()).filter((b) => b.passengers.some((p) => p.givenName === 'Grace'));
    expect(graces.map((b) => b.sellerReference)).toEqual([retried.json().order_id]);
  }, 60_000);

  it('an airline that does not answer the lookup leaves the intent for a later run', async () => {
    shift = 0;
    const offer = await offerId(gateway, 32);
    await control('POST', '/control/faults', { kind: 'http5xx', messages: ['OrderCreate'], remaining: 1 });
    expect((await hold(gateway, offer, 'Linus', 'quiet-key')).statusCode).toBe(502);

    shift = BOOKING_LEASE_MS + 1_000;
    await control('POST', '/control/faults', { kind: 'http5xx', messages: ['OrderRetrieve'] });
    try {
      await gateway.platform.scheduler.runNow(BOOKING_RECOVERY_JOB);
    } finally {
      await control('DELETE', '/control/faults');
    }
    const state = async () =>
      (
        await sql<{ state: string; attempts: number; last_error: string | null }>`
          select state, attempts, last_error from order_booking_intents where idempotency_key = 'quiet-key'`.execute(
          gateway.platform.db,
        )
      ).rows[0];
    expect(await state()).toMatchObject({ state: 'pending', attempts: 1 });
    expect((await state())!.last_error).toMatch(/HTTP 503/);
    expect((await hold(gateway, offer, 'Linus', 'quiet-key')).json().code).toBe('idempotency_key_in_flight');

    // The next attempt waits out its back-off (30 s after the first), then AA answers.
    await gateway.platform.scheduler.runNow(BOOKING_RECOVERY_JOB);
    expect((await state())!.attempts, 'not retried before its back-off').toBe(1);
    shift += 31_000;
    await gateway.platform.scheduler.runNow(BOOKING_RECOVERY_JOB);
    expect(await state()).toMatchObject({ state: 'released', attempts: 2 });
    expect((await hold(gateway, offer, 'Linus', 'quiet-key')).statusCode).toBe(201);
  }, 60_000);

  it('gives up after 12 unanswered lookups: the intent is unresolved, and key and travel stay held', async () => {
    shift = 0;
    const offer = await offerId(gateway, 33);
    await control('POST', '/control/faults', { kind: 'http5xx', messages: ['OrderCreate'], remaining: 1 });
    expect((await hold(gateway, offer, 'Barbara', 'silent-key')).statusCode).toBe(502);
    await recoveryGivesUp();
    const { rows } = await sql<{ state: string; attempts: number }>`
      select state, attempts from order_booking_intents where idempotency_key = 'silent-key'`.execute(gateway.platform.db);
    expect(rows).toEqual([{ state: 'unresolved', attempts: MAX_RECOVERY_ATTEMPTS }]);
    expect((await hold(gateway, offer, 'Barbara', 'silent-key')).json().code).toBe('idempotency_key_in_flight');
    // Even past the old 15-minute takeover, nobody books these people again until an operator looks.
    expect((await hold(gateway, offer, 'Barbara', 'another-key')).json().code).toBe('order_conflict');
  }, 60_000);

  it("an operator's commands: list the unresolved intent, refuse a release without confirmation, and retry it", async () => {
    // Through the running gateway's admin channel, as `flightagg booking-intent ...` reaches it.
    const operator = commandsInsideGateway(gateway.platform);
    const listed = await operator(['booking-intent', 'list', '--json']);
    expect(listed.exitCode, listed.stderr).toBe(0);
    const intents = JSON.parse(listed.stdout).intents as {
      id: string;
      state: string;
      idempotency_key: string;
      attempts: number;
    }[];
    const intent = intents.find((i) => i.idempotency_key === 'silent-key')!;
    expect(intent).toMatchObject({ state: 'unresolved', attempts: MAX_RECOVERY_ATTEMPTS });

    const unconfirmed = await operator(['booking-intent', 'release', intent.id]);
    expect(unconfirmed.exitCode).toBe(1);
    expect(unconfirmed.stderr).toMatch(/--confirm-not-booked/);
    expect((await operator(['booking-intent', 'retry', 'AA-ord_unknown'])).stderr).toMatch(/no booking intent AA-ord_unknown/);

    const retried = await operator(['booking-intent', 'retry', intent.id, '--json']);
    expect(retried.exitCode, retried.stderr).toBe(0);
    expect(JSON.parse(retried.stdout).intent).toMatchObject({ id: intent.id, state: 'pending', attempts: 0 });
    expect((await operator(['booking-intent', 'retry', intent.id])).stderr).toMatch(/is pending, not unresolved/);

    // The airline answers again: the next run learns nothing was booked and frees key and travel.
    await gateway.platform.scheduler.runNow(BOOKING_RECOVERY_JOB);
    const { rows } = await sql<{ state: string }>`
      select state from order_booking_intents where id = ${intent.id}`.execute(gateway.platform.db);
    expect(rows).toEqual([{ state: 'released' }]);
    const offer = await offerId(gateway, 33);
    expect((await hold(gateway, offer, 'Barbara', 'silent-key')).statusCode).toBe(201);
    expect(JSON.parse((await operator(['booking-intent', 'list', '--json'])).stdout).intents).toEqual([]);
  }, 60_000);

  it('an operator releases an unresolved intent once the airline confirms nothing was booked', async () => {
    const offer = await offerId(gateway, 34);
    await control('POST', '/control/faults', { kind: 'http5xx', messages: ['OrderCreate'], remaining: 1 });
    const first = await hold(gateway, offer, 'Grace', 'operator-release-key');
    expect(first.statusCode, first.body).toBe(502);
    await recoveryGivesUp();
    const operator = commandsInsideGateway(gateway.platform);
    const [intent] = JSON.parse((await operator(['booking-intent', 'list', '--json'])).stdout).intents as { id: string }[];
    const released = await operator(['booking-intent', 'release', intent!.id, '--confirm-not-booked', '--json']);
    expect(released.exitCode, released.stderr).toBe(0);
    expect(JSON.parse(released.stdout).intent).toMatchObject({ id: intent!.id, state: 'released' });
    expect((await hold(gateway, offer, 'Grace', 'operator-release-key')).statusCode).toBe(201);
  }, 60_000);
});

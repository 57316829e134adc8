import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildGateway, type Gateway } from '../../src/app.js';
import { BOOKING_LEASE_MS, BOOKING_RECOVERY_JOB } from '../../src/orders/booking/recovery.js';
import { loadConfig } from '../../src/sources/load-config.js';
import { createPlatform, type Platform } from '../../src/platform/platform.js';
import { isolatedDatabase } from '../helpers/test-platform.js';
import { generatedNotifySecrets } from '../helpers/notify-secrets.js';

/**
 * Fault drill (security issue, finding 5): SIGKILL a gateway process in the middle of a burst of
 * bookings, restart it, let recovery run, and prove that every booking the AA test system holds has
 * exactly one order, every Idempotency-Key answers consistently, and nobody is booked twice.
 *
 * Real processes: the AA test system and the gateway each run as `node bin/flightagg.js …`. An
 * in-process gateway on the same database stands for a second instance of the cluster: it makes
 * the agency and key before the burst, and runs the recovery job afterwards with its clock moved
 * past the intent lease (the drill cannot wait the real two minutes).
 */

const BIN = path.resolve('bin/flightagg.js');
const databaseServer = inject('databaseUrl');
const BURST = 14;
const NAMES = [
  'Alpha',
  'Bravo',
  'Charlie',
  'Delta',
  'Echo',
  'Foxtrot',
  'Golf',
  'Hotel',
  'India',
  'Juliett',
  'Kilo',
  'Lima',
  'Mike',
  'November',
];

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await probe().catch(() => undefined);
    if (value) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

interface AirlineBooking {
  orderId: string;
  pnr: string;
  status: string;
  sellerReference: string | null;
  passengers: { givenName: string; surname: string }[];
}

// PGlite is skipped: one process owns its data directory and a SIGKILL loses what it had not flushed,
// so the drill is about a server database, where every committed transaction survives the kill.
describe.skipIf(!databaseServer)('booking crash drill: SIGKILL mid-booking on PostgreSQL', () => {
  const children: ChildProcess[] = [];
  let databaseUrl: string;
  let sqlClient: pg.Client;
  let aaUrl: string;
  let peer: { app: FastifyInstance; gateway: Gateway; platform: Platform; shift: number };
  let apiKey: string;
  let gatewayPort: number;
  const redisPrefix = `flightagg:drill:${inject('runId')}:${crypto.randomBytes(4).toString('hex')}:`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-drill-'));
  // Gateway and airline share them, as a deployment's do.
  const notifySecrets = generatedNotifySecrets();

  function start(args: string[], env: Record<string, string>): ChildProcess {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: {
        ...process.env,
        LOG_LEVEL: 'warn',
        REDIS_URL: inject('redisUrl') ?? '',
        // Its own namespace: a search cached by another run holds offer ids signed under another keyring.
        REDIS_PREFIX: redisPrefix,
        KEYRING: inject('keyring'),
        ...notifySecrets,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.resume();
    child.stderr!.resume();
    children.push(child);
    return child;
  }

  async function startGateway(): Promise<ChildProcess> {
    const child = start(['serve'], {
      PORT: String(gatewayPort),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      AA_TEST_URL: aaUrl,
      MONITORING_INTERVAL_SECONDS: '0',
    });
    await until('the gateway', async () => (await fetch(`http://127.0.0.1:${gatewayPort}/v1/health`)).ok, 30_000);
    return child;
  }

  const gateway = (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`http://127.0.0.1:${gatewayPort}${url}`, {
      method,
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });

  const control = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${aaUrl}${url}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return text ? JSON.parse(text) : null;
  };

  const count = async (query: string) => Number((await sqlClient.query<{ n: string }>(query)).rows[0]!.n);

  beforeAll(async () => {
    databaseUrl = await isolatedDatabase(databaseServer!);

    const aaPort = await freePort();
    aaUrl = `http://127.0.0.1:${aaPort}`;
    // Its bookings in a folder of this drill's, not the checkout's data/: a run starts with no seats sold.
    start(['testsystem', 'aa', '--port', String(aaPort)], { DATA_DIR: path.join(dataDir, 'airline') });
    gatewayPort = await freePort();

    // The peer instance migrates the database and makes the agency and key the burst uses.
    peer = { shift: 0 } as typeof peer;
    const config = loadConfig({
      DATABASE_URL: databaseUrl,
      REDIS_URL: '',
      KEYRING: inject('keyring'),
      LOG_LEVEL: 'silent',
      PASSWORD_SCRYPT_LOG_N: '10',
      AA_TEST_URL: aaUrl,
    });
    peer.platform = await createPlatform(config, {
      logger: pino({ level: 'silent' }),
      clock: () => new Date(Date.now() + peer.shift),
    });
    peer.gateway = await buildGateway(peer.platform, { testSystemUrls: { AA: aaUrl } });
    peer.app = peer.gateway.app;
    await peer.app.ready();
    const agency = await peer.gateway.identity.createAgency({ name: 'Drill Travel' });
    apiKey = (await peer.gateway.apiKeys.create({ agencyId: agency.id, kind: 'agency', environment: 'test' }, { via: 'cli' }))
      .secret;
    sqlClient = new pg.Client({ connectionString: databaseUrl });
    await sqlClient.connect();
    await until('the AA test system', async () => (await fetch(`${aaUrl}/control/orders`)).ok, 30_000);
  }, 60_000);

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await sqlClient?.end();
    await peer?.app?.close();
    await peer?.platform?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves every AA booking with exactly one order, every key consistent, nobody booked twice', async () => {
    let child = await startGateway();
    const shopped = await gateway('POST', '/v1/shopping/offers', {
      origin: 'JFK',
      destination: 'LAX',
      departure_date: new Date(Date.now() + 45 * 86_400_000).toISOString().slice(0, 10),
      adults: 1,
    });
    const offers = (
      (await shopped.json()) as { offers: { offer_id: string; fare_brand_code?: string; slices: { segments: unknown[] }[] }[] }
    ).offers;
    const offer = offers.find((o) => /MAIN$/.test(o.fare_brand_code ?? '') && o.slices[0]!.segments.length === 1)!;
    expect(offer, 'a non-stop Main Cabin offer').toBeTruthy();

    // OrderCreate takes 600 ms at AA and the creates leave 250 ms apart, so the kill finds some
    // recorded, some at the airline, some before it, and some not yet sent.
    await control('POST', '/control/faults', { kind: 'slow', messages: ['OrderCreate'], delayMs: 600 });
    const requests = NAMES.slice(0, BURST).map((given, i) => ({
      key: `drill-${i}`,
      given,
      body: {
        offer_id: offer.offer_id,
        passengers: [
          { given_name: given, family_name: 'Crashdrill', born_on: '1979-05-0' + ((i % 9) + 1), email: 'drill@example.com' },
        ],
        payment: { type: 'hold' },
      },
    }));
    const firstAnswers = new Map<string, { status: number; orderId: string | null }>();
    const burst = requests.map(async (r, i) => {
      await new Promise((done) => setTimeout(done, i * 250));
      try {
        const res = await gateway('POST', '/v1/orders', r.body, { 'idempotency-key': r.key });
        const body = (await res.json()) as { order_id?: string };
        firstAnswers.set(r.key, { status: res.status, orderId: body.order_id ?? null });
      } catch {
        // the gateway died under this request
      }
    });
    await until(
      'bookings on both sides of the airline call',
      async () =>
        (await count(`select count(*) as n from order_booking_intents where state = 'completed'`)) >= 1 &&
        (await count(`select count(*) as n from order_booking_intents where state = 'pending'`)) >= 2,
      20_000,
    );
    child.kill('SIGKILL');
    await new Promise((done) => child.once('exit', done));
    await Promise.all(burst);
    await control('DELETE', '/control/faults');
    // AA finishes what reached it (the caller's disconnect does not stop a booking in progress).
    await new Promise((done) => setTimeout(done, 1_000));
    const stranded = await count(`select count(*) as n from order_booking_intents where state = 'pending'`);
    expect(stranded, 'the kill left bookings the gateway had not recorded').toBeGreaterThan(0);

    child = await startGateway();
    // The peer's clock is past the lease: it runs the recovery job until no intent or key is left
    // in flight (the restarted gateway's own run may hold the cluster lock for a moment).
    peer.shift = BOOKING_LEASE_MS + 5_000;
    await until(
      'recovery to resolve every intent and key',
      async () => {
        await peer.platform.scheduler.runNow(BOOKING_RECOVERY_JOB);
        return (
          (await count(`select count(*) as n from order_booking_intents where state = 'pending'`)) === 0 &&
          (await count(`select count(*) as n from order_idempotency_keys where state = 'in_flight'`)) === 0
        );
      },
      20_000,
    );

    const replays = new Map<string, { status: number; orderId: string }>();
    for (const r of requests) {
      const res = await gateway('POST', '/v1/orders', r.body, { 'idempotency-key': r.key });
      const body = (await res.json()) as { order_id: string; code?: string };
      // Recorded (200, the same order as any answer given before the kill) or never booked (201, afresh).
      expect([200, 201], `${r.key}: ${res.status} ${JSON.stringify(body)}`).toContain(res.status);
      const before = firstAnswers.get(r.key);
      if (before?.status === 201) expect([res.status, body.order_id]).toEqual([200, before.orderId]);
      replays.set(r.key, { status: res.status, orderId: body.order_id });
    }
    for (const r of requests) {
      const res = await gateway('POST', '/v1/orders', r.body, { 'idempotency-key': r.key });
      expect([res.status, ((await res.json()) as { order_id: string }).order_id]).toEqual([200, replays.get(r.key)!.orderId]);
    }

    const bookings = ((await control('GET', '/control/orders')) as { orders: AirlineBooking[] }).orders.filter((b) =>
      b.passengers.some((p) => p.surname === 'Crashdrill'),
    );
    const orders = (await sqlClient.query<{ id: string; pnr: string }>('select id, pnr from orders')).rows;
    // Every AA booking has exactly one order, found by the reference AA keeps; and no order is extra.
    expect(bookings.length).toBe(orders.length);
    for (const b of bookings) {
      expect(b.sellerReference).toMatch(/^AA-ord_/);
      expect(orders.filter((o) => o.id === b.sellerReference).map((o) => o.pnr)).toEqual([b.pnr]);
      const seen = await gateway('GET', `/v1/orders/${encodeURIComponent(b.sellerReference!)}`);
      expect(seen.status).toBe(200);
    }
    // Nobody is booked twice, and every key's order is that passenger's one booking.
    for (const r of requests) {
      const theirs = bookings.filter((b) => b.passengers.some((p) => p.givenName === r.given));
      expect(
        theirs.map((b) => b.sellerReference),
        r.given,
      ).toEqual([replays.get(r.key)!.orderId]);
    }
    expect(await count(`select count(*) as n from order_events where event = 'order.created'`)).toBe(orders.length);
    child.kill('SIGKILL');
  }, 90_000);
});

import crypto from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildGateway } from '../../src/app.js';
import { BOOKING_LEASE_MS, BOOKING_RECOVERY_JOB } from '../../src/orders/booking/recovery.js';
import { loadConfig } from '../../src/sources/load-config.js';
import { Keyring } from '../../src/platform/keyring/keyring.js';
import { createPlatform } from '../../src/platform/platform.js';
import { haproxyAvailable, startCluster, type Cluster } from '../../tools/cluster/harness.js';
import {
  privatePostgresUnavailable,
  privateRedis,
  privateRedisUnavailable,
  sleep,
  startPrivatePostgres,
  waitUntil,
  type PrivatePostgres,
  type PrivateRedis,
} from '../platform/fault-drills/children.js';
import { seedAccount, type DrillAccount } from '../platform/fault-drills/seed.js';
import { daysAhead } from '../shopping/shopping-fixture.js';
import { aaNonstopOfferIds } from './cluster-fixture.js';

/**
 * Cluster drills (issue 18): two gateways behind HAProxy on one PostgreSQL and one Redis, both
 * private to this file (started on free ports, so they can be stopped), with one shared AA test
 * system. Every drill runs under a bounded load of clients going through the balancer and stops
 * by itself:
 *  - PostgreSQL restarted: 503 `database_unavailable` through the balancer while it is away,
 *    working again after, no instance dies;
 *  - Redis restarted: searches still answered (each instance decides in process), no instance dies;
 *  - rolling restart of every instance (SIGTERM, exit 0, start, back in rotation, next): zero
 *    failed requests, every search stream ends with a terminal event;
 *  - kill -9 of one instance: the balancer routes around it, only requests in flight at the kill
 *    fail, and creates retried with their Idempotency-Key each yield exactly one airline booking.
 * The kill comes last, so the file starts gateways only for the rolling restart.
 */
const skip = !inject('databaseUrl')
  ? 'cluster drills run on PostgreSQL + Redis only (this run is on embedded PGlite)'
  : !inject('redisUrl')
    ? 'cluster drills run on PostgreSQL + Redis only (no REDIS_URL in this run)'
    : (haproxyAvailable() ?? privatePostgresUnavailable() ?? privateRedisUnavailable());

const CLIENTS = 20;
const THINK_MS = 100;
const PASSENGER = { given_name: 'Ada', born_on: '1985-12-10', email: 'ada@example.com' };

interface Outcome {
  what: string;
  status: number | string;
  instance: string | null;
  startedAt: number;
  endedAt: number;
  body: string;
}

/** What a load run saw: every answer, in order of completion. */
class Tally {
  outcomes: Outcome[] = [];
  inFlight = 0;
  failures(): Outcome[] {
    return this.outcomes.filter((o) => typeof o.status !== 'number' || o.status >= 400);
  }
  instances(after = 0): Set<string> {
    return new Set(this.outcomes.filter((o) => o.startedAt > after && o.instance).map((o) => o.instance!));
  }
  /** A moment the failures are timed against (the kill), and what the balancer saw over time. */
  mark = 0;
  states: string[] = [];
  summary(list = this.failures()): string {
    const at = (ms: number) => `${Math.round(ms - this.mark)} ms`;
    return [
      `${list.length} failed of ${this.outcomes.length}`,
      ...list
        .slice(0, 8)
        .map((o) => `${o.what} ${o.status} via ${o.instance}, ${at(o.startedAt)} to ${at(o.endedAt)}: ${o.body.slice(0, 160)}`),
      ...this.states.slice(-30),
    ].join('\n');
  }
}

/** Letters only: a distinct family name per booking (the same people on the same flights conflict). */
const familyName = (n: number) => `Drill${Array.from(String(n), (d) => String.fromCharCode(97 + Number(d))).join('')}`;

describe.skipIf(skip !== null)(`cluster drills: two gateways behind HAProxy${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let postgres: PrivatePostgres;
  let redis: PrivateRedis;
  let cluster: Cluster;
  let account: DrillAccount;
  let keyring: string;
  let orderId: string;
  let offerIds: string[];
  let bookings = 0;

  const search = { origin: 'JFK', destination: 'LAX', departure_date: daysAhead(30), adults: 1 };

  async function call(what: string, path: string, init: RequestInit = {}, tally?: Tally): Promise<Outcome> {
    const startedAt = performance.now();
    if (tally) tally.inFlight++;
    let outcome: Outcome;
    try {
      const res = await fetch(`${cluster.url}${path}`, {
        ...init,
        headers: { 'x-api-key': account.key, 'content-type': 'application/json', ...init.headers },
        signal: AbortSignal.timeout(30_000),
      });
      const body = await res.text();
      outcome = { what, status: res.status, instance: res.headers.get('x-cluster-instance'), startedAt, endedAt: 0, body };
      // A search stream that is cut rather than ended is a failure even though it began with 200.
      if (res.status === 200 && path.endsWith('/stream') && !/event: (done|error)\ndata: .*\n\n$/.test(body))
        outcome.status = 'stream cut';
    } catch (err) {
      outcome = { what, status: (err as Error).message, instance: null, startedAt, endedAt: 0, body: '' };
    } finally {
      if (tally) tally.inFlight--;
    }
    outcome.endedAt = performance.now();
    tally?.outcomes.push(outcome);
    return outcome;
  }

  const create = (n: number, idempotencyKey: string, tally?: Tally) =>
    call(
      'create',
      '/v1/orders',
      {
        method: 'POST',
        headers: { 'idempotency-key': idempotencyKey },
        body: JSON.stringify({
          // Spread over the flights found: every hold takes a seat.
          offer_id: offerIds[n % offerIds.length],
          passengers: [{ ...PASSENGER, family_name: familyName(n) }],
          payment: { type: 'hold' },
        }),
      },
      tally,
    );

  /** Reads, cached searches and search streams from `CLIENTS` clients until `stop` resolves. */
  async function load(stop: Promise<unknown>, tally: Tally, extra?: (client: number) => Promise<void>): Promise<void> {
    let stopped = false;
    // A drill step that throws ends the load too: the test then fails on that error, not a time-out.
    void stop.then(
      () => (stopped = true),
      () => (stopped = true),
    );
    const kinds = [
      () => call('order read', `/v1/orders/${encodeURIComponent(orderId)}`, {}, tally),
      () => call('order list', '/v1/orders?limit=5', {}, tally),
      () => call('search', '/v1/shopping/offers', { method: 'POST', body: JSON.stringify(search) }, tally),
      () => call('stream', '/v1/shopping/offers/stream', { method: 'POST', body: JSON.stringify(search) }, tally),
    ];
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        for (let i = client; !stopped; i++) {
          if (extra && client < 4) await extra(client);
          else await kinds[i % kinds.length]!();
          // A little time between requests: the load is bounded, and an instance restarting beside it
          // on two cores still gets to start.
          await sleep(THINK_MS);
        }
      }),
    );
  }

  const control = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${cluster.testSystems.AA!.url}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
  };

  /** Another instance of the cluster, in this process, its clock `BOOKING_LEASE_MS` ahead. */
  async function recoveryPeer() {
    const config = loadConfig({
      DATABASE_URL: postgres.url,
      REDIS_URL: '',
      KEYRING: keyring,
      LOG_LEVEL: 'silent',
      ...cluster.sourceEnv,
      MONITORING_INTERVAL_SECONDS: '0',
    });
    const platform = await createPlatform(config, {
      logger: pino({ level: 'silent' }),
      clock: () => new Date(Date.now() + BOOKING_LEASE_MS + 5_000),
    });
    const { app } = await buildGateway(platform, { testSystemUrls: { AA: cluster.testSystems.AA!.url } });
    await app.ready();
    return {
      platform,
      async close() {
        await app.close();
        await platform.close();
      },
    };
  }

  const airlineOrders = async () =>
    ((await (await fetch(`${cluster.testSystems.AA!.url}/control/state`)).json()) as { store: { orders: number } }).store.orders;

  beforeAll(async () => {
    [postgres, redis] = await Promise.all([startPrivatePostgres(), privateRedis()]);
    await redis.start();
    keyring = Keyring.generateText();
    account = await seedAccount(postgres.url, keyring);
    cluster = await startCluster({
      instances: 2,
      databaseUrl: postgres.url,
      redisUrl: redis.url,
      keyring,
      env: {
        SEARCH_RATE_LIMIT_PER_MINUTE: '100000',
        MONITORING_INTERVAL_SECONDS: '0',
        PASSWORD_SCRYPT_LOG_N: '10',
        // Above the balancer's two failed checks 500 ms apart, with room for a busy machine.
        SHUTDOWN_READY_DELAY_MS: '3000',
        // The default grace, as production runs: on a busy machine a search in flight takes up to
        // its time-out and the close after it seconds more (15 s once ran out, exiting 1).
        SHUTDOWN_GRACE_MS: '25000',
      },
    });

    offerIds = await aaNonstopOfferIds(() =>
      call('search', '/v1/shopping/offers', { method: 'POST', body: JSON.stringify(search) }),
    );
    const held = await create(bookings++, crypto.randomUUID());
    expect(held.status, held.body).toBe(201);
    orderId = (JSON.parse(held.body) as { order_id?: string; id?: string }).order_id ?? JSON.parse(held.body).id;
  }, 420_000);

  afterAll(async () => {
    await cluster?.stop();
    await redis?.stop();
    postgres?.remove();
  }, 60_000);

  it('PostgreSQL restart: 503 database_unavailable through the balancer while it is away, working after, no instance dies', async () => {
    const before = await call('order read', `/v1/orders/${encodeURIComponent(orderId)}`);
    expect(before.status, before.body).toBe(200);

    postgres.stop();
    try {
      // Both instances report it, and the balancer still hands the request to one of them: the
      // client reads the gateway's own answer with its code, not the balancer's page.
      await waitUntil('order reads answer 503 while PostgreSQL is down', 20_000, async () => {
        const res = await call('order read', `/v1/orders/${encodeURIComponent(orderId)}`);
        return res.status === 503;
      });
      // Once the balancer has no ready instance left it still hands requests to live ones (it fails
      // open), so the answer stays the gateway's own.
      await waitUntil('the balancer sees no instance ready', 20_000, async () =>
        Object.values(await cluster.balancerStates()).every((state) => !state.startsWith('UP')),
      );
      for (let i = 0; i < 4; i++) {
        const res = await call('order read', `/v1/orders/${encodeURIComponent(orderId)}`);
        expect(res.status, res.body).toBe(503);
        expect(JSON.parse(res.body)).toMatchObject({ code: 'database_unavailable' });
        expect(res.instance).toMatch(/^g\d$/);
      }
    } finally {
      postgres.start();
    }

    await waitUntil('every instance ready after PostgreSQL is back', 60_000, async () =>
      (await Promise.all(cluster.instances.map((i) => i.ready()))).every(Boolean),
    );
    await cluster.waitForBalancer([0, 1]);
    const tally = new Tally();
    await load(sleep(2_000), tally);
    expect(tally.failures(), tally.summary()).toEqual([]);
    expect(tally.instances()).toEqual(new Set(['g0', 'g1']));
    expect(cluster.instances.every((i) => i.running())).toBe(true);
  }, 150_000);

  it('Redis restart: searches and reads still answered through the balancer while it is away, no instance dies', async () => {
    await redis.stop();
    const during = new Tally();
    try {
      // Readiness fails on both (Redis is one of its checks); the balancer fails open.
      await waitUntil('the balancer sees no instance ready', 20_000, async () =>
        Object.values(await cluster.balancerStates()).every((state) => !state.startsWith('UP')),
      );
      await load(sleep(3_000), during);
    } finally {
      await redis.start();
    }
    // Every answer is a gateway's own: rate limits decided in process, searches without the shared
    // cache. Without the cache every search reaches the airline, so under this load a search may
    // end in the airline's time-out (502 all_airlines_failed, the gateway's answer with its code);
    // no balancer page, no cut connection, no 500.
    const notTheGateways = during
      .failures()
      .filter((o) => !(o.status === 502 && o.instance && /"code":"all_airlines_failed"/.test(o.body)));
    expect(notTheGateways, during.summary(notTheGateways)).toEqual([]);
    for (const what of ['order read', 'search', 'stream'])
      expect(during.outcomes.filter((o) => o.what === what && o.status === 200).length, what).toBeGreaterThan(0);
    expect(cluster.instances.every((i) => i.running())).toBe(true);

    await waitUntil('every instance ready after Redis is back', 60_000, async () =>
      (await Promise.all(cluster.instances.map((i) => i.ready()))).every(Boolean),
    );
    await cluster.waitForBalancer([0, 1]);
    const after = new Tally();
    await load(sleep(2_000), after);
    expect(after.failures(), after.summary()).toEqual([]);
    for (const instance of cluster.instances) expect(instance.output()).not.toMatch(/Unhandled 'error' event|"statusCode":500/);
  }, 150_000);

  it('rolling restart of every instance under load: zero failed requests, every stream ends with a terminal event', async () => {
    const tally = new Tally();
    tally.mark = performance.now();
    const exits: (number | null)[] = [];
    const exitLogs: string[] = [];
    // What the balancer saw, for the failure message: each change of the servers' states.
    const watch = setInterval(() => {
      void cluster.balancerStates().then(
        (states) => {
          const line = `${Math.round(performance.now() - tally.mark)} ms: ${JSON.stringify(states)}`;
          if (!tally.states.at(-1)?.endsWith(JSON.stringify(states))) tally.states.push(line);
        },
        () => {},
      );
    }, 250);
    const restart = (async () => {
      await sleep(1_000);
      for (const instance of cluster.instances) {
        const code = await instance.kill('SIGTERM');
        exits.push(code);
        // Its last words say why, when it did not drain cleanly.
        if (code !== 0) exitLogs.push(`${instance.name} exited ${code}:\n${instance.output().slice(-4000)}`);
        await instance.start().catch((err: Error) => {
          throw new Error(`${err.message.slice(0, 300)}\n--- its output:\n${instance.output().slice(-6000)}`);
        });
        await cluster.waitForBalancer([0, 1], 60_000);
        await sleep(500);
      }
    })();
    await load(restart, tally).finally(() => clearInterval(watch));
    await restart;

    expect(exits, exitLogs.join('\n')).toEqual([0, 0]);
    expect(tally.failures(), tally.summary()).toEqual([]);
    expect(tally.outcomes.filter((o) => o.what === 'stream').length).toBeGreaterThan(0);
    expect(tally.instances()).toEqual(new Set(['g0', 'g1']));
  }, 420_000);

  it('kill -9 of one instance under load: routed around, only requests in flight fail, idempotent retries yield one booking each', async () => {
    const tally = new Tally();
    const airlineBefore = await airlineOrders();
    const keys: { n: number; key: string }[] = [];
    // Four of the clients book: one new hold after another, each with its own Idempotency-Key.
    // OrderCreate takes 600 ms at the airline, so the kill finds bookings on their way there.
    await control('POST', '/control/faults', { kind: 'slow', messages: ['OrderCreate'], delayMs: 600 });
    const book = async () => {
      const n = bookings++;
      const key = crypto.randomUUID();
      keys.push({ n, key });
      await create(n, key, tally);
    };
    // The kill is a window: from the signal until the test sees the exit. On a loaded machine the
    // kernel tears the process down some hundreds of milliseconds after the signal (its listening
    // socket accepts until then), and the exit reaches this process later again.
    let signalledAt = 0;
    let diedAt = 0;
    const victim = cluster.instances[1]!;
    const kill = (async () => {
      await sleep(2_000);
      signalledAt = performance.now();
      tally.mark = signalledAt;
      await victim.kill('SIGKILL');
      diedAt = performance.now();
      await sleep(3_000);
    })();
    await load(kill, tally, book);
    await control('DELETE', '/control/faults');

    const failures = tally.failures();
    // Only what was on its way during the kill fails: every failure was in flight in that window
    // (no request before it or after it failed). The survivor kept answering around the kill: every
    // request it took in the seconds around it succeeded. (Those in flight at the very moment may all
    // have been on the victim: the window can be some tens of milliseconds, and the four bookers
    // move in step, so this is not asked of that moment alone.)
    const overlapping = tally.outcomes.filter((o) => o.startedAt < diedAt && o.endedAt > signalledAt);
    for (const failure of failures) expect(overlapping, tally.summary()).toContain(failure);
    const survivorAround = tally.outcomes.filter(
      (o) => o.instance === 'g0' && o.endedAt > signalledAt - 1_000 && o.startedAt < diedAt + 1_500,
    );
    expect(survivorAround.length, tally.summary()).toBeGreaterThan(0);
    expect(
      survivorAround.filter((o) => typeof o.status !== 'number' || o.status >= 400),
      tally.summary(),
    ).toEqual([]);
    // After the kill the balancer sends everything to the survivor.
    const late = tally.outcomes.filter((o) => o.startedAt > diedAt + 1_500);
    expect(late.length).toBeGreaterThan(0);
    expect(new Set(late.map((o) => o.instance))).toEqual(new Set(['g0']));
    expect((await cluster.balancerStates())[1]).toMatch(/DOWN/);
    expect(cluster.instances[0]!.running()).toBe(true);

    // A create cut at the kill may have reached the airline: its key stays in flight (409) until
    // the recovery job has asked the airline, two minutes on. An in-process instance on the same
    // database, its clock moved past that lease, runs the job now (the drill cannot wait).
    const stuck = async (sql: pg.Client) =>
      Number(
        (await sql.query<{ n: string }>(`select count(*) as n from order_idempotency_keys where state = 'in_flight'`)).rows[0]!.n,
      );
    // AA finishes what reached it: the caller's disconnect does not stop a booking in progress.
    await sleep(1_000);
    const sql = new pg.Client({ connectionString: postgres.url });
    await sql.connect();
    try {
      if ((await stuck(sql)) > 0) {
        const peer = await recoveryPeer();
        try {
          await waitUntil('recovery resolves every key in flight', 30_000, async () => {
            await peer.platform.scheduler.runNow(BOOKING_RECOVERY_JOB);
            return (await stuck(sql)) === 0;
          });
        } finally {
          await peer.close();
        }
      }
    } finally {
      await sql.end();
    }

    // Every key, retried as a client would: the order (200, replayed) or a first booking (201).
    const orderIds = new Set<string>();
    for (const { n, key } of keys) {
      const again = await create(n, key);
      expect([200, 201], again.body).toContain(again.status);
      orderIds.add((JSON.parse(again.body) as { order_id: string }).order_id);
    }
    expect(orderIds.size).toBe(keys.length);
    const cut = failures.filter((o) => o.what === 'create').length;
    expect(await airlineOrders(), `${cut} creates cut at the kill`).toBe(airlineBefore + keys.length);
  }, 150_000);
});

import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSync } from '../../src/aviation/importers/sync-runner.js';
import { startAaTestSystem, type AaTestSystem } from '../../src/testsystem/aa/server.js';
import { FIXTURES } from '../aviation/aviation-test-app.js';
import { probeRoutes } from '../helpers/probe-routes.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { daysAhead, SUBSCRIPTION_KEY } from '../shopping/shopping-fixture.js';

/**
 * What each kind of request costs the shared stores, counted on the database and Redis clients
 * (src/platform/request-costs.ts) and attributed to the route that caused it. The budgets are the
 * table in docs/operations.md, "Cost per request": a change that adds a round trip to a hot path
 * fails here and must be argued for there. Runs on PGlite (no Redis) and on PostgreSQL + Redis,
 * with REQUEST_COSTS on (attribution to requests and routes; off by default).
 */

interface Cost {
  db: number;
  redis: number;
}

let t: TestApp;
let aa: AaTestSystem;
let agencyKey: string;
const withRedis = () => t.platform.redis !== null;

beforeAll(async () => {
  aa = await startAaTestSystem({ subscriptionKey: SUBSCRIPTION_KEY, logger: false });
  t = await buildTestApp({
    isolated: true,
    env: { AA_TEST_SUBSCRIPTION_KEY: SUBSCRIPTION_KEY, REQUEST_COSTS: 'true' },
    app: { testSystemUrls: { AA: aa.url } },
    routes: probeRoutes,
  });
  await runSync(t.platform, { from: FIXTURES, source: null });
  agencyKey = (await t.agencyWithKey()).secret;
});
afterAll(async () => {
  await t?.close();
  await aa?.close();
});

/**
 * Runs one request and answers what its route was charged for it. The meter settles after the
 * answer is out: its flush waits for that, and its own writes are the flush's, not the request's.
 */
async function costOf(
  route: string,
  send: () => Promise<LightMyRequestResponse>,
): Promise<Cost & { res: LightMyRequestResponse }> {
  const before = { ...(t.platform.costs.byRoute().get(route) ?? { dbQueries: 0, redisCommands: 0 }) };
  const res = await send();
  await t.gateway.billing.meter.flush();
  const after = t.platform.costs.byRoute().get(route) ?? { dbQueries: 0, redisCommands: 0 };
  return { db: after.dbQueries - before.dbQueries, redis: after.redisCommands - before.redisCommands, res };
}

/** A request whose cost is not measured; its meter settles before the next one is sent. */
async function warm(send: () => Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
  const res = await send();
  await t.gateway.billing.meter.flush();
  return res;
}

const get =
  (url: string, key = agencyKey) =>
  () =>
    t.app.inject({ method: 'GET', url, headers: { 'x-api-key': key } });
const post =
  (url: string, payload: object, key = agencyKey, headers: Record<string, string> = {}) =>
  () =>
    t.app.inject({ method: 'POST', url, headers: { 'x-api-key': key, ...headers }, payload });

// PRINT_REQUEST_COSTS=1 prints what was measured: the table of docs/operations.md.
const table: Record<string, Cost> = {};
function record<T extends Cost>(name: string, cost: T): T {
  table[name] = { db: cost.db, redis: cost.redis };
  return cost;
}
afterAll(() => {
  if (process.env.PRINT_REQUEST_COSTS) console.table(table);
});

/** Redis commands: `n` with Redis, none without (each feature then works in this process). */
const redis = (n: number) => (withRedis() ? n : 0);

describe('cost per request, agency key, warm caches (docs/operations.md)', () => {
  it('the key gate costs nothing once the key is known; a key seen for the first time costs one lookup', async () => {
    const { secret } = await t.agencyWithKey();
    const cold = record(
      'key gate (no-op route), first request of a key',
      await costOf('/v1/probe/whoami', get('/v1/probe/whoami', secret)),
    );
    expect(cold.res.statusCode).toBe(200);
    expect(cold).toMatchObject({ db: 1, redis: 0 });
    const warm = record('key gate (no-op route)', await costOf('/v1/probe/whoami', get('/v1/probe/whoami', secret)));
    expect(warm.res.statusCode).toBe(200);
    expect(warm).toMatchObject({ db: 0, redis: 0 });
  });

  it('a readiness probe: one statement (the key registry, which also proves the database answers) and a PING', async () => {
    const ready = record(
      'readiness probe',
      await costOf('/v1/health/ready', () => t.app.inject({ method: 'GET', url: '/v1/health/ready' })),
    );
    expect(ready.res.statusCode, ready.res.body).toBe(200);
    expect(ready).toMatchObject({ db: 1, redis: redis(1) });
  });

  it('an aviation read: no database; the meter counts it in Redis', async () => {
    await warm(get('/v1/aviation/airports/JFK'));
    const read = record('aviation read', await costOf('/v1/aviation/airports/:id', get('/v1/aviation/airports/JFK')));
    expect(read.res.statusCode, read.res.body).toBe(200);
    expect(read).toMatchObject({ db: 0, redis: redis(1) });
  });

  it('a cached search: no database; the rate limit with the cache read (one script), and the meter in Redis', async () => {
    // The agency's own search rate limit is read once, then kept: a first search pays for it.
    await warm(post('/v1/shopping/offers', { origin: 'JFK', destination: 'MIA', departure_date: daysAhead(21), adults: 1 }));
    const body = { origin: 'JFK', destination: 'LAX', departure_date: daysAhead(21), adults: 1 };
    const miss = record('search, cache miss', await costOf('/v1/shopping/offers', post('/v1/shopping/offers', body)));
    expect(miss.res.statusCode, miss.res.body).toBe(200);
    // The rate limit and the cache read in one script, the cache write, the meter.
    expect(miss).toMatchObject({ db: 0, redis: redis(3) });
    const hit = record('search, cache hit', await costOf('/v1/shopping/offers', post('/v1/shopping/offers', body)));
    expect(hit.res.statusCode, hit.res.body).toBe(200);
    expect(hit.res.headers['x-cache']).toBe('HIT');
    // Issue 18's budget: at most 2 Redis commands. The rate limit reads the cache in its own
    // script (search-admission.ts); the meter's count is the second.
    expect(hit).toMatchObject({ db: 0, redis: redis(2) });
    expect(hit.res.headers['ratelimit-remaining']).toBe(String(Number(miss.res.headers['ratelimit-remaining']) - 1));
  });

  it('pricing, an order create, its replay, an order read and the order list', async () => {
    const search = await warm(
      post('/v1/shopping/offers', { origin: 'JFK', destination: 'ORD', departure_date: daysAhead(22), adults: 1 }),
    );
    const offers = search.json().offers as { offer_id: string; slices: { segments: unknown[] }[] }[];
    const offer = offers.find((o) => o.slices.every((s) => s.segments.length === 1)) ?? offers[0]!;

    const price = record(
      'price',
      await costOf('/v1/offers/price', post('/v1/offers/price', { offers: [{ offer_id: offer.offer_id }] })),
    );
    expect(price.res.statusCode, price.res.body).toBe(200);
    expect(price).toMatchObject({ db: 0, redis: redis(1) });

    const passengers = [{ given_name: 'Ada', family_name: 'Lovelace', born_on: '1985-12-10', email: 'ada@example.com' }];
    const order = { offer_id: offer.offer_id, passengers, payment: { type: 'hold' } };
    const idempotent = { 'idempotency-key': 'budget-1' };
    const create = record(
      'order create (hold, Idempotency-Key)',
      await costOf('/v1/orders', post('/v1/orders', order, agencyKey, idempotent)),
    );
    expect(create.res.statusCode, create.res.body).toBe(201);
    // Measured 17: the idempotency claim (1); the travel claim and booking intent (a transaction
    // of 3 between begin and commit: 5); after the airline booked, the order, claim, idempotency
    // key, history, outbox event, look-to-book count and intent (a transaction of 8: 10); the
    // order read back for the answer (1).
    expect(create.db).toBeLessThanOrEqual(17);
    expect(create.redis).toBe(redis(1));

    const replay = record('order create, replayed', await costOf('/v1/orders', post('/v1/orders', order, agencyKey, idempotent)));
    expect(replay.res.statusCode, replay.res.body).toBe(200);
    expect(replay.db).toBeLessThanOrEqual(3);
    expect(replay.redis).toBe(redis(1));

    const id = encodeURIComponent(create.res.json().order_id as string);
    const read = record('order read', await costOf('/v1/orders/:orderID', get(`/v1/orders/${id}`)));
    expect(read.res.statusCode, read.res.body).toBe(200);
    expect(read).toMatchObject({ db: 1, redis: redis(1) });

    const list = record('order list', await costOf('/v1/orders', get('/v1/orders')));
    expect(list.res.statusCode, list.res.body).toBe(200);
    expect(list).toMatchObject({ db: 1, redis: redis(1) });
  });
});

describe('cost per request, developer portal', () => {
  const password = 'violet-harbour-sunrise-42';

  it('a sign-in, a session read, and a portal key on the free plan, which the meter holds to its allowance', async () => {
    const agency = await t.gateway.identity.createAgency({ name: 'Budget portal' });
    const email = `budget-${agency.id}@agency.test`.toLowerCase();
    await t.gateway.identity.createUser({
      agencyId: agency.id,
      email,
      password,
      role: 'owner',
      permissions: [],
      emailVerified: true,
    });

    const login = record(
      'portal sign-in',
      await costOf('/v1/dev/login', () => t.app.inject({ method: 'POST', url: '/v1/dev/login', payload: { email, password } })),
    );
    expect(login.res.statusCode, login.res.body).toBe(200);
    // The user; failed attempts reset; the session; the security event. Redis: the address's
    // failure budget (ZCOUNT, ZRANGEBYSCORE).
    expect(login.db).toBeLessThanOrEqual(4);
    expect(login.redis).toBeLessThanOrEqual(redis(2));

    const token = login.res.json().token as string;
    const keys = record(
      'portal session read (key list)',
      await costOf('/v1/dev/api-keys', () =>
        t.app.inject({ method: 'GET', url: '/v1/dev/api-keys', headers: { authorization: `Bearer ${token}` } }),
      ),
    );
    expect(keys.res.statusCode, keys.res.body).toBe(200);
    // Sessions are looked up on every request (no cache: a sign-out applies at once), then the keys.
    expect(keys).toMatchObject({ db: 2, redis: 0 });

    const { secret } = await t.gateway.apiKeys.create(
      { agencyId: agency.id, kind: 'portal', environment: 'test' },
      { via: 'cli' },
    );
    await warm(get('/v1/aviation/airports/JFK', secret));
    const metered = record(
      'aviation read, portal key (free plan)',
      await costOf('/v1/aviation/airports/:id', get('/v1/aviation/airports/JFK', secret)),
    );
    expect(metered.res.statusCode, metered.res.body).toBe(200);
    // The allowance is reserved before the answer and counted after it: two steps in Redis.
    expect(metered).toMatchObject({ db: 0, redis: redis(2) });
  });
});

describe('costs on /metrics', () => {
  it('counts statements and commands by route template, and what no request caused as background', async () => {
    const before = t.platform.costs.byRoute().get('/v1/probe/whoami')?.dbQueries ?? 0;
    const { secret } = await t.agencyWithKey();
    await warm(get('/v1/probe/whoami', secret));
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    const line = (name: string, route: string) =>
      new RegExp(`^${name}\\{route="${route.replace(/[/:]/g, (c) => `\\${c}`)}"\\} (\\d+)$`, 'm').exec(res.body)?.[1];
    expect(Number(line('flightagg_db_queries_total', '/v1/probe/whoami'))).toBe(before + 1);
    // Migrations, the aviation import and the meter's flushes ran outside any request.
    expect(Number(line('flightagg_db_queries_total', 'background'))).toBeGreaterThan(0);
    expect(Number(line('flightagg_db_queries_total', '/v1/orders'))).toBeGreaterThanOrEqual(17);
    if (withRedis()) expect(Number(line('flightagg_redis_commands_total', '/v1/shopping/offers'))).toBeGreaterThanOrEqual(3);
  });
});

describe('REQUEST_COSTS off (the default)', () => {
  it('counts every statement and command as one total, attributes nothing and adds no hook', async () => {
    const plain = await buildTestApp({ routes: probeRoutes });
    try {
      expect(plain.platform.config.requestCosts).toBe(false);
      const { secret } = await plain.agencyWithKey();
      const res = await plain.app.inject({ method: 'GET', url: '/v1/probe/whoami', headers: { 'x-api-key': secret } });
      expect(res.statusCode).toBe(200);
      const metrics = (await plain.app.inject({ method: 'GET', url: '/metrics' })).body;
      expect(Number(/^flightagg_db_queries_total\{route="all"\} (\d+)$/m.exec(metrics)?.[1])).toBeGreaterThan(0);
      expect(metrics).not.toMatch(/^flightagg_db_queries_total\{route="(?!all")/m);
      expect(plain.platform.costs.byRoute().has('/v1/probe/whoami')).toBe(false);
    } finally {
      await plain.close();
    }
  });
});

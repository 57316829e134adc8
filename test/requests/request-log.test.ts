import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeBatch } from '../../src/request-log/batch-codec.js';
import { REQUEST_LOG_FLUSH_JOB, REQUEST_LOG_SWEEP_JOB } from '../../src/request-log/plugin.js';
import { startPortal, type Portal } from '../portal/portal-harness.js';

// Isolated: the storage-failure test renames the log's table for a moment, which no other file may see.
let p: Portal;
let token: string;
let email: string;
let agencyId: string;
let testKey: { id: string; secret: string };
let liveKey: { id: string; secret: string };

type Logged = {
  at: string;
  method: string;
  route: string;
  path: string;
  status: number;
  durationMs: number;
  environment: string;
  apiKey: { id: string; name: string | null; prefix: string | null } | null;
  user: { id: string; email: string | null } | null;
  requestId: string;
  errorCode: string | null;
  orderId: string | null;
};

/** Every request the log holds, as stored. */
async function stored() {
  const batches = await p.platform.db.selectFrom('api_request_batches').select(['id', 'environment', 'requests']).execute();
  return batches.flatMap(decodeBatch);
}

const flush = () => p.platform.scheduler.runNow(REQUEST_LOG_FLUSH_JOB);
const call = (secret: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  p.app.inject({ method, url, headers: { 'x-api-key': secret }, ...(payload ? { payload } : {}) });

async function list(query = '', as = token): Promise<{ requests: Logged[]; nextCursor: string | null }> {
  const res = await p.request(as, 'GET', `/v1/dev/requests${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function makeKey(environment: 'test' | 'live', name: string) {
  const { key, secret } = await p.gateway.apiKeys.create({ agencyId, kind: 'agency', environment, name }, { via: 'cli' });
  return { id: key.id, secret };
}

const ids: Record<string, string> = {};

beforeAll(async () => {
  p = await startPortal({ isolated: true });
  const user = await p.user({ role: 'developer', live: true });
  agencyId = user.agencyId!;
  email = user.email;
  token = await p.token(email);
  testKey = await makeKey('test', 'integration test key');
  liveKey = await makeKey('live', 'production key');

  const health = await call(testKey.secret, 'GET', '/v1/monitoring/airlines');
  expect(health.statusCode).toBe(200);
  ids.health = health.headers['x-request-id'] as string;
  const missing = await call(testKey.secret, 'GET', '/v1/orders/AA_ORD_NOPE123?refresh=query-secret-2&token=query-secret-1');
  expect(missing.statusCode).toBeGreaterThanOrEqual(400);
  ids.missing = missing.headers['x-request-id'] as string;
  ids.missingCode = missing.json().code as string;
  ids.missingStatus = String(missing.statusCode);
  const bad = await call(testKey.secret, 'POST', '/v1/orders', { body_secret: 'body-secret-3' });
  expect(bad.statusCode).toBe(400);
  ids.bad = bad.headers['x-request-id'] as string;
  const live = await call(liveKey.secret, 'GET', '/v1/monitoring/airlines');
  expect(live.statusCode).toBe(200);
  ids.live = live.headers['x-request-id'] as string;
  await flush();
});
afterAll(async () => p.close());

describe('the request log', () => {
  it("records each API-key request's facts, with the matched route and path but never the query string or body", async () => {
    const { requests } = await list();
    expect(requests.map((r) => r.requestId)).toEqual([ids.live, ids.bad, ids.missing, ids.health]);
    const health = requests.find((r) => r.requestId === ids.health)!;
    expect(health).toMatchObject({
      method: 'GET',
      route: '/v1/monitoring/airlines',
      path: '/v1/monitoring/airlines',
      status: 200,
      environment: 'test',
      apiKey: { id: testKey.id, name: 'integration test key' },
      errorCode: null,
      orderId: null,
    });
    expect(health.apiKey!.prefix).toEqual(expect.any(String));
    expect(testKey.secret.startsWith(health.apiKey!.prefix!.replace(/…$/, ''))).toBe(true);
    expect(health.durationMs).toBeGreaterThanOrEqual(0);
    expect(Math.abs(new Date(health.at).getTime() - Date.now())).toBeLessThan(60_000);

    const missing = requests.find((r) => r.requestId === ids.missing)!;
    expect(missing).toMatchObject({
      route: '/v1/orders/:orderID',
      path: '/v1/orders/AA_ORD_NOPE123',
      status: Number(ids.missingStatus),
      errorCode: ids.missingCode,
      orderId: 'AA_ORD_NOPE123',
    });
    expect(requests.find((r) => r.requestId === ids.bad)).toMatchObject({
      method: 'POST',
      status: 400,
      errorCode: 'offer_id_required',
    });

    // Nothing of the query strings or the body is stored in any column.
    const { rows } = await sql<Record<string, unknown>>`select * from api_request_batches`.execute(p.platform.db);
    const stored = JSON.stringify(rows);
    for (const secret of ['query-secret-1', 'query-secret-2', 'body-secret-3', 'token=', '?', testKey.secret]) {
      expect(stored).not.toContain(secret);
    }
  });

  it("records no session-authenticated call but the dashboard's bookings, nor a request the gate refused", async () => {
    await list();
    expect(
      (await p.app.inject({ method: 'GET', url: '/v1/monitoring/airlines', headers: { 'x-api-key': 'fa_test_nope' } }))
        .statusCode,
    ).toBe(401);
    await flush();
    const rows = await stored();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.route.startsWith('/v1/dev/'))).toBe(false);
    expect(rows.some((r) => r.status === 401)).toBe(false);
  });

  it('shows an agency its own requests only', async () => {
    const other = await p.user();
    const otherToken = await p.token(other.email);
    expect((await list('', otherToken)).requests).toEqual([]);
    const { key, secret } = await p.gateway.apiKeys.create(
      { agencyId: other.agencyId!, kind: 'agency', environment: 'test' },
      { via: 'cli' },
    );
    await call(secret, 'GET', '/v1/monitoring/airlines');
    await flush();
    const theirs = (await list('', otherToken)).requests;
    expect(theirs.map((r) => r.apiKey?.id)).toEqual([key.id]);
    expect((await list()).requests.some((r) => r.apiKey?.id === key.id)).toBe(false);
    // Filtering on the other agency's key or request id finds nothing either.
    expect((await list(`?apiKeyId=${key.id}`)).requests).toEqual([]);
    expect((await list(`?requestId=${theirs[0]!.requestId}`)).requests).toEqual([]);
  });

  it('filters by status, class, method, path prefix, route, key, request id, error code, environment and time', async () => {
    const idsOf = async (query: string) => (await list(query)).requests.map((r) => r.requestId);
    expect(await idsOf('?status=200')).toEqual([ids.live, ids.health]);
    expect(await idsOf('?status=4xx')).toEqual([ids.bad, ids.missing]);
    expect(await idsOf('?status=5xx')).toEqual([]);
    expect(await idsOf('?method=POST')).toEqual([ids.bad]);
    expect(await idsOf('?path=/v1/orders/AA_ORD')).toEqual([ids.missing]);
    expect(await idsOf('?path=/v1/orders')).toEqual([ids.bad, ids.missing]);
    expect(await idsOf(`?route=${encodeURIComponent('/v1/orders/:orderID')}`)).toEqual([ids.missing]);
    expect(await idsOf(`?apiKeyId=${liveKey.id}`)).toEqual([ids.live]);
    expect(await idsOf(`?requestId=${ids.health}`)).toEqual([ids.health]);
    // The bad booking's code is its own (offer_id_required), not the missing order's.
    expect(await idsOf(`?errorCode=${ids.missingCode}`)).toEqual([ids.missing]);
    expect(await idsOf('?errorCode=offer_id_required&method=POST')).toEqual([ids.bad]);
    expect(await idsOf('?environment=live')).toEqual([ids.live]);
    expect(await idsOf('?environment=test')).toEqual([ids.bad, ids.missing, ids.health]);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect(await idsOf(`?since=${future}`)).toEqual([]);
    expect(await idsOf(`?until=${future}&status=200`)).toEqual([ids.live, ids.health]);
    const past = new Date(Date.now() - 3_600_000).toISOString();
    expect(await idsOf(`?until=${past}`)).toEqual([]);
  });

  it('pages with a keyset cursor, newest first', async () => {
    const first = await list('?limit=2&environment=test');
    expect(first.requests.map((r) => r.requestId)).toEqual([ids.bad, ids.missing]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await list(`?limit=2&environment=test&cursor=${first.nextCursor}`);
    expect(second.requests.map((r) => r.requestId)).toEqual([ids.health]);
    expect(second.nextCursor).toBeNull();
  });

  it('answers 400 naming a bad filter', async () => {
    const cases: [string, RegExp, string][] = [
      ['?status=4x', /status/, 'invalid_request'],
      ['?status=600', /status/, 'invalid_request'],
      ['?since=yesterday', /since/, 'invalid_request'],
      ['?until=2026-13-40T00:00:00Z', /until/, 'invalid_request'],
      ['?since=2026-11-27T10:00:00Z&until=2026-11-27T09:00:00Z', /since/, 'invalid_request'],
      ['?method=TRACE', /method/, 'invalid_request'],
      ['?limit=500', /limit/, 'invalid_request'],
      ['?cursor=bm9wZQ', /cursor/, 'invalid_cursor'],
    ];
    for (const [query, message, code] of cases) {
      const res = await p.request(token, 'GET', `/v1/dev/requests${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toMatch(message);
      expect(res.json().code, query).toBe(code);
    }
  });

  it('needs a session of the agency', async () => {
    expect((await p.request(null, 'GET', '/v1/dev/requests')).statusCode).toBe(401);
    const outsider = await p.user({ agencyId: null });
    const res = await p.request(await p.token(outsider.email), 'GET', '/v1/dev/requests');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('not_agency_account');
  });

  it('keeps 7 days: the sweep deletes older rows by the service clock and keeps newer ones', async () => {
    const before = (await list()).requests.length;
    expect(before).toBeGreaterThan(0);
    p.advance(6 * 24 * 3_600_000);
    // A session does not last days: sign in again at the moved clock.
    token = await p.token(email);
    const recent = await call(testKey.secret, 'GET', '/v1/monitoring/airlines');
    await flush();
    await p.platform.scheduler.runNow(REQUEST_LOG_SWEEP_JOB);
    expect((await list()).requests).toHaveLength(before + 1);

    p.advance(24 * 3_600_000 + 60_000);
    token = await p.token(email);
    await p.platform.scheduler.runNow(REQUEST_LOG_SWEEP_JOB);
    expect((await list()).requests.map((r) => r.requestId)).toEqual([recent.headers['x-request-id']]);

    p.advance(6 * 24 * 3_600_000);
    token = await p.token(email);
    await p.platform.scheduler.runNow(REQUEST_LOG_SWEEP_JOB);
    expect((await list()).requests).toEqual([]);
  });

  it('never fails an API request when storage fails, and writes the rows once it is back', async () => {
    const recorder = p.gateway.requestLog.recorder!;
    await sql`alter table api_request_batches rename to api_request_batches_away`.execute(p.platform.db);
    try {
      const res = await call(testKey.secret, 'GET', '/v1/monitoring/airlines');
      expect(res.statusCode).toBe(200);
      ids.outage = res.headers['x-request-id'] as string;
      await expect(recorder.flush()).rejects.toThrow();
      expect(recorder.pending).toBe(1);
    } finally {
      await sql`alter table api_request_batches_away rename to api_request_batches`.execute(p.platform.db);
    }
    await flush();
    expect(recorder.pending).toBe(0);
    expect((await list(`?requestId=${ids.outage}`)).requests).toHaveLength(1);
  });
});

// Last: its row would change what the filters and pages above find.
describe('the request log and the dashboard', () => {
  it("records a member's dashboard price request as the agency's, with the member and no key", async () => {
    // The dashboard's search, price and booking are the agency's requests made by hand: a developer
    // who books from the dashboard finds them in the log beside the API's.
    const priced = await p.request(token, 'POST', '/v1/dev/offers/price', { offer_id: 'not-an-offer-we-issued' });
    expect(priced.statusCode).toBeGreaterThanOrEqual(400);
    await flush();
    const { requests } = await list(`?requestId=${priced.headers['x-request-id'] as string}`);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      route: '/v1/dev/offers/price',
      status: priced.statusCode,
      environment: 'test',
      apiKey: null,
      user: { id: expect.any(String), email },
      errorCode: priced.json().code,
    });
  });
});

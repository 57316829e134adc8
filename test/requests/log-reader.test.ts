import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../src/platform/platform.js';
import { encodeBatches, type LoggedRequestRow } from '../../src/request-log/batch-codec.js';
import { readRequests, type RequestFilter } from '../../src/request-log/log-reader.js';
import type { RequestFacts } from '../../src/request-log/request-facts.js';
import { insertBatches } from '../../src/request-log/store.js';
import { createTestPlatform } from '../helpers/test-platform.js';

// Isolated: the migration test drops and remakes the log's table.
let platform: Platform;
beforeAll(async () => {
  platform = await createTestPlatform({ isolated: true });
});
afterAll(() => platform.close());

/** A small deterministic generator, so a failure names a case that runs again the same. */
function prng(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

const T0 = Date.parse('2026-11-20T12:00:00Z');
const KEYS = ['key_alpha', 'key_beta', 'key_gamma'];
const ROUTES = ['/v1/monitoring/airlines', '/v1/orders/:orderID', '/v1/shopping/offers'];

/**
 * Two instances' recorders writing one agency's requests: each instance's batches cover its own
 * stretch of time, and the two overlap, with requests that arrive at the same millisecond, so the
 * list must merge batches rather than read them one after another.
 */
async function logTwoInstances(agencyId: string, count: number, seed: number): Promise<RequestFacts[]> {
  const random = prng(seed);
  const instances: RequestFacts[][] = [[], []];
  for (let n = 0; n < count; n++) {
    const route = ROUTES[Math.floor(random() * ROUTES.length)]!;
    const status = [200, 200, 201, 400, 404, 502][Math.floor(random() * 6)]!;
    instances[n % 2]!.push({
      // Some requests share a millisecond; arrival order within a batch is not time order.
      atMs: T0 + Math.floor(n / 3) * 7 + Math.floor(random() * 40),
      agencyId,
      apiKeyId: KEYS[Math.floor(random() * KEYS.length)]!,
      userId: null,
      environment: random() < 0.2 ? 'live' : 'test',
      method: route === '/v1/shopping/offers' ? 'POST' : 'GET',
      route,
      path: route === '/v1/orders/:orderID' ? `/v1/orders/AA_ORD_${n}` : route,
      status,
      durationMs: Math.round(random() * 10_000) / 100,
      requestId: `req_${seed}_${n}`,
      errorCode: status >= 400 ? (status === 404 ? 'order_not_found' : 'invalid_request') : null,
    });
  }
  for (const facts of instances) {
    for (let from = 0; from < facts.length;) {
      const size = 1 + Math.floor(random() * 90);
      await insertBatches(platform.db, encodeBatches(facts.slice(from, from + size)));
      from += size;
    }
  }
  return instances.flat();
}

const filter = (agencyId: string, f: Partial<RequestFilter>): RequestFilter => ({
  agencyId,
  environment: null,
  status: null,
  method: null,
  path: null,
  route: null,
  apiKeyId: null,
  requestId: null,
  errorCode: null,
  since: null,
  until: null,
  after: null,
  limit: 50,
  ...f,
});

/** Every page in turn, following the cursor, as the dashboard would. */
async function readAll(f: RequestFilter, maxDecoded?: number): Promise<{ rows: LoggedRequestRow[]; pages: number }> {
  const rows: LoggedRequestRow[] = [];
  let after = f.after;
  let pages = 0;
  for (;;) {
    const page = await readRequests(platform.db, { ...f, after }, maxDecoded);
    pages++;
    expect(page.rows.length).toBeLessThanOrEqual(f.limit);
    rows.push(...page.rows);
    if (!page.next) return { rows, pages };
    after = page.next;
    expect(pages).toBeLessThan(10_000);
  }
}

/** The expected list: every matching request, newest first (ties by arrival within their batches, as ids order them). */
function expected(all: RequestFacts[], keep: (f: RequestFacts) => boolean): string[] {
  return all
    .filter(keep)
    .sort((a, b) => b.atMs - a.atMs)
    .map((f) => f.requestId);
}

describe('reading the request log from its batches', () => {
  let all: RequestFacts[];
  const agency = 'agc_reader';
  beforeAll(async () => {
    all = await logTwoInstances(agency, 2_000, 7);
    // Another agency's requests in the same stretch never show.
    await logTwoInstances('agc_other', 300, 8);
  });

  const ids = (rows: LoggedRequestRow[]) => rows.map((r) => r.requestId);
  const sameTimes = (rows: LoggedRequestRow[], want: string[]) => {
    // Requests at the same millisecond may come in either order between instances; compare times and sets.
    const at = new Map(all.map((f) => [f.requestId, f.atMs]));
    expect(rows.map((r) => r.atMs)).toEqual(want.map((id) => at.get(id)));
    expect(new Set(ids(rows))).toEqual(new Set(want));
  };

  it('merges overlapping batches into one exact newest-first list, page after page', async () => {
    for (const limit of [1, 7, 50, 200]) {
      const { rows } = await readAll(filter(agency, { limit }));
      expect(rows).toHaveLength(2_000);
      sameTimes(
        rows,
        expected(all, () => true),
      );
      // Strictly ordered by (at, id): no request twice, none skipped at a page's edge.
      for (let i = 1; i < rows.length; i++) {
        const [a, b] = [rows[i - 1]!, rows[i]!];
        expect(a.atMs > b.atMs || (a.atMs === b.atMs && a.id > b.id), `${i}`).toBe(true);
      }
    }
  });

  it('applies every filter exactly, alone and together', async () => {
    const since = new Date(T0 + 1_000);
    const until = new Date(T0 + 3_000);
    const cases: [Partial<RequestFilter>, (f: RequestFacts) => boolean][] = [
      [{ apiKeyId: 'key_beta' }, (f) => f.apiKeyId === 'key_beta'],
      [{ requestId: 'req_7_1234' }, (f) => f.requestId === 'req_7_1234'],
      [{ requestId: 'req_7_123' }, (f) => f.requestId === 'req_7_123'],
      [{ errorCode: 'order_not_found' }, (f) => f.errorCode === 'order_not_found'],
      [{ route: '/v1/orders/:orderID' }, (f) => f.route === '/v1/orders/:orderID'],
      [{ path: '/v1/orders/AA_ORD_12' }, (f) => f.path.startsWith('/v1/orders/AA_ORD_12')],
      [{ status: { min: 400, max: 499 } }, (f) => f.status >= 400 && f.status <= 499],
      [{ method: 'POST' }, (f) => f.method === 'POST'],
      [{ environment: 'live' }, (f) => f.environment === 'live'],
      [{ since, until }, (f) => f.atMs >= since.getTime() && f.atMs < until.getTime()],
      [
        { apiKeyId: 'key_alpha', status: { min: 200, max: 299 }, environment: 'test', since },
        (f) => f.apiKeyId === 'key_alpha' && f.status < 300 && f.environment === 'test' && f.atMs >= since.getTime(),
      ],
      [{ requestId: 'req_8_5' }, () => false],
    ];
    for (const [f, keep] of cases) {
      const { rows } = await readAll(filter(agency, { ...f, limit: 30 }));
      sameTimes(rows, expected(all, keep));
    }
  });

  it('ends a page early at its decoding bound with a cursor that goes on from there, missing nothing', async () => {
    const f = filter(agency, { errorCode: 'invalid_request', limit: 200 });
    const bounded = await readAll(f, 150);
    const unbounded = await readAll(f);
    expect(bounded.pages).toBeGreaterThan(unbounded.pages);
    expect(ids(bounded.rows)).toEqual(ids(unbounded.rows));
    sameTimes(
      bounded.rows,
      expected(all, (r) => r.errorCode === 'invalid_request'),
    );
  });
});

describe('a batch', () => {
  it('keeps requests in arrival order when their answers were recorded the other way round', async () => {
    const base: RequestFacts = {
      atMs: T0,
      agencyId: 'agc_arrival',
      apiKeyId: 'key_alpha',
      userId: null,
      environment: 'test',
      method: 'GET',
      route: '/v1/monitoring/airlines',
      path: '/v1/monitoring/airlines',
      status: 200,
      durationMs: 1,
      requestId: 'req_x',
      errorCode: null,
    };
    // Recorded as the answers finished: the third and first arrivals share a millisecond, and the
    // second arrival's answer was recorded first.
    const recorded = [
      { ...base, atMs: T0 + 5, requestId: 'req_00000003' },
      { ...base, atMs: T0 + 1, requestId: 'req_00000002' },
      { ...base, atMs: T0 + 5, requestId: 'req_00000004' },
      { ...base, atMs: T0 + 1, requestId: 'req_00000001' },
    ];
    await insertBatches(platform.db, encodeBatches(recorded));
    const { rows } = await readRequests(platform.db, filter('agc_arrival', { limit: 10 }));
    expect(rows.map((r) => r.requestId)).toEqual(['req_00000004', 'req_00000003', 'req_00000002', 'req_00000001']);
  });
});

describe('migration 0024', () => {
  it("folds the rows of 0022's table into batches, each request kept as it was", async () => {
    const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../src/platform/db/migrations');
    const read = (name: string) => fs.readFileSync(path.join(dir, name), 'utf8');
    await platform.database.withClient(async (client) => {
      await client.exec('drop table api_request_batches');
      await client.exec(read('0022_request_log.sql'));
      await client.exec(`
        insert into api_requests (at, agency_id, api_key_id, user_id, environment, method, route, path, status, duration_ms, request_id, error_code)
        select timestamptz '2026-11-26T10:00:00Z' + n * interval '1 second', 'agc_migrated',
               case when n % 5 = 0 then null else 'key_m' end, case when n % 5 = 0 then 'usr_m' else null end,
               case when n % 4 = 0 then 'live' else 'test' end, 'GET', '/v1/orders/:orderID', '/v1/orders/AA_' || n,
               case when n % 3 = 0 then 404 else 200 end, n / 10.0, 'req_m_' || n,
               case when n % 3 = 0 then 'order_not_found' else null end
        from generate_series(1, 1203) n`);
      await client.exec(read('0024_request_log_batches.sql'));
    });
    const { rows: tables } = await sql<{
      n: number;
    }>`select count(*)::int as n from pg_tables where tablename = 'api_requests'`.execute(platform.db);
    expect(tables[0]!.n).toBe(0);
    const { rows } = await readAll(filter('agc_migrated', { limit: 200 }));
    expect(rows).toHaveLength(1203);
    const byId = new Map(rows.map((r) => [r.requestId, r]));
    expect(byId.get('req_m_1203')).toMatchObject({
      atMs: Date.parse('2026-11-26T10:00:00Z') + 1203_000,
      apiKeyId: 'key_m',
      userId: null,
      environment: 'test',
      path: '/v1/orders/AA_1203',
      status: 404,
      durationMs: 120.3,
      errorCode: 'order_not_found',
    });
    expect(byId.get('req_m_20')).toMatchObject({
      apiKeyId: null,
      userId: 'usr_m',
      environment: 'live',
      status: 200,
      errorCode: null,
    });
    expect(ids(rows)[0]).toBe('req_m_1203');
    const { rows: batches } = await sql<{
      n: number;
    }>`select max(request_count)::int as n from api_request_batches where agency_id = 'agc_migrated'`.execute(platform.db);
    expect(batches[0]!.n).toBeLessThanOrEqual(500);
  });
});

const ids = (rows: LoggedRequestRow[]) => rows.map((r) => r.requestId);

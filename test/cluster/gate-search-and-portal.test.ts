import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysAhead } from '../shopping/shopping-fixture.js';
import type { Answer } from '../platform/fault-drills/children.js';
import { clusterFixture, clusterSkip, instancesOf, skipTitle, type ClusterFixture } from './cluster-fixture.js';

// Failed sign-ins one client address may make in an hour, across every account (default 100).
const ADDRESS_LIMIT = 3;

/**
 * Three gateways behind HAProxy: the key gate, the search rate limit, the search cache and the
 * search stream behave as on one instance, whichever instance a request lands on; a search and a
 * stream answer every source (AA, VS, Duffel), each at its one shared test system. A portal
 * session opened through one instance is valid (and, signed out, invalid) on every instance; a
 * per-account lockout and the per-address failure budget count failures made on any instance.
 * Client addresses come from HAProxy's X-Forwarded-For. One cluster serves both: none of these
 * tests counts what another does (their keys, accounts and addresses are their own).
 */
describe.skipIf(clusterSkip !== null)(`cluster: key gate, search and portal sessions${skipTitle}`, () => {
  let f: ClusterFixture;

  beforeAll(async () => {
    f = await clusterFixture(3, { LOGIN_FAILURE_LIMIT_PER_HOUR: String(ADDRESS_LIMIT) });
  }, 300_000);
  afterAll(async () => f?.stop(), 60_000);

  const every = (fn: (via: number) => Promise<Answer>) => Promise.all(f.cluster.instances.map((i) => fn(i.index)));

  it('applies a key edit and a revocation made through one instance on the next request on every instance', async () => {
    const account = await f.account();
    const session = await f.login(account);
    const [key] = (await f.request('GET', '/v1/dev/api-keys', { session })).body.keys as { id: string }[];
    const monitoring = (via?: number, headers: Record<string, string> = {}) =>
      f.request('GET', '/v1/monitoring/airlines', { key: account.key, headers, ...(via === undefined ? {} : { via }) });

    // Every instance has verified the key and keeps it in its cache.
    expect((await every(monitoring)).map((a) => a.status)).toEqual([200, 200, 200]);

    const paths = await f.request('PATCH', `/v1/dev/api-keys/${key!.id}`, { session, body: { allowedPaths: ['/v1/aviation'] } });
    expect(paths.status, JSON.stringify(paths.body)).toBe(200);
    for (const res of await every(monitoring)) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'path_not_allowed' });
    }

    // An allowlist, read through the balancer's X-Forwarded-For (TRUST_PROXY=127.0.0.1): the
    // address the client is seen from is the one HAProxy was told, not the balancer's own.
    const ips = await f.request('PATCH', `/v1/dev/api-keys/${key!.id}`, {
      session,
      body: { allowedPaths: [], allowedIps: ['198.51.100.7'] },
    });
    expect(ips.status, JSON.stringify(ips.body)).toBe(200);
    const allowed = await Promise.all([1, 2, 3, 4, 5, 6].map(() => monitoring(undefined, { 'x-forwarded-for': '198.51.100.7' })));
    expect(allowed.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(instancesOf(allowed).size).toBe(3);
    const elsewhere = await Promise.all([1, 2, 3].map(() => monitoring(undefined, { 'x-forwarded-for': '203.0.113.9' })));
    for (const res of elsewhere) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'ip_not_allowed', error: 'api key does not allow requests from 203.0.113.9' });
    }
    expect(instancesOf(elsewhere).size).toBe(3);

    const revoked = await f.request('DELETE', `/v1/dev/api-keys/${key!.id}`, { session });
    expect(revoked.status).toBe(200);
    for (const res of await every((via) => monitoring(via, { 'x-forwarded-for': '198.51.100.7' }))) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ error: 'invalid api key' });
    }
  });

  /** Decisions every instance made in process because Redis did not answer in time (metrics, read on loopback). */
  const searchFallbacks = async () => {
    let total = 0;
    for (const instance of f.cluster.instances) {
      const text = await (await fetch(`${instance.url}/metrics`)).text();
      total += Number(/^flightagg_redis_fallback_total\{feature="search"\} (\d+)/m.exec(text)?.[1] ?? 0);
    }
    return total;
  };

  it('refuses the 61st search of a minute with 429 whichever instance it reaches', async () => {
    // Two kinds of round prove nothing about the shared limit, and are run again with a new agency,
    // four times at most (on a loaded 2-core machine three rounds in a row have leaked this way):
    // one in which a Redis reply missed its 500 ms time-out (the decisions of the
    // next second are then made per instance, as documented: flightagg_redis_fallback_total), and
    // one that outlasted the window itself (on a machine this busy the first search and the 59
    // after it can take a minute, and the first admission then leaves the rolling window).
    for (let attempt = 1; ; attempt++) {
      const fallbacksBefore = await searchFallbacks();
      const account = await f.account();
      const started = Date.now();
      const search = (via?: number) =>
        f.request('POST', '/v1/shopping/offers', {
          key: account.key,
          body: { origin: 'JFK', destination: 'ORD', departure_date: daysAhead(30), adults: 1 },
          ...(via === undefined ? {} : { via }),
        });
      // One at a time first (the airline answers the first; the rest are cache hits), then in parallel.
      const first = await search();
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const admitted = [first, ...(await Promise.all(Array.from({ length: 59 }, () => search())))];
      const refused = [...(await Promise.all([search(), search(), search()])), ...(await every(search))];
      const leaked = [...admitted.filter((a) => a.status !== 200), ...refused.filter((r) => r.status !== 429)];
      const withinWindow = Date.now() - started < 59_000;
      if (leaked.length > 0 && attempt < 5 && (!withinWindow || (await searchFallbacks()) > fallbacksBefore)) continue;
      const took = `round ${attempt} took ${Date.now() - started} ms`;

      expect(admitted.map((a) => a.status).filter((s) => s !== 200)).toEqual([]);
      expect(instancesOf(admitted).size).toBe(3);
      for (const res of refused) {
        expect(res.status, took).toBe(429);
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      expect(instancesOf(refused.slice(0, 3)).size).toBe(3);
      return;
    }
  });

  it('serves a search made through one instance from the shared cache on the others', async () => {
    const account = await f.account();
    const body = { origin: 'LAX', destination: 'JFK', departure_date: daysAhead(33), adults: 1 };
    const search = (via: number) => f.request('POST', '/v1/shopping/offers', { key: account.key, body, via });
    const miss = await search(0);
    expect(miss.status, JSON.stringify(miss.body)).toBe(200);
    expect(miss.headers.get('x-cache')).toBe('MISS');
    const offers = (miss.body.offers as { offer_id: string }[]).map((o) => o.offer_id);
    expect(offers.length).toBeGreaterThan(0);
    for (const via of [1, 2]) {
      const hit = await search(via);
      expect(hit.status).toBe(200);
      expect(hit.headers.get('x-cache')).toBe('HIT');
      expect((hit.body.offers as { offer_id: string }[]).map((o) => o.offer_id)).toEqual(offers);
    }
  });

  it('answers JFK→LHR with every source, each reached at its one shared test system', async () => {
    const account = await f.account();
    const body = { origin: 'JFK', destination: 'LHR', departure_date: daysAhead(35), adults: 1 };
    const res = await f.request('POST', '/v1/shopping/offers', { key: account.key, body, via: 1 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const airlines = new Set((res.body.offers as { airline: string }[]).map((o) => o.airline));
    // AA and VS direct; British Airways, Iberia and Duffel Airways through Duffel.
    expect([...airlines].sort()).toEqual(['AA', 'BA', 'IB', 'VS', 'ZZ']);
    expect((res.body.connectors as { airline: string; status: string }[]).map((c) => [c.airline, c.status])).toEqual([
      ['AA', 'answered'],
      ['VS', 'answered'],
      ['DUFFEL', 'answered'],
    ]);
  });

  it('streams JFK→LHR through the balancer: search first, the offers of every source, then done naming each source', async () => {
    const account = await f.account();
    const res = await fetch(`${f.cluster.url}/v1/shopping/offers/stream`, {
      method: 'POST',
      headers: { 'x-api-key': account.key, 'content-type': 'application/json' },
      body: JSON.stringify({ origin: 'JFK', destination: 'LHR', departure_date: daysAhead(36), adults: 1 }),
      signal: AbortSignal.timeout(30_000),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('x-cluster-instance')).toMatch(/^g[0-2]$/);
    const events = (await res.text())
      .split('\n\n')
      .filter((block) => block.trim())
      .map((block) => {
        const lines = block.split('\n');
        return {
          event: lines.find((l) => l.startsWith('event: '))!.slice(7),
          data: JSON.parse(lines.find((l) => l.startsWith('data: '))!.slice(6)) as Record<string, unknown>,
        };
      });
    expect(events[0]).toMatchObject({ event: 'search', data: { search_id: expect.stringMatching(/^srch_/) } });
    const offers = events.filter((e) => e.event === 'offers');
    expect(offers.length).toBeGreaterThan(0);
    const streamed = offers.flatMap((e) => e.data.offers as { source: string; airline: string }[]);
    expect([...new Set(streamed.map((o) => o.source))].sort()).toEqual(['AA', 'DUFFEL', 'VS']);
    expect([...new Set(streamed.map((o) => o.airline))].sort()).toEqual(['AA', 'BA', 'IB', 'VS', 'ZZ']);
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { total: streamed.length } });
    const connectors = (events.at(-1)!.data.connectors as { airline: string; status: string }[]).map((c) => [
      c.airline,
      c.status,
    ]);
    expect(connectors).toEqual([
      ['AA', 'answered'],
      ['VS', 'answered'],
      ['DUFFEL', 'answered'],
    ]);
  });

  describe('portal sessions, lockouts and throttles', () => {
    const login = (email: string, password: string, from: string, via?: number) =>
      f.request('POST', '/v1/dev/login', {
        body: { email, password },
        headers: { 'x-forwarded-for': from },
        ...(via === undefined ? {} : { via }),
      });

    it('accepts a session opened through the balancer on every instance, and none after sign-out', async () => {
      const account = await f.account();
      const session = await f.login(account);
      const me = (via: number) => f.request('GET', '/v1/dev/me', { session, via });
      for (const res of await every(me)) {
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ email: account.email });
      }
      const out = await f.request('POST', '/v1/dev/logout', { session, via: 1 });
      expect(out.status).toBeLessThan(300);
      expect((await every(me)).map((r) => r.status)).toEqual([401, 401, 401]);
    });

    it('locks an account after 5 failures made on different instances; then even its password is refused everywhere', async () => {
      const account = await f.account();
      // Each failure from an address of its own, so the per-address budget plays no part.
      const failures = await Promise.all(
        [1, 2, 3, 4, 5].map((n) => login(account.email, 'not-the-password-at-all', `198.51.100.${n}`)),
      );
      expect(failures.map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
      expect(instancesOf(failures).size).toBe(3);
      for (const res of await every((via) => login(account.email, account.password, '198.51.100.20', via))) {
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject({ error: expect.any(String) });
        expect(res.body).not.toHaveProperty('token');
      }
    });

    it(`refuses an address with 429 on every instance after ${ADDRESS_LIMIT} failures spread over the instances`, async () => {
      const address = '203.0.113.60';
      const victims = await Promise.all(Array.from({ length: ADDRESS_LIMIT }, () => f.account()));
      const failures = await Promise.all(victims.map((v) => login(v.email, 'guess-number-one-1', address)));
      expect(failures.map((r) => r.status)).toEqual(Array(ADDRESS_LIMIT).fill(401));
      expect(instancesOf(failures).size).toBe(3);

      const target = await f.account();
      const refused = await Promise.all([1, 2, 3].map(() => login(target.email, target.password, address)));
      for (const res of refused) {
        expect(res.status).toBe(429);
        expect(res.body).toMatchObject({
          code: 'rate_limited',
          error: 'too many failed sign-ins from this address: try again later',
        });
      }
      expect(instancesOf(refused).size).toBe(3);
      // Another address signs the same account in; no account was locked by the guesses.
      expect((await login(target.email, target.password, '203.0.113.61')).status).toBe(200);
      expect((await login(victims[0]!.email, victims[0]!.password, '203.0.113.62')).status).toBe(200);
    });
  });
});

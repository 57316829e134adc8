import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answer } from '../platform/fault-drills/children.js';
import { clusterFixture, clusterSkip, instancesOf, skipTitle, type ClusterFixture } from './cluster-fixture.js';

// Failed sign-ins one client address may make in an hour, across every account (default 100).
const ADDRESS_LIMIT = 3;

/**
 * Three gateways behind HAProxy: a portal session opened through one is valid (and, signed out,
 * invalid) on every instance; a per-account lockout and the per-address failure budget count
 * failures made on any instance. Client addresses come from HAProxy's X-Forwarded-For.
 */
describe.skipIf(clusterSkip !== null)(`cluster: portal sessions, lockouts and throttles${skipTitle}`, () => {
  let f: ClusterFixture;

  beforeAll(async () => {
    f = await clusterFixture(3, { LOGIN_FAILURE_LIMIT_PER_HOUR: String(ADDRESS_LIMIT) });
  }, 300_000);
  afterAll(async () => f?.stop(), 60_000);

  const every = (fn: (via: number) => Promise<Answer>) => Promise.all(f.cluster.instances.map((i) => fn(i.index)));
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/sources/load-config.js';
import { startPortal, type Portal } from '../portal/portal-harness.js';

/**
 * A client can write anything at the left of X-Forwarded-For; only what the trusted proxies
 * appended on the right is believed. The load balancer here is 10.0.0.5; the real client
 * 203.0.113.x; the address it pretends to be, 198.51.100.7, is the one the key allows.
 */
const BALANCER = '10.0.0.5';
const ALLOWED = '198.51.100.7';

function through(p: Portal, secret: string, remoteAddress: string, forwardedFor?: string) {
  return p.app.inject({
    method: 'GET',
    url: '/v1/monitoring/airlines',
    remoteAddress,
    headers: { 'x-api-key': secret, ...(forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }) },
  });
}

async function allowlistedKey(p: Portal) {
  const { secret } = await p.agencyWithKey({ allowedIps: [ALLOWED] });
  return secret;
}

const refusedByAllowlist = (res: { statusCode: number; json: () => { code?: string } }) =>
  res.statusCode === 403 && res.json().code === 'ip_not_allowed';

for (const [setting, label] of [
  ['1', 'a hop count'],
  ['10.0.0.0/8', 'a CIDR list'],
  ['uniquelocal', "proxy-addr's name uniquelocal"],
] as const) {
  describe(`TRUST_PROXY=${setting} (${label})`, () => {
    let p: Portal;
    beforeAll(async () => {
      p = await startPortal({ env: { TRUST_PROXY: setting } });
    });
    afterAll(async () => p.close());

    it("refuses a forged left-most X-Forwarded-For entry against a key's IP allowlist", async () => {
      const secret = await allowlistedKey(p);
      // The balancer appended the real client after the forged entry.
      expect(refusedByAllowlist(await through(p, secret, BALANCER, `${ALLOWED}, 203.0.113.50`))).toBe(true);
      expect(refusedByAllowlist(await through(p, secret, BALANCER, `${ALLOWED},203.0.113.50`))).toBe(true);
    });

    it('lets the allowed client in when the balancer says it is the client', async () => {
      const secret = await allowlistedKey(p);
      expect(refusedByAllowlist(await through(p, secret, BALANCER, ALLOWED))).toBe(false);
      expect(refusedByAllowlist(await through(p, secret, BALANCER, `192.0.2.9, ${ALLOWED}`))).toBe(false);
      // The same balancer seen through a dual-stack socket, as an IPv4-mapped IPv6 address.
      expect(refusedByAllowlist(await through(p, secret, `::ffff:${BALANCER}`, ALLOWED))).toBe(false);
      expect(refusedByAllowlist(await through(p, secret, `::ffff:${BALANCER}`, `${ALLOWED}, 203.0.113.52`))).toBe(true);
    });
  });
}

describe('TRUST_PROXY with a list of proxies', () => {
  let p: Portal;
  beforeAll(async () => {
    p = await startPortal({ env: { TRUST_PROXY: '10.0.0.0/8', LOGIN_FAILURE_LIMIT_PER_HOUR: '3' } });
  });
  afterAll(async () => p.close());

  it('ignores X-Forwarded-For from a peer that is not a listed proxy', async () => {
    const secret = await allowlistedKey(p);
    expect(refusedByAllowlist(await through(p, secret, '203.0.113.51', ALLOWED))).toBe(true);
  });

  it('counts login failures against the real client address, whatever the client forges', async () => {
    const victim = await p.user();
    const login = (forwardedFor: string, password = 'guess-number-one-1') =>
      p.app.inject({
        method: 'POST',
        url: '/v1/dev/login',
        remoteAddress: BALANCER,
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { email: victim.email, password },
      });
    // A new forged address on every try, the same real one appended by the balancer.
    for (let i = 1; i <= 3; i++) expect((await login(`192.0.2.${i}, 203.0.113.60`)).statusCode).toBe(401);
    const refused = await login('192.0.2.99, 203.0.113.60');
    expect(refused.statusCode).toBe(429);
    // Another real client behind the same balancer is not affected.
    expect((await login('203.0.113.61')).statusCode).toBe(401);
  });
});

describe('TRUST_PROXY values', () => {
  const trust = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;
  const problem = (value: string) => {
    try {
      loadConfig({ TRUST_PROXY: value });
    } catch (err) {
      return (err as { problems: string[] }).problems.join('\n');
    }
    return null;
  };

  it('accepts false or empty (the default), a hop count, and a list of addresses, CIDRs and names', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(trust('')).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('1')).toEqual({ hops: 1 });
    expect(trust('2')).toEqual({ hops: 2 });
    expect(trust('10.0.0.0/8, 192.168.1.1,fd00::/8, ::1')).toEqual({
      addresses: ['10.0.0.0/8', '192.168.1.1', 'fd00::/8', '::1'],
    });
    expect(trust('loopback,linklocal,uniquelocal')).toEqual({ addresses: ['loopback', 'linklocal', 'uniquelocal'] });
  });

  it('refuses true, saying what to set instead', () => {
    expect(problem('true')).toMatch(/TRUST_PROXY=true is refused.*TRUST_PROXY=1.*addresses/);
  });

  it('refuses ambiguous values with a sentence naming the variable', () => {
    for (const value of ['yes', '1.2.3', '10.0.0.0/33', '10.0.0.1,', 'proxy.internal', '1.5', '-1', '99']) {
      expect(problem(value), value).toMatch(/^TRUST_PROXY/);
    }
    expect(problem('1.2.3')).toContain('"1.2.3" is not an IP address or CIDR');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { probeRoutes } from '../helpers/probe-routes.js';
import { PATIENCE } from '../helpers/patience.js';

describe('API-key gate', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ routes: probeRoutes });
  });
  afterAll(() => t.close());

  const whoami = (key?: string, extra: { remoteAddress?: string; method?: 'GET' | 'POST'; url?: string } = {}) =>
    t.app.inject({
      method: extra.method ?? 'GET',
      url: extra.url ?? '/v1/probe/whoami',
      headers: key === undefined ? {} : { 'x-api-key': key },
      ...(extra.method === 'POST' ? { payload: {} } : {}),
      remoteAddress: extra.remoteAddress ?? '127.0.0.1',
    });

  it('answers 401 missing X-API-Key without the header', async () => {
    const res = await whoami();
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('missing X-API-Key');
  });

  it('attaches the key agency, kind and environment to the request', async () => {
    const { secret, keyId, agencyId } = await t.agencyWithKey({ kind: 'portal', environment: 'live' });
    const res = await whoami(secret);
    expect(res.statusCode).toBe(200);
    expect(res.json().apiKey).toEqual({ id: keyId, agencyId, kind: 'portal', environment: 'live' });
  });

  it('answers 401 invalid api key for unknown, mistyped and foreign-prefix keys', async () => {
    const { secret } = await t.agencyWithKey();
    const mistyped = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    const foreign = secret.replace(/^fa_/, 'zz_');
    for (const key of [mistyped, foreign, 'fa_test_tooShort', 'garbage', `fa_test_${'0'.repeat(43)}`]) {
      const res = await whoami(key);
      expect(res.statusCode, key).toBe(401);
      expect(res.json().error).toBe('invalid api key');
    }
  });

  it('answers 401 invalid api key once a key is revoked, at once', async () => {
    const { secret, keyId, agencyId } = await t.agencyWithKey();
    expect((await whoami(secret)).statusCode).toBe(200);
    await t.gateway.apiKeys.revoke(keyId, agencyId);
    const res = await whoami(secret);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('invalid api key');
  });

  it('answers 401 api key expired after expiresAt', async () => {
    const { secret, keyId, agencyId } = await t.agencyWithKey({ expiresAt: new Date(Date.now() + 60_000) });
    expect((await whoami(secret)).statusCode).toBe(200);
    await t.platform.db
      .updateTable('api_keys')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', keyId)
      .execute();
    // A direct database edit does not evict; the service's edit path does.
    await t.gateway.apiKeys.update(keyId, agencyId, { name: 'expired now' });
    const res = await whoami(secret);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'api key expired', code: 'api_key_expired' });
  });

  it('enforces allowedIps for IPv4 and IPv6 addresses and CIDR ranges', async () => {
    const { secret } = await t.agencyWithKey({ allowedIps: ['203.0.113.0/24', '2001:db8::/32', '198.51.100.7'] });
    expect((await whoami(secret, { remoteAddress: '203.0.113.200' })).statusCode).toBe(200);
    expect((await whoami(secret, { remoteAddress: '198.51.100.7' })).statusCode).toBe(200);
    expect((await whoami(secret, { remoteAddress: '2001:db8:1::5' })).statusCode).toBe(200);
    expect((await whoami(secret, { remoteAddress: '::ffff:203.0.113.9' })).statusCode).toBe(200);
    const refused = await whoami(secret, { remoteAddress: '192.0.2.1' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'ip_not_allowed', error: 'api key does not allow requests from 192.0.2.1' });
    expect((await whoami(secret, { remoteAddress: '2001:db9::1' })).statusCode).toBe(403);
  });

  it('records a refused request as a security event', async () => {
    const { secret, keyId } = await t.agencyWithKey({ allowedIps: ['10.0.0.0/8'] });
    await whoami(secret, { remoteAddress: '192.0.2.55' });
    await expect
      .poll(async () =>
        t.platform.db
          .selectFrom('security_events')
          .selectAll()
          .where('api_key_id', '=', keyId)
          .where('kind', '=', 'api_key.request_refused')
          .execute(),
      )
      .toHaveLength(1);
  });

  it('refuses writes with a read-only key and paths outside allowedPaths', async () => {
    const readOnly = await t.agencyWithKey({ readOnly: true });
    expect((await whoami(readOnly.secret)).statusCode).toBe(200);
    const write = await whoami(readOnly.secret, { method: 'POST', url: '/v1/probe/echo' });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({ code: 'api_key_read_only', error: 'api key is read-only' });

    const scoped = await t.agencyWithKey({ allowedPaths: ['/v1/probe/whoami'] });
    expect((await whoami(scoped.secret)).statusCode).toBe(200);
    const other = await whoami(scoped.secret, { method: 'POST', url: '/v1/probe/echo' });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('path_not_allowed');
  });

  it('applies a restriction edit on the very next request, and clearing it lifts it', async () => {
    const { secret, keyId, agencyId } = await t.agencyWithKey();
    expect((await whoami(secret, { remoteAddress: '192.0.2.10' })).statusCode).toBe(200);
    await t.gateway.apiKeys.update(keyId, agencyId, { allowedIps: ['198.51.100.0/24'] });
    expect((await whoami(secret, { remoteAddress: '192.0.2.10' })).statusCode).toBe(403);
    await t.gateway.apiKeys.update(keyId, agencyId, { allowedIps: [] });
    expect((await whoami(secret, { remoteAddress: '192.0.2.10' })).statusCode).toBe(200);
  });

  it('rejects restriction input that is not an address, range or /v1 path, naming the field', async () => {
    const { keyId, agencyId } = await t.agencyWithKey();
    await expect(t.gateway.apiKeys.update(keyId, agencyId, { allowedIps: ['10.0.0.0/33'] })).rejects.toThrow(
      'allowedIps entry "10.0.0.0/33" is not an IP address or CIDR range',
    );
    await expect(t.gateway.apiKeys.update(keyId, agencyId, { allowedPaths: ['aviation'] })).rejects.toThrow(/allowed_paths/);
    await expect(t.gateway.apiKeys.update(keyId, agencyId, { expiresAt: new Date(0) })).rejects.toThrow(
      'expiresAt must be in the future',
    );
  });

  it('rotation issues a working replacement and stops the old key at once', async () => {
    const { secret, keyId, agencyId } = await t.agencyWithKey({ name: 'ci' });
    expect((await whoami(secret)).statusCode).toBe(200);
    const rotated = await t.gateway.apiKeys.rotate(keyId, agencyId);
    expect(rotated.key.name).toBe('ci');
    expect((await whoami(secret)).statusCode).toBe(401);
    expect((await whoami(rotated.secret)).statusCode).toBe(200);
  });

  it('never stores the key in clear and can reveal it through the keyring', async () => {
    const { secret, keyId, agencyId } = await t.agencyWithKey();
    const row = await t.platform.db.selectFrom('api_keys').selectAll().where('id', '=', keyId).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secret.slice(8));
    expect(await t.gateway.apiKeys.reveal(keyId, agencyId)).toBe(secret);
  });

  it('lists keys newest first without secrets', async () => {
    const a = await t.agencyWithKey();
    const second = await t.gateway.apiKeys.create({
      agencyId: a.agencyId,
      kind: 'agency',
      environment: 'test',
      name: 'second',
    });
    const keys = await t.gateway.apiKeys.list(a.agencyId);
    expect(keys.map((k) => k.id)).toEqual([second.key.id, a.keyId]);
    expect(JSON.stringify(keys)).not.toContain(a.secret);
    expect(keys[0]!.prefix).toMatch(/^fa_test_.{4}…$/);
  });
});

describe('API-key gate: environments', () => {
  it('answers invalid api key for a key of an environment this deployment does not serve', async () => {
    const testOnly = await buildTestApp({ routes: probeRoutes, env: { KEY_ENVIRONMENTS: 'test' } });
    try {
      const live = await testOnly.agencyWithKey({ environment: 'live' });
      const test = await testOnly.agencyWithKey({ environment: 'test' });
      const ask = (key: string) => testOnly.app.inject({ url: '/v1/probe/whoami', headers: { 'x-api-key': key } });
      expect((await ask(test.secret)).statusCode).toBe(200);
      const res = await ask(live.secret);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('invalid api key');
    } finally {
      await testOnly.close();
    }
  });
});

describe.skipIf(!inject('databaseUrl') || !inject('redisUrl'))('API-key gate across instances', () => {
  it('evicts a changed key from every instance sharing Redis', async () => {
    const prefix = `shared-${Date.now()}:`;
    const a = await buildTestApp({ routes: probeRoutes, env: { REDIS_PREFIX: prefix } });
    const b = await buildTestApp({ routes: probeRoutes, env: { REDIS_PREFIX: prefix } });
    try {
      const { secret, keyId, agencyId } = await a.agencyWithKey();
      const ask = () => b.app.inject({ url: '/v1/probe/whoami', headers: { 'x-api-key': secret }, remoteAddress: '192.0.2.1' });
      expect((await ask()).statusCode).toBe(200);
      await a.gateway.apiKeys.update(keyId, agencyId, { allowedIps: ['198.51.100.0/24'] });
      await expect.poll(async () => (await ask()).statusCode, PATIENCE).toBe(403);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { privateRedis, privateRedisUnavailable, waitUntil, type PrivateRedis } from './children.js';

const skip = !inject('databaseUrl')
  ? 'two instances share one database on PostgreSQL only (this run is on embedded PGlite)'
  : privateRedisUnavailable();

/**
 * Two gateway instances on one database and one (private) Redis. A key revoked on one while Redis
 * is down stops there at once; the other, which cannot hear the eviction, keeps it no longer than
 * until the bus is back (and never past its key cache's 60 s), as docs/operations.md says.
 */
describe.skipIf(skip !== null)(`API-key revocation while Redis is down${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let redis: PrivateRedis;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    redis = await privateRedis();
    await redis.start();
    const env = {
      REDIS_URL: redis.url,
      REDIS_PREFIX: `flightagg:test:${inject('runId')}:${crypto.randomBytes(4).toString('hex')}:`,
    };
    a = await buildTestApp({ env });
    b = await buildTestApp({ env });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await redis?.stop();
  });

  it('the revoking instance refuses the key at once, the other as soon as the bus is back', async () => {
    const { keyId, agencyId, secret } = await a.agencyWithKey();
    const probe = async (t: TestApp) => (await t.app.inject({ url: '/v1/orders', headers: { 'x-api-key': secret } })).statusCode;
    expect(await probe(a)).toBe(200);
    expect(await probe(b)).toBe(200);

    await redis.stop();
    await a.gateway.apiKeys.revoke(keyId, agencyId);
    expect(await probe(a)).toBe(401);
    // b verified the key before and never heard of the revocation: its cache still admits it.
    expect(await probe(b)).toBe(200);
    const { values } = await a.platform.metrics.redisFallbacks.get();
    expect(values.find((v) => v.labels.feature === 'broadcast')?.value).toBe(1);

    await redis.start();
    await waitUntil('the other instance drops what it may have missed', 20_000, async () => (await probe(b)) === 401);
  }, 60_000);
});

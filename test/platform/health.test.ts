import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Keyring } from '../../src/platform/keyring/keyring.js';
import { registerKeyring } from '../../src/platform/keyring/keyring-store.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

describe('health and readiness', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Readiness reads the keyring registry, which this file edits: keep it to itself.
    t = await buildTestApp({ isolated: true });
  });
  afterAll(() => t.close());

  it('GET /v1/health answers ok without a key', async () => {
    const res = await t.app.inject({ url: '/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /v1/health/ready reports coarse statuses and counts, never key ids or purposes', async () => {
    // A broadcast subscription that timed out while the process was busy starting is retried;
    // until it holds, readiness says `redis: degraded` (test/platform/fault-drills/redis-subscription-start.test.ts).
    let res = await t.app.inject({ url: '/v1/health/ready' });
    for (let waited = 0; waited < 10_000 && res.json().checks.redis === 'degraded'; waited += 100) {
      await new Promise((r) => setTimeout(r, 100));
      res = await t.app.inject({ url: '/v1/health/ready' });
    }
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ready');
    expect(body.checks.database).toBe('ok');
    expect(body.checks.keyring).toBe('ok');
    expect(body.checks.smtp).toBe('not_configured');
    expect(body.checks.redis).toBe(t.platform.redis ? 'ok' : 'not_configured');
    const loaded = t.platform.keyring.keyIds().length;
    expect(body.keys).toEqual({ active: loaded, loaded, missing: 0 });
    for (const { id, purpose } of t.platform.keyring.keyIds()) {
      expect(res.body).not.toContain(id);
      expect(res.body).not.toContain(purpose);
    }
  });

  it('answers 503 with the same shape when an active key id is missing from KEYRING', async () => {
    await sql`insert into keyring_keys (key_id, purpose) values ('api-key-secrets-elsewhere', 'api-key-secrets')`.execute(
      t.platform.db,
    );
    try {
      const res = await t.app.inject({ url: '/v1/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: 'not_ready',
        checks: { keyring: 'failing' },
        keys: { active: t.platform.keyring.keyIds().length + 1, loaded: t.platform.keyring.keyIds().length, missing: 1 },
      });
      expect(res.body).not.toContain('elsewhere');
    } finally {
      await sql`update keyring_keys set status = 'retired' where key_id = 'api-key-secrets-elsewhere'`.execute(t.platform.db);
    }
    expect((await t.app.inject({ url: '/v1/health/ready' })).statusCode).toBe(200);
  });

  it("records none of a wrong keyring's keys at its start, so the right keyring stays ready after it", async () => {
    // What a gateway started on a restored database with another KEYRING does first (platform.ts).
    const wrong = Keyring.parse(Keyring.generateText());
    const { missing } = await registerKeyring(t.platform.db, wrong);
    expect(missing).toHaveLength(t.platform.keyring.keyIds().length);
    const res = await t.app.inject({ url: '/v1/health/ready' });
    expect(res.statusCode, res.body).toBe(200);
    const loaded = t.platform.keyring.keyIds().length;
    expect(res.json().keys).toEqual({ active: loaded, loaded, missing: 0 });
    // The right keyring, started again, still records its own (nothing new: they are there).
    expect(await registerKeyring(t.platform.db, t.platform.keyring)).toEqual({ missing: [] });
  });

  it('a request that needs a database that is gone answers 503 database_unavailable with Retry-After, not 500', async () => {
    const broken = await buildTestApp({ isolated: true });
    const { secret } = await broken.agencyWithKey();
    // The key is verified (and cached) while the database is there; the orders list needs it again.
    expect((await broken.app.inject({ url: '/v1/orders', headers: { 'x-api-key': secret } })).statusCode).toBe(200);
    await broken.platform.database.close();
    const res = await broken.app.inject({ url: '/v1/orders', headers: { 'x-api-key': secret } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      code: 'database_unavailable',
      error: 'the database is unavailable; please retry shortly',
    });
    expect(res.headers['retry-after']).toBe('5');
    await broken.app.close();
    broken.platform.redis?.disconnect();
  });

  it('is not ready while another instance signs offer ids with a key this one lacks', async () => {
    expect(t.platform.keyring.keyIds().some((k) => k.purpose === 'offer-ids')).toBe(true);
    await sql`insert into keyring_keys (key_id, purpose) values ('offer-ids-elsewhere', 'offer-ids')`.execute(t.platform.db);
    try {
      const res = await t.app.inject({ url: '/v1/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'not_ready', checks: { keyring: 'failing' }, keys: { missing: 1 } });
    } finally {
      await sql`update keyring_keys set status = 'retired' where key_id = 'offer-ids-elsewhere'`.execute(t.platform.db);
    }
    expect((await t.app.inject({ url: '/v1/health/ready' })).statusCode).toBe(200);
  });

  it('answers 503 when the database does not answer', async () => {
    const broken = await buildTestApp({ isolated: true });
    await broken.platform.database.close();
    const res = await broken.app.inject({ url: '/v1/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json().checks.database).toBe('failing');
    await broken.app.close();
    broken.platform.redis?.disconnect();
  });
});

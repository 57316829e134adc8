import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Keyring } from '../../../src/platform/keyring/keyring.js';
import {
  call,
  privatePostgresUnavailable,
  sleep,
  startGateway,
  startPrivatePostgres,
  waitUntil,
  type Gateway,
  type PrivatePostgres,
} from './children.js';
import { seedAccount, type DrillAccount } from './seed.js';

const skip = !inject('databaseUrl')
  ? 'fault drills run on PostgreSQL + Redis only (this run is on embedded PGlite)'
  : privatePostgresUnavailable();

/**
 * A PostgreSQL restart under a running gateway: its pooled connections all break (admin_shutdown),
 * requests that need the database answer 503 while it is away, and everything works again once it
 * is back, with the same gateway process.
 */
describe.skipIf(skip !== null)(`fault drill: PostgreSQL stopped and started${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let pg: PrivatePostgres;
  let gateway: Gateway;
  let account: DrillAccount;
  let session: string;

  beforeAll(async () => {
    pg = await startPrivatePostgres();
    const keyring = Keyring.generateText();
    account = await seedAccount(pg.url, keyring);
    gateway = await startGateway({ DATABASE_URL: pg.url, KEYRING: keyring, REDIS_URL: '' });
  }, 240_000);

  afterAll(async () => {
    await gateway?.stop();
    pg?.remove();
  });

  const orders = () => call(`${gateway.url}/v1/orders`, { headers: { 'x-api-key': account.key } });
  const login = () =>
    call(`${gateway.url}/v1/dev/login`, { method: 'POST', body: { email: account.email, password: account.password } });
  const createKey = () =>
    call(`${gateway.url}/v1/dev/api-keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session}` },
      body: { name: 'made during the drill' },
    });
  const ready = () => call(`${gateway.url}/v1/health/ready`);

  it('lives through the restart: 503 with Retry-After while PostgreSQL is down, 200 again after', async () => {
    // Before: every path works, and the pool holds idle connections for the restart to break.
    const first = await login();
    expect(first.status).toBe(200);
    session = first.body.token as string;
    expect((await orders()).status).toBe(200);
    expect((await createKey()).status).toBe(201);
    expect((await ready()).status).toBe(200);

    pg.stop();
    await sleep(500);
    expect(gateway.child.exitCode, gateway.output().slice(-1500)).toBeNull();

    const readiness = await ready();
    expect(readiness.status).toBe(503);
    expect(readiness.body).toMatchObject({ status: 'not_ready', checks: { database: 'failing' } });
    for (const attempt of [orders, login, createKey]) {
      const res = await attempt();
      expect(res.status, JSON.stringify(res.body)).toBe(503);
      expect(res.body).toMatchObject({
        code: 'database_unavailable',
        error: 'the database is unavailable; please retry shortly',
      });
      expect(res.headers.get('retry-after')).toBe('5');
      // Fails fast: a refused connection, not a wait on the pool.
      expect(res.ms).toBeLessThan(4_000);
    }

    pg.start();
    await waitUntil('readiness 200 after PostgreSQL is back', 30_000, async () => (await ready()).status === 200);
    expect((await orders()).status).toBe(200);
    const again = await login();
    expect(again.status).toBe(200);
    session = again.body.token as string;
    expect((await createKey()).status).toBe(201);

    expect(gateway.child.exitCode).toBeNull();
    const output = gateway.output();
    expect(output).not.toMatch(/Unhandled 'error' event|unhandled error|"statusCode":500/);
    expect(output).toContain('database connection lost');
  }, 180_000);
});

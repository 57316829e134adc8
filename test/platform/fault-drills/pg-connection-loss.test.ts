import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dependencyError } from '../../../src/platform/http/dependency-errors.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { sleep, waitUntil } from './children.js';

const skip = inject('databaseUrl') ? null : 'pooled connections exist on PostgreSQL only (this run is on embedded PGlite)';

async function lostConnections(t: TestApp, state: 'idle' | 'in_use'): Promise<number> {
  const { values } = await t.platform.metrics.databaseConnectionErrors.get();
  return values.find((v) => v.labels.state === state)?.value ?? 0;
}

/**
 * PostgreSQL ending pooled connections (what a restart or a failover does to every one of them),
 * here with pg_terminate_backend on this app's own database: the process lives on (an unhandled
 * 'error' event would end it, and this test worker with it), the loss is counted, and the pool
 * opens new connections for the next requests.
 */
describe.skipIf(skip !== null)(`pooled PostgreSQL connections lost${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let t: TestApp;
  let admin: pg.Client;
  let database: string;
  let key: string;

  beforeAll(async () => {
    t = await buildTestApp({ isolated: true });
    key = (await t.agencyWithKey()).secret;
    database = (await sql<{ name: string }>`select current_database() as name`.execute(t.platform.db)).rows[0]!.name;
    admin = new pg.Client({ connectionString: inject('databaseUrl')! });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await t?.close();
  });

  const terminate = (pid?: number) =>
    admin.query(
      pid === undefined
        ? 'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()'
        : 'select pg_terminate_backend($2) from pg_stat_activity where datname = $1 and pid = $2',
      pid === undefined ? [database] : [database, pid],
    );

  it('idle connections dropped by the server: no crash, counted, and the next requests are served', async () => {
    // Several connections at once, so the pool keeps more than one idle.
    await Promise.all(Array.from({ length: 4 }, () => sql`select pg_sleep(0.05)`.execute(t.platform.db)));
    expect((await t.app.inject({ url: '/v1/orders', headers: { 'x-api-key': key } })).statusCode).toBe(200);

    const { rowCount: terminated } = await terminate();
    expect(terminated).toBeGreaterThanOrEqual(2);
    await waitUntil(
      'the pool reports every idle connection it lost',
      5_000,
      async () => (await lostConnections(t, 'idle')) >= terminated!,
    );

    const ready = await t.app.inject({ url: '/v1/health/ready' });
    expect(ready.statusCode, ready.body).toBe(200);
    expect((await t.app.inject({ url: '/v1/orders', headers: { 'x-api-key': key } })).statusCode).toBe(200);
  });

  it('a connection lost in the middle of a transaction fails that work as 503 database_unavailable, nothing more', async () => {
    const before = await lostConnections(t, 'in_use');
    const failed = await t.platform.db
      .transaction()
      .execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        await terminate(rows[0]!.pid);
        await sleep(200);
        await sql`select 1`.execute(trx);
      })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(failed).not.toBeNull();
    expect(dependencyError(failed)).toMatchObject({ status: 503, code: 'database_unavailable', headers: { 'Retry-After': '5' } });
    expect(await lostConnections(t, 'in_use')).toBeGreaterThan(before);
    expect((await t.app.inject({ url: '/v1/orders', headers: { 'x-api-key': key } })).statusCode).toBe(200);
  });
});

import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { listMigrations } from '../../src/platform/db/migrate.js';
import { startGateway, type Gateway } from './fault-drills/children.js';
import { isolatedDatabase } from '../helpers/test-platform.js';

/**
 * Instances started at once on a fresh PostgreSQL database (docs/operations/upgrades.md): one
 * applies the migrations under the advisory lock while the others wait, then find nothing left to
 * do; every one of them comes up. Embedded storage admits one process, so there is nothing to race.
 */
const run = promisify(execFile);
const BIN = path.resolve(import.meta.dirname, '../../bin/flightagg.js');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-migration-lock-'));

async function appliedVersions(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ version: string }>('select version from schema_migrations order by version');
    return rows.map((r) => r.version);
  } finally {
    await client.end();
  }
}

describe.skipIf(!inject('databaseUrl'))(
  'migrations when instances start at once on a fresh PostgreSQL database',
  { timeout: 240_000 },
  () => {
    const gateways: Gateway[] = [];
    afterAll(async () => {
      await Promise.all(gateways.map((g) => g.stop()));
      fs.rmSync(scratch, { recursive: true, force: true });
    });

    it('two `flightagg migrate` at once: one applies every migration, the other waits and applies none', async () => {
      const url = await isolatedDatabase(inject('databaseUrl')!);
      const env = {
        ...process.env,
        DATABASE_URL: url,
        KEYRING: inject('keyring'),
        REDIS_URL: '',
        DATA_DIR: scratch,
        LOG_LEVEL: 'warn',
      };
      const answers = await Promise.all(
        [0, 1].map(async () =>
          JSON.parse((await run(process.execPath, [BIN, 'migrate', '--json'], { env, timeout: 120_000 })).stdout),
        ),
      );
      const all = listMigrations().map((m) => m.version);
      const applied = answers.map((a: { applied: string[] }) => a.applied).sort((a, b) => b.length - a.length);
      expect(applied).toEqual([all, []]);
      expect(await appliedVersions(url)).toEqual(all);
    });

    it('two gateways at once: both serve, each migration applied once', async () => {
      const url = await isolatedDatabase(inject('databaseUrl')!);
      const env = { DATABASE_URL: url, KEYRING: inject('keyring')!, REDIS_URL: '', AA_TEST_PORT: '0', LOG_LEVEL: 'warn' };
      const started = await Promise.allSettled([startGateway(env), startGateway(env)]);
      for (const s of started) if (s.status === 'fulfilled') gateways.push(s.value);
      expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'up'))).toEqual(['up', 'up']);
      // Each answers on the migrated schema: its database and keyring checks pass. (Overall readiness
      // also wants one shared AA test system for gateways sharing a database, which this test, about
      // migrations, does not start: each gateway runs its own.)
      for (const gateway of gateways) {
        const ready = (await (await fetch(`${gateway.url}/v1/health/ready`)).json()) as { checks: Record<string, string> };
        expect(ready.checks).toMatchObject({ database: 'ok', keyring: 'ok', storage: 'ok' });
        expect((await fetch(`${gateway.url}/openapi.json`)).status).toBe(200);
      }
      expect(await appliedVersions(url)).toEqual(listMigrations().map((m) => m.version));
    });
  },
);

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMigrations, migrate } from '../../src/platform/db/migrate.js';
import type { Platform } from '../../src/platform/platform.js';
import { createTestPlatform } from '../helpers/test-platform.js';

describe('migrations', () => {
  let platform: Platform;
  beforeAll(async () => {
    platform = await createTestPlatform({ isolated: true });
  });
  afterAll(() => platform.close());

  it('has every numbered migration applied, once, in order', async () => {
    expect(platform.migrations.total).toBe(listMigrations().length);
    const { rows } = await sql<{ version: string }>`select version from schema_migrations order by applied_at, version`.execute(
      platform.db,
    );
    expect(rows.map((r) => r.version)).toEqual(listMigrations().map((m) => m.version));
  });

  it('re-runs as a no-op, also when two runs race', async () => {
    const [a, b] = await Promise.all([migrate(platform.database), migrate(platform.database)]);
    expect(a.applied).toEqual([]);
    expect(b.applied).toEqual([]);
  });
});

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

  it('applied every numbered migration at start', () => {
    expect(platform.migrations.total).toBe(listMigrations().length);
    expect(platform.migrations.applied).toEqual(listMigrations().map((m) => m.version));
  });

  it('re-runs as a no-op, also when two runs race', async () => {
    const [a, b] = await Promise.all([migrate(platform.database), migrate(platform.database)]);
    expect(a.applied).toEqual([]);
    expect(b.applied).toEqual([]);
  });
});

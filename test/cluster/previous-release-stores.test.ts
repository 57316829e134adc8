import { describe, expect, inject, it } from 'vitest';
import { listMigrations } from '../../src/platform/db/migrate.js';
import { previousRelease, previousReleaseMissing } from '../../tools/upgrade/previous-release.js';
import { runPreviousSuite, STORE_TESTS } from '../../tools/upgrade/previous-suite.js';

/**
 * The previous release's own store tests (tools/upgrade/previous-suite.ts) on a database this
 * build has migrated: every migration since that release leaves its queries working, as its
 * instances need while a rolling upgrade replaces them (test/cluster/upgrade-drill.test.ts).
 */
const { version } = previousRelease();
const skip = !inject('databaseUrl')
  ? 'runs on PostgreSQL only (this run has no DATABASE_URL)'
  : !inject('redisUrl')
    ? 'runs on PostgreSQL + Redis only (this run has no REDIS_URL)'
    : previousReleaseMissing();

describe.skipIf(skip !== null)(
  `release ${version}'s store tests on this build's schema${skip ? ` (skipped: ${skip})` : ''}`,
  () => {
    it('pass, on a database migrated to the last migration of this build', async () => {
      // The previous release's run makes a database of its own on this run's server, dropped after.
      const { status, output } = await runPreviousSuite(STORE_TESTS, {
        ...process.env,
        DATABASE_URL: inject('databaseUrl')!,
        REDIS_URL: inject('redisUrl')!,
      });
      const last = listMigrations().at(-1)!.version;
      expect(output).toContain(`migrations applied, the last ${last}`);
      expect(status, output.slice(-4000)).toBe(0);
      expect(output).toMatch(/Test Files {2}\d+ passed \(\d+\)/);
    }, 240_000);
  },
);

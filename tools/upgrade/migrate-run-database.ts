import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/platform/db/database.js';
import { migrate } from '../../src/platform/db/migrate.js';

/**
 * A vitest global setup added after a previous release's own (tools/upgrade/previous-suite.ts):
 * the database that release's run made for its tests is migrated by this checkout first, so its
 * tests, and the store queries under them, run on the schema this build leaves behind.
 */
export default async function setup(project: TestProject): Promise<void> {
  const databaseUrl = project.getProvidedContext().databaseUrl as string | null | undefined;
  if (!databaseUrl) throw new Error("the previous release's suite runs on PostgreSQL only: set DATABASE_URL");
  const database = await openDatabase({ databaseUrl, dataDir: '' });
  try {
    const result = await migrate(database);
    // The run's output says it: the previous release's tests ran on this schema.
    console.log(
      `previous release's suite on this build's schema: ${result.applied.length} migrations applied, the last ${result.applied.at(-1)}`,
    );
  } finally {
    await database.close();
  }
}

import { sql } from 'kysely';
import { inject } from 'vitest';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/platform/config.js';
import { loadConfig } from '../../src/sources/load-config.js';
import { openDatabase } from '../../src/platform/db/database.js';

/** PG_POOL_MAX: the PostgreSQL connections one process holds at most (docs/operations.md, "Pool sizing"). */
describe('PG_POOL_MAX', () => {
  it('defaults to 10, takes an integer from 1 to 1000 and names itself when it is anything else', () => {
    expect(loadConfig({}).pgPoolMax).toBe(10);
    expect(loadConfig({ PG_POOL_MAX: '25' }).pgPoolMax).toBe(25);
    for (const bad of ['0', '-1', '2.5', 'many', '1001']) {
      expect(() => loadConfig({ PG_POOL_MAX: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ PG_POOL_MAX: bad }), bad).toThrow(`PG_POOL_MAX must be an integer from 1 to 1000 (got "${bad}")`);
    }
  });

  const url = inject('databaseUrl');
  it.skipIf(!url)('holds the pool to that many connections however many statements wait', async () => {
    const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://', poolMax: 2 });
    try {
      const pids = await Promise.all(
        Array.from({ length: 6 }, () =>
          sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.05)`.execute(database.db).then((r) => r.rows[0]!.pid),
        ),
      );
      expect(new Set(pids).size).toBe(2);
    } finally {
      await database.close();
    }
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';

/**
 * A new data directory for a `flightagg` process on embedded storage, its database already made
 * and migrated: a copy of the run's migrated PGlite directory (test/global-setup.ts), so the
 * process opens storage as on any later start instead of paying for PGlite's first start (initdb)
 * and every migration, seconds of CPU each time. The database holds no row: the gateway's first
 * start on it still makes the demo agency and key.
 *
 * The tests of the first start itself (test/cli/first-run.test.ts's `npm start`, the PGlite
 * first-start and full-disk tests) make empty directories instead. Removed by the caller.
 */
export function embeddedDataDir(prefix: string): string {
  return withEmbeddedDatabase(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
}

/** `dataDir` (made if missing) with the migrated database in it, as `embeddedDataDir` makes one. */
export function withEmbeddedDatabase(dataDir: string): string {
  fs.cpSync(inject('pgliteDataDir'), path.join(dataDir, 'pgdata'), { recursive: true });
  return dataDir;
}

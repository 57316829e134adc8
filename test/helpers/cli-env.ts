import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { embeddedDataDir } from './embedded-data-dir.js';

/**
 * What a test gives the `flightagg` processes it starts: a data directory of their own (removed by
 * the caller) and the run's storage (PostgreSQL and its keyring when the run has one, else embedded
 * storage in that directory, its database made already: embedded-data-dir.ts), Redis off, quiet logs.
 */
export function cliEnvironment(prefix: string): { dataDir: string; env: NodeJS.ProcessEnv } {
  const dataDir = inject('databaseUrl') ? fs.mkdtempSync(path.join(os.tmpdir(), prefix)) : embeddedDataDir(prefix);
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: inject('databaseUrl') ?? '',
    KEYRING: inject('databaseUrl') ? inject('keyring') : '',
    REDIS_URL: '',
    LOG_LEVEL: 'warn',
  };
  return { dataDir, env };
}

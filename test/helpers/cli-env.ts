import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';

/**
 * What a test gives the `flightagg` processes it starts: a data directory of their own (removed by
 * the caller) and the run's storage (PostgreSQL and its keyring when the run has one, else embedded
 * storage in that directory), Redis off, quiet logs.
 */
export function cliEnvironment(prefix: string): { dataDir: string; env: NodeJS.ProcessEnv } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
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

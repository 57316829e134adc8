import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { loadConfig } from '../../src/platform/config.js';
import { Keyring } from '../../src/platform/keyring/keyring.js';
import { createPlatform, type Platform } from '../../src/platform/platform.js';

export type Storage = 'pglite' | 'postgres';

const PG_SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A throwaway platform on the named storage: PGlite in a temp dir, or a fresh PostgreSQL database. */
export async function benchPlatform(storage: Storage, env: Record<string, string> = {}): Promise<{ platform: Platform; dispose(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-bench-'));
  let databaseUrl = '';
  let dbName = '';
  if (storage === 'postgres') {
    dbName = `flightagg_bench_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_SERVER });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(PG_SERVER);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, KEYRING: Keyring.generateText(), LOG_LEVEL: 'silent', ...env });
  const platform = await createPlatform(config, { logger: pino({ level: 'silent' }) });
  return {
    platform,
    async dispose() {
      await platform.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (dbName) {
        const admin = new pg.Client({ connectionString: PG_SERVER });
        await admin.connect();
        await admin.query(`drop database if exists ${dbName} with (force)`);
        await admin.end();
      }
    },
  };
}

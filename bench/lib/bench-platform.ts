import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { loadConfig } from '../../src/sources/load-config.js';
import { Keyring } from '../../src/platform/keyring/keyring.js';
import { createPlatform, type Platform } from '../../src/platform/platform.js';

export type Storage = 'pglite' | 'postgres';

const PG_SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A PostgreSQL database made for one bench run, and the way to drop it again. */
export async function scratchDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `flightagg_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** A throwaway platform on the named storage: PGlite in a temp dir, or a fresh PostgreSQL database. */
export async function benchPlatform(
  storage: Storage,
  env: Record<string, string> = {},
): Promise<{ platform: Platform; dispose(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-bench-'));
  const scratch = storage === 'postgres' ? await scratchDatabase(PG_SERVER) : null;
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: scratch?.url ?? '',
    KEYRING: Keyring.generateText(),
    LOG_LEVEL: 'silent',
    ...env,
  });
  const platform = await createPlatform(config, { logger: pino({ level: 'silent' }) });
  return {
    platform,
    async dispose() {
      await platform.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      await scratch?.drop();
    },
  };
}

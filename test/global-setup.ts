import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/platform/db/database.js';
import { migrate } from '../src/platform/db/migrate.js';
import { Keyring } from '../src/platform/keyring/keyring.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A database made for this run only, or null for embedded storage. */
    databaseUrl: string | null;
    redisUrl: string | null;
    runId: string;
    /** One keyring for the run: apps sharing a database must agree on the active key ids. */
    keyring: string;
    /** Embedded storage: a migrated PGlite dump every test platform starts from. */
    pgliteTemplate: string | null;
    /**
     * A migrated PGlite data directory's `pgdata`, for the `flightagg` processes a test starts on
     * embedded storage in a data directory of its own (test/helpers/embedded-data-dir.ts).
     */
    pgliteDataDir: string;
  }
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** With DATABASE_URL set, every test run gets a database of its own, dropped at the end. */
export default async function setup(project: TestProject) {
  const runId = `${Date.now().toString(36)}${crypto.randomBytes(3).toString('hex')}`;
  project.provide('runId', runId);
  project.provide('keyring', Keyring.generateText());
  project.provide('redisUrl', process.env.REDIS_URL || null);

  // PGlite's first start in a new data directory (initdb, then every migration) costs seconds of
  // WebAssembly work each time; the run pays for it once. Test processes on embedded storage
  // start from a copy of this directory (test/helpers/embedded-data-dir.ts); on embedded storage
  // its dump is what every in-memory test platform loads.
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-template-'));
  const removeScratch = () => fs.rmSync(scratch, { recursive: true, force: true });
  const templateDir = path.join(scratch, 'data');
  const template = await openDatabase({ databaseUrl: null, dataDir: templateDir });
  await migrate(template);
  project.provide('pgliteDataDir', path.join(templateDir, 'pgdata'));

  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    project.provide('databaseUrl', null);
    const file = path.join(scratch, 'pgdata.tar');
    fs.writeFileSync(file, Buffer.from(await (await template.dump!()).arrayBuffer()));
    await template.close();
    project.provide('pgliteTemplate', file);
    return removeScratch;
  }
  await template.close();
  project.provide('pgliteTemplate', null);
  const name = `flightagg_test_${runId}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  project.provide('databaseUrl', withDatabase(serverUrl, name));

  return async () => {
    removeScratch();
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    // Tests that need a database to themselves make `flightagg_iso_<runId>_…` ones.
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [
      `flightagg_iso_${runId}_%`,
    ]);
    for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`);
    await client.end();
  };
}

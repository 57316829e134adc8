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

  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    project.provide('databaseUrl', null);
    // Creating and migrating a PGlite database costs seconds of WebAssembly work; loading a
    // migrated dump costs a fraction of that, so the run pays for it once.
    const template = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
    await migrate(template);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-template-')), 'pgdata.tar');
    fs.writeFileSync(file, Buffer.from(await (await template.dump!()).arrayBuffer()));
    await template.close();
    project.provide('pgliteTemplate', file);
    return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
  project.provide('pgliteTemplate', null);
  const name = `flightagg_test_${runId}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  project.provide('databaseUrl', withDatabase(serverUrl, name));

  return async () => {
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

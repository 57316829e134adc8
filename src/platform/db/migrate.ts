import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.js';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any constant works; it only has to be the same for every instance of this service.
const MIGRATION_LOCK_ID = 4_720_611;

export interface MigrationResult {
  applied: string[];
  total: number;
}

/** Numbered files in migrations/, forward only, each applied once in its own transaction. */
export function listMigrations(dir = MIGRATIONS_DIR): { version: string; file: string }[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: f.replace(/\.sql$/, ''), file: path.join(dir, f) }));
}

/**
 * Several gateway instances may start at once: a session advisory lock makes one of them apply
 * what is pending while the others wait and then find nothing left to do.
 */
export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<MigrationResult> {
  const migrations = listMigrations(dir);
  return database.withClient(async (client) => {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await client.exec(
        'create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now())',
      );
      const done = new Set(
        (await client.query<{ version: string }>('select version from schema_migrations')).map((r) => r.version),
      );
      const applied: string[] = [];
      for (const { version, file } of migrations) {
        if (done.has(version)) continue;
        const script = fs.readFileSync(file, 'utf8');
        await client.exec('begin');
        try {
          await client.exec(script);
          await client.query('insert into schema_migrations (version) values ($1)', [version]);
          await client.exec('commit');
        } catch (err) {
          await client.exec('rollback');
          throw new Error(`migration ${version} failed: ${(err as Error).message}`, { cause: err });
        }
        applied.push(version);
      }
      return { applied, total: migrations.length };
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  });
}

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../src/platform/platform.js';
import { createTestPlatform } from '../helpers/test-platform.js';
import {
  declarationProblems,
  readTablesDeclaration,
  SQL_TYPES,
  type DatabaseColumn,
  type Declaration,
  type JsKind,
} from './db-tables-declaration.js';

// Runs on the run's storage: PGlite by default, PostgreSQL when DATABASE_URL is set.
const COLUMNS = `
  select table_name, column_name, data_type, udt_name, is_nullable, column_default, is_identity, is_generated
  from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`;

function kindOfValue(value: unknown): JsKind | string {
  if (value instanceof Date) return 'Date';
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return 'string[]';
  if (typeof value === 'object' && value !== null) return 'json';
  return typeof value;
}

describe('Tables (src/platform/db/tables.ts) against the migrated schema', () => {
  let platform: Platform;
  let declaration: Declaration;
  beforeAll(async () => {
    // A database of its own: the drift test changes its schema (and rolls back).
    platform = await createTestPlatform({ isolated: true });
    declaration = readTablesDeclaration();
  });
  afterAll(() => platform.close());

  it('declares every table and column the migrations make, nullable, defaulted and typed as the driver returns them', async () => {
    const columns = await platform.database.withClient((client) => client.query<DatabaseColumn>(COLUMNS));
    expect(columns.length).toBeGreaterThan(300);
    expect(declarationProblems(declaration, columns)).toEqual([]);
  });

  it('selects each SQL type the migrations use as the JavaScript type the declaration assumes', async () => {
    const types = Object.entries(SQL_TYPES);
    const list = types.map(([, { literal }], i) => `${literal} as c${i}`).join(', ');
    const { rows } = await sql<Record<string, unknown>>`select ${sql.raw(list)}`.execute(platform.db);
    const seen = Object.fromEntries(types.map(([type], i) => [type, kindOfValue(rows[0]?.[`c${i}`])]));
    expect(seen).toEqual(Object.fromEntries(types.map(([type, { selects }]) => [type, selects])));
  });

  it('names every kind of drift: a table or column on one side only, a type, a nullability, a default', async () => {
    const problems = await platform.database.withClient(async (client) => {
      await client.exec('begin');
      try {
        await client.exec(`
          create table scratch_notes (id text primary key);
          alter table agencies add column scratch_note text;
          alter table agencies drop column iata_number;
          alter table orders alter column total_minor type text;
          alter table sessions alter column revoked_reason set not null;
          alter table webhook_endpoints alter column failure_streak drop default;
          alter table webhook_attempts add column cost numeric`);
        return declarationProblems(declaration, await client.query<DatabaseColumn>(COLUMNS));
      } finally {
        await client.exec('rollback');
      }
    });
    expect(problems.sort()).toEqual(
      [
        'table scratch_notes: in the database, not declared in Tables',
        'agencies.scratch_note: in the database (text), not declared in Tables',
        'agencies.iata_number: declared in Tables, not in the database',
        'orders.total_minor: declared number, but text selects as string',
        'sessions.revoked_reason: declared string | null, but the column is not null',
        'sessions.revoked_reason: declared optional on insert, but the column must be given (required)',
        'webhook_endpoints.failure_streak: declared optional on insert, but the column must be given (required)',
        'webhook_attempts.cost: in the database (numeric), not declared in Tables',
      ].sort(),
    );
  });
});

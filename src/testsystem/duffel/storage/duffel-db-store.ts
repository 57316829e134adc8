// The Duffel test system's tables in schema duffel_test_system (PGlite or PostgreSQL): one row per
// resource with its JSON document, and the settings. Never the gateway's tables.

import { sql } from 'kysely';
import { openDatabase, type Database } from '../../../platform/db/database.js';
import { migrateTestSystemSchema } from '../../ndc/storage/airline-db-store.js';
import type { TestSystemStorage } from '../../ndc/storage/open-storage.js';
import { memoryStore, type DuffelStore, type RecordKind } from './duffel-store.js';

export const DUFFEL_SCHEMA = { schema: 'duffel_test_system', migrationLockId: 4_720_614 };

const MIGRATIONS = [
  {
    version: '0001_records_settings',
    sql: `
      create table duffel_test_system.records (
        kind text not null,
        id text not null,
        parent_id text,
        created_at_ms bigint not null,
        document jsonb not null,
        seq bigserial not null,
        updated_at timestamptz not null default now(),
        primary key (kind, id)
      );
      create index records_kind_parent on duffel_test_system.records (kind, parent_id, seq);
      create index records_kind_created on duffel_test_system.records (kind, created_at_ms);
      create table duffel_test_system.settings (key text primary key, value jsonb not null);
    `,
  },
];

const records = sql.table('duffel_test_system.records');
const settings = sql.table('duffel_test_system.settings');

async function dbStore(database: Database, owned: boolean): Promise<DuffelStore> {
  await migrateTestSystemSchema(database, DUFFEL_SCHEMA, MIGRATIONS);
  const { db } = database;
  return {
    kind: database.kind,
    async get<T>(kind: RecordKind, id: string) {
      const r = await sql<{ document: T }>`select document from ${records} where kind = ${kind} and id = ${id}`.execute(db);
      return r.rows[0]?.document;
    },
    async list<T>(kind: RecordKind, parentId?: string) {
      const r =
        parentId === undefined
          ? await sql<{ document: T }>`select document from ${records} where kind = ${kind} order by seq`.execute(db)
          : await sql<{ document: T }>`
              select document from ${records} where kind = ${kind} and parent_id = ${parentId} order by seq`.execute(db);
      return r.rows.map((row) => row.document);
    },
    async write(changes) {
      if (changes.length === 0) return;
      await db.transaction().execute(async (trx) => {
        for (const c of changes)
          await sql`
            insert into ${records} (kind, id, parent_id, created_at_ms, document)
            values (${c.kind}, ${c.id}, ${c.parentId}, ${Math.round(c.createdAt)}, ${JSON.stringify(c.document)}::jsonb)
            on conflict (kind, id) do update set document = excluded.document, updated_at = now()`.execute(trx);
      });
    },
    async setting<T>(key: string) {
      const r = await sql<{ value: T }>`select value from ${settings} where key = ${key}`.execute(db);
      return r.rows[0]?.value;
    },
    async saveSetting(key, value) {
      await sql`
        insert into ${settings} (key, value) values (${key}, ${JSON.stringify(value)}::jsonb)
        on conflict (key) do update set value = excluded.value`.execute(db);
    },
    async purge(kinds, beforeMs) {
      const r = await sql`
        delete from ${records} where kind = any(${[...kinds]}::text[]) and created_at_ms < ${Math.round(beforeMs)}`.execute(db);
      return Number(r.numAffectedRows ?? 0);
    },
    async clear() {
      await db.transaction().execute(async (trx) => {
        await sql`delete from ${records}`.execute(trx);
        await sql`delete from ${settings}`.execute(trx);
      });
    },
    async close() {
      if (owned) await database.close();
    },
  };
}

/** The store its starter chose: the gateway's open database, one of its own, or memory (absent). */
export async function openDuffelStore(storage: TestSystemStorage | undefined): Promise<DuffelStore> {
  if (!storage) return memoryStore();
  if ('database' in storage) return dbStore(storage.database, false);
  const database = await openDatabase({ databaseUrl: storage.databaseUrl, dataDir: storage.dataDir });
  try {
    return await dbStore(database, true);
  } catch (err) {
    await database.close();
    throw err;
  }
}

// The Duffel test system's tables in schema duffel_test_system (PGlite or PostgreSQL): one row per
// resource with its JSON document, the settings, and (for processes sharing a PostgreSQL store) the
// rate limit's windows and the injected faults. Never the gateway's tables.

import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type Transaction } from 'kysely';
import { openDatabase, type Database, type Db } from '../../../platform/db/database.js';
import type { Tables } from '../../../platform/db/tables.js';
import { migrateTestSystemSchema } from '../../ndc/storage/airline-db-store.js';
import type { TestSystemStorage } from '../../ndc/storage/open-storage.js';
import { memoryFaultQueue, type FaultQueue } from '../control/fault-queue.js';
import { memoryRateLimiter, type RateLimiter, type RateLimitSetting } from '../wire/rate-limiter.js';
import { dbFaultQueue, dbRateLimiter } from './duffel-db-traffic.js';
import { memoryStore, type DuffelStore, type RecordKind } from './duffel-store.js';

export const DUFFEL_SCHEMA = { schema: 'duffel_test_system', migrationLockId: 4_720_614 };
/**
 * The change lock: a transaction-scoped advisory lock in the two-key space (never met by the
 * one-key locks of the gateway's jobs), keyed by the migration lock's number and 1. One lock for
 * every change, as one queue serves them in a process: no two changes wait on each other's rows,
 * so no deadlock, and a change is milliseconds of work (a supplier timeout is waited out before it).
 */
const CHANGE_LOCK = [DUFFEL_SCHEMA.migrationLockId, 1] as const;

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
  {
    version: '0002_rate_limit_windows_faults',
    sql: `
      create table duffel_test_system.rate_limit_windows (
        token_hash text primary key,
        window_start_ms bigint not null,
        used integer not null
      );
      create table duffel_test_system.faults (
        id bigserial primary key,
        status integer not null,
        type text not null,
        code text not null,
        title text not null,
        message text not null,
        path_prefix text,
        remaining integer not null
      );
    `,
  },
  {
    version: '0003_fault_sources',
    sql: `alter table duffel_test_system.faults add column source jsonb;`,
  },
];

const records = sql.table('duffel_test_system.records');
const settings = sql.table('duffel_test_system.settings');

function dbStore(database: Database, owned: boolean): DuffelStore {
  const { db } = database;
  // The transaction of the change under way in this async context, if any: its reads and writes go there.
  const changing = new AsyncLocalStorage<Transaction<Tables>>();
  const exec = (): Db => changing.getStore() ?? db;
  /** Statements that go together: in the change's transaction, else in one of their own. */
  const together = async (statements: (trx: Db) => Promise<void>) => {
    const current = changing.getStore();
    if (current) await statements(current);
    else await db.transaction().execute(statements);
  };
  return {
    kind: database.kind,
    async get<T>(kind: RecordKind, id: string) {
      const r = await sql<{ document: T }>`select document from ${records} where kind = ${kind} and id = ${id}`.execute(exec());
      return r.rows[0]?.document;
    },
    async list<T>(kind: RecordKind, parentId?: string) {
      const r =
        parentId === undefined
          ? await sql<{ document: T }>`select document from ${records} where kind = ${kind} order by seq`.execute(exec())
          : await sql<{ document: T }>`
              select document from ${records} where kind = ${kind} and parent_id = ${parentId} order by seq`.execute(exec());
      return r.rows.map((row) => row.document);
    },
    async write(changes) {
      if (changes.length === 0) return;
      await together(async (trx) => {
        for (const c of changes)
          await sql`
            insert into ${records} (kind, id, parent_id, created_at_ms, document)
            values (${c.kind}, ${c.id}, ${c.parentId}, ${Math.round(c.createdAt)}, ${JSON.stringify(c.document)}::jsonb)
            on conflict (kind, id) do update set document = excluded.document, updated_at = now()`.execute(trx);
      });
    },
    async setting<T>(key: string) {
      const r = await sql<{ value: T }>`select value from ${settings} where key = ${key}`.execute(exec());
      return r.rows[0]?.value;
    },
    async saveSetting(key, value) {
      await sql`
        insert into ${settings} (key, value) values (${key}, ${JSON.stringify(value)}::jsonb)
        on conflict (key) do update set value = excluded.value`.execute(exec());
    },
    async purge(kinds, beforeMs) {
      const r = await sql`
        delete from ${records} where kind = any(${[...kinds]}::text[]) and created_at_ms < ${Math.round(beforeMs)}`.execute(
        exec(),
      );
      return Number(r.numAffectedRows ?? 0);
    },
    async clear() {
      await together(async (trx) => {
        await sql`delete from ${records}`.execute(trx);
        await sql`delete from ${settings}`.execute(trx);
      });
    },
    async atomically(work) {
      if (changing.getStore()) return work();
      return db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${CHANGE_LOCK[0]}, ${CHANGE_LOCK[1]})`.execute(trx);
        return changing.run(trx, work);
      });
    },
    async close() {
      if (owned) await database.close();
    },
  };
}

/** Where the test system keeps its resources, counts its rate limit and queues its faults. */
export interface DuffelStorage {
  store: DuffelStore;
  limiter: RateLimiter;
  faults: FaultQueue;
}

/**
 * The storage its starter chose: the gateway's open database, one of its own, or memory (absent).
 * On PostgreSQL, which several processes may share, the rate limit's windows and the faults are
 * kept in it too; PGlite's data directory belongs to one process, which keeps them in memory
 * rather than pay two statements a request for nothing another process could see.
 */
export async function openDuffelStorage(
  storage: TestSystemStorage | undefined,
  rateLimit: RateLimitSetting,
): Promise<DuffelStorage> {
  const inProcess = (store: DuffelStore): DuffelStorage => ({
    store,
    limiter: memoryRateLimiter(rateLimit),
    faults: memoryFaultQueue(),
  });
  if (!storage) return inProcess(memoryStore());
  const owned = !('database' in storage);
  const database = owned ? await openDatabase({ databaseUrl: storage.databaseUrl, dataDir: storage.dataDir }) : storage.database;
  try {
    await migrateTestSystemSchema(database, DUFFEL_SCHEMA, MIGRATIONS);
  } catch (err) {
    if (owned) await database.close();
    throw err;
  }
  const store = dbStore(database, owned);
  if (database.kind !== 'postgres') return inProcess(store);
  return { store, limiter: dbRateLimiter(database.db, rateLimit), faults: dbFaultQueue(database.db) };
}

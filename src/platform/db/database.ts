import path from 'node:path';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.js';
import { PgliteSingleConnectionPool } from './pglite-pool.js';

/** The typed query builder every store receives; stores write their SQL with `sql` templates. */
export type Db = Kysely<any>;

/** Runs multi-statement scripts (migrations) on one connection. */
export interface ScriptClient {
  exec(script: string): Promise<void>;
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Database {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  withClient<T>(fn: (client: ScriptClient) => Promise<T>): Promise<T>;
  /** Embedded storage only: the whole data directory as a tarball, to start other instances from. */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | null;
  /** Directory for embedded storage, or `memory://` for a throwaway in-memory database. */
  dataDir: string;
  /** Embedded storage only: start from this dump (tests start from one migrated template). */
  template?: Blob;
}

// Both drivers answer with the same JavaScript types: int8 (count(*), bigserial) as numbers,
// which is safe for every value this service stores, and timestamps as Date.
const parseInt8 = (value: string) => Number(value);

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir, options.template);
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    types: { getTypeParser: (oid, format) => (oid === 20 ? parseInt8 : pg.types.getTypeParser(oid, format)) },
  });
  // Fail at start, with the driver's reason, rather than on the first request.
  const probe = await pool.connect();
  probe.release();
  const db: Db = new Kysely({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'postgres',
    async withClient(fn) {
      const client = await pool.connect();
      try {
        return await fn({
          exec: async (script) => void (await client.query(script)),
          query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
        });
      } finally {
        client.release();
      }
    },
    close: () => db.destroy(),
  };
}

async function openPglite(dataDir: string, template?: Blob): Promise<Database> {
  const inMemory = dataDir === 'memory://';
  const unlock = inMemory ? () => {} : lockDataDir(dataDir);
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(inMemory ? undefined : path.join(dataDir, 'pgdata'), {
      parsers: { [pgliteTypes.INT8]: parseInt8 },
      ...(template ? { loadDataDir: template } : {}),
    });
  } catch (err) {
    unlock();
    throw err;
  }
  const pool = new PgliteSingleConnectionPool(pglite);
  const db: Db = new Kysely({ dialect: new PostgresDialect({ pool: pool as never }) });
  return {
    db,
    kind: 'pglite',
    async withClient(fn) {
      const client = await pool.connect();
      try {
        return await fn({
          exec: (script) => client.exec(script),
          query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
        });
      } finally {
        client.release();
      }
    },
    async dump() {
      const client = await pool.connect();
      try {
        return await pglite.dumpDataDir('none');
      } finally {
        client.release();
      }
    },
    async close() {
      await db.destroy();
      await pglite.close();
      unlock();
    },
  };
}

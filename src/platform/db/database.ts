import path from 'node:path';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import { DependencyStartError, serverOf } from '../errors.js';
import { markDependencyFailure } from '../http/dependency-errors.js';
import { lockDataDir } from './data-dir-lock.js';
import { initialisePgliteDataDir } from './pglite-first-start.js';
import { PgliteSingleConnectionPool } from './pglite-pool.js';
import { StorageHealth } from './storage-health.js';
import type { Tables } from './tables.js';

/**
 * The query builder every store receives, typed by the one declaration of every table (tables.ts);
 * stores write their SQL with `sql` templates and name their rows with rows.ts.
 */
export type Db = Kysely<Tables>;

/** Runs multi-statement scripts (migrations) on one connection. */
export interface ScriptClient {
  exec(script: string): Promise<void>;
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Database {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  /** Whether writes are being refused for storage reasons (full disk, I/O error, read-only). */
  readonly storage: StorageHealth;
  withClient<T>(fn: (client: ScriptClient) => Promise<T>): Promise<T>;
  /**
   * Embedded storage only: the whole data directory as a tarball (gzip-compressed on request), to
   * start other instances from or to keep as a backup. Taken between statements and after a
   * checkpoint, so it is one consistent state that needs no recovery to open.
   */
  dump?(compression?: 'none' | 'gzip'): Promise<Blob>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | null;
  /** Directory for embedded storage, or `memory://` for a throwaway in-memory database. */
  dataDir: string;
  /** Embedded storage only: start from this dump (tests start from one migrated template). */
  template?: Blob;
  /**
   * A pooled PostgreSQL connection broke: `idle` in the pool, or `in_use` by a caller (whose query
   * fails on its own). The pool has already dropped it and opens a new one on the next demand.
   */
  onConnectionError?: (err: Error, state: 'idle' | 'in_use') => void;
  /** Called once per statement sent (queries, scripts, `begin`/`commit`): the request-cost counter. */
  onQuery?: () => void;
  /** PostgreSQL only: connections this process may hold at most (PG_POOL_MAX; default 10). */
  poolMax?: number;
}

// Time budgets of the PostgreSQL pool. A PostgreSQL that is down refuses at once; one that does not
// answer at all (host gone, network cut) must not hold a request longer than a client would wait:
// a new connection, or a free one from the pool, within 3 s, else the request answers 503.
const CONNECT_TIMEOUT_MS = 3_000;
// Every statement a request or job makes is a few milliseconds; 30 s only stops a runaway one
// (PostgreSQL cancels it: 57014, answered as 503). Scripts on a client of their own (migrations,
// advisory locks of once-per-cluster jobs, which wait on purpose) run without this bound.
const STATEMENT_TIMEOUT_MS = 30_000;
// A transaction left open (a caller that hung between statements) must not hold its locks for ever.
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;

// Both drivers answer with the same JavaScript types: int8 (count(*), bigserial) as numbers,
// which is safe for every value this service stores, and timestamps as Date.
const parseInt8 = (value: string) => Number(value);

// Connections per process unless PG_POOL_MAX says otherwise; sizing rule in docs/operations.md.
export const DEFAULT_POOL_MAX = 10;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const onQuery = options.onQuery ?? (() => {});
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.onConnectionError, onQuery, options.poolMax ?? DEFAULT_POOL_MAX)
    : openPglite(options.dataDir, onQuery, options.template);
}

/** Statements whose success shows storage takes writes again. */
const WRITE_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

/** Errors raised on a database connection carry that fact, for dependency-errors.ts to answer 503. */
const markDatabase = (err: unknown) => {
  throw markDependencyFailure(err, 'database');
};

async function openPostgres(
  url: string,
  onConnectionError: DatabaseOptions['onConnectionError'],
  onQuery: () => void,
  poolMax: number,
): Promise<Database> {
  // Loaded only for PostgreSQL: the embedded default never needs the driver, nor the memory its
  // modules take (as ioredis and nodemailer, loaded only when configured).
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
    // TCP keep-alive notices a peer that vanished without closing (a host or network gone).
    keepAlive: true,
    types: { getTypeParser: (oid, format) => (oid === 20 ? parseInt8 : pg.types.getTypeParser(oid, format)) },
  });
  // Without a listener, an idle connection that PostgreSQL drops (restart, admin_shutdown) would be
  // an unhandled 'error' event and end the process. The pool has already removed that client.
  pool.on('error', (err) => onConnectionError?.(err, 'idle'));
  const storage = new StorageHealth();
  const inUse = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => inUse.add(client));
  pool.on('release', (_err, client) => inUse.delete(client));
  pool.on('connect', (client) => {
    // A client that is checked out has no pool listener: its error would end the process too. Its
    // caller's next query fails ("not queryable") and the pool drops it on release.
    client.on('error', (err) => {
      if (inUse.has(client)) onConnectionError?.(err, 'in_use');
    });
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      onQuery();
      const result = query(...args);
      if (!(result instanceof Promise)) return result;
      return result.then(
        (answer: { command?: string }) => {
          if (answer?.command && WRITE_COMMANDS.has(answer.command)) storage.sawWrite();
          return answer;
        },
        (err: unknown) => {
          storage.sawError(err);
          return markDatabase(err);
        },
      );
    }) as typeof client.query;
  });
  const connect = () => pool.connect().catch(markDatabase);
  // Fail at start, with the driver's reason, rather than on the first request.
  const probe = await connect().catch(async (err: Error) => {
    await pool.end().catch(() => undefined);
    throw new DependencyStartError(
      `PostgreSQL at ${serverOf(url)} (DATABASE_URL) could not be reached: ${err.message}. Start it or correct DATABASE_URL.`,
    );
  });
  probe.release();
  const db: Db = new Kysely({ dialect: new PostgresDialect({ pool: { connect, end: () => pool.end() } as never }) });
  return {
    db,
    kind: 'postgres',
    storage,
    async withClient(fn) {
      const client = await connect();
      let broken: Error | undefined;
      try {
        await client.query('set statement_timeout = 0');
        return await fn({
          exec: async (script) => void (await client.query(script)),
          query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
        });
      } catch (err) {
        broken = err as Error;
        throw err;
      } finally {
        // Back to the pool's statement bound; a client whose connection broke is dropped instead.
        if (!broken) await client.query('reset statement_timeout').catch((err: Error) => (broken = err));
        client.release(broken);
      }
    },
    close: () => db.destroy(),
  };
}

// PGlite's WebAssembly heap only grows, and PostgreSQL's defaults size it for a server: 128 MB of
// shared buffers alone made most of that of the idle gateway's RSS. The embedded database holds
// the gateway's own small tables (aviation reads are served from memory, see src/aviation/), so
// 8 MB of buffers keep its working set (pages beyond them come from the OS's page cache) with
// less RSS than 16 MB and the same aviation load time and webhook delivery rate
// (bench/results/2026-11-26.md). Index builds of an import get 16 MB instead of 64 MB.
const PGLITE_MEMORY_SETTINGS = ['-c', 'shared_buffers=8MB', '-c', 'maintenance_work_mem=16MB', '-c', 'temp_buffers=2MB'];

async function openPglite(dataDir: string, onQuery: () => void, template?: Blob): Promise<Database> {
  const inMemory = dataDir === 'memory://';
  const unlock = inMemory ? () => {} : lockDataDir(dataDir);
  const startParams = [...PGlite.defaultStartParams, ...PGLITE_MEMORY_SETTINGS];
  let pglite: PGlite;
  try {
    // A new directory is initialised in a child process: initdb's memory never enters this one.
    if (!inMemory && !template) await initialisePgliteDataDir(path.join(dataDir, 'pgdata'), startParams);
    pglite = await PGlite.create(inMemory ? undefined : path.join(dataDir, 'pgdata'), {
      parsers: { [pgliteTypes.INT8]: parseInt8 },
      startParams,
      ...(template ? { loadDataDir: template } : {}),
    });
  } catch (err) {
    unlock();
    throw err;
  }
  const storage = new StorageHealth();
  const pool = new PgliteSingleConnectionPool(pglite, onQuery, storage);
  const db: Db = new Kysely({ dialect: new PostgresDialect({ pool: pool as never }) });
  return {
    db,
    kind: 'pglite',
    storage,
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
    async dump(compression = 'none') {
      // Holding the one connection: no transaction is open and none starts until the copy is made.
      const client = await pool.connect();
      try {
        // Writes every changed page to the data files, so the copy is the committed state itself.
        await client.exec('checkpoint');
        return await pglite.dumpDataDir(compression);
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

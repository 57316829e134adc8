// The rate limit's windows and the injected faults of Duffel test systems sharing one PostgreSQL
// store (tables of schema duffel_test_system, made by duffel-db-store.ts's migrations): each
// request is counted and each fault taken by one statement, so two processes never both spend the
// last request of a window or the last time of a fault.

import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database.js';
import { faultError, type Fault, type FaultQueue } from '../control/fault-queue.js';
import type { DuffelErrorSource, DuffelErrorType } from '../wire/duffel-errors.js';
import { windowStart, type RateLimiter, type RateLimitSetting } from '../wire/rate-limiter.js';

const settings = sql.table('duffel_test_system.settings');
const windows = sql.table('duffel_test_system.rate_limit_windows');
const faults = sql.table('duffel_test_system.faults');

/** The limit every process applies: the one set through a control route, else the process's own start setting. */
export function dbRateLimiter(db: Db, initial: RateLimitSetting): RateLimiter {
  const setting = async () =>
    (await sql<{ value: RateLimitSetting }>`select value from ${settings} where key = 'rate_limit'`.execute(db)).rows[0]?.value ??
    initial;
  return {
    setting,
    async configure(next) {
      await db.transaction().execute(async (trx) => {
        await sql`
          insert into ${settings} (key, value) values ('rate_limit', ${JSON.stringify(next)}::jsonb)
          on conflict (key) do update set value = excluded.value`.execute(trx);
        await sql`delete from ${windows}`.execute(trx);
      });
    },
    async reset() {
      await db.transaction().execute(async (trx) => {
        await sql`delete from ${settings} where key = 'rate_limit'`.execute(trx);
        await sql`delete from ${windows}`.execute(trx);
      });
    },
    async take(token, nowMs) {
      const { limit, windowMs } = await setting();
      const start = windowStart(nowMs, windowMs);
      // A process whose clock is a little behind counts in the window another has already opened.
      const r = await sql<{ used: number; window_start_ms: number }>`
        insert into ${windows} as w (token_hash, window_start_ms, used)
        values (${createHash('sha256').update(token).digest('hex')}, ${start}, 1)
        on conflict (token_hash) do update set
          used = case when excluded.window_start_ms > w.window_start_ms then 1 else w.used + 1 end,
          window_start_ms = greatest(w.window_start_ms, excluded.window_start_ms)
        returning used, window_start_ms`.execute(db);
      const row = r.rows[0]!;
      return {
        allowed: row.used <= limit,
        limit,
        remaining: Math.max(0, limit - row.used),
        resetAt: Number(row.window_start_ms) + windowMs,
      };
    },
  };
}

interface FaultRow {
  status: number;
  type: DuffelErrorType;
  code: string;
  title: string;
  message: string;
  source: DuffelErrorSource | null;
  path_prefix: string | null;
  remaining: number;
}

export function dbFaultQueue(db: Db): FaultQueue {
  return {
    async add(f) {
      await sql`
        insert into ${faults} (status, type, code, title, message, source, path_prefix, remaining)
        values (${f.status}, ${f.type}, ${f.code}, ${f.title}, ${f.message}, ${f.source ? JSON.stringify(f.source) : null}::jsonb,
          ${f.pathPrefix}, ${f.remaining})`.execute(db);
    },
    async clear() {
      await sql`delete from ${faults}`.execute(db);
    },
    async list() {
      const r = await sql<FaultRow>`
        select status, type, code, title, message, source, path_prefix, remaining from ${faults}
        where remaining > 0 order by id`.execute(db);
      return r.rows.map((row): Fault => ({
        status: row.status,
        type: row.type,
        code: row.code,
        title: row.title,
        message: row.message,
        source: row.source,
        pathPrefix: row.path_prefix,
        remaining: row.remaining,
      }));
    },
    async take(path) {
      // The oldest fault for this path loses one time; a second taker waits for the row and, if
      // that was its last, finds none (the call runs normally).
      const r = await sql<FaultRow & { id: number }>`
        with next as (
          select id from ${faults}
          where remaining > 0 and (path_prefix is null or left(${path}, length(path_prefix)) = path_prefix)
          order by id limit 1 for update
        )
        update ${faults} f set remaining = f.remaining - 1 from next where f.id = next.id
        returning f.id, f.status, f.type, f.code, f.title, f.message, f.source, f.remaining`.execute(db);
      const row = r.rows[0];
      if (!row) return null;
      if (row.remaining <= 0) await sql`delete from ${faults} where id = ${row.id} and remaining <= 0`.execute(db);
      return faultError(row);
    },
  };
}

import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import { inKeyOrder } from '../../platform/db/key-order.js';
import { parseUsageField, type Seeds, type UsageBatch } from './counter.js';

/**
 * Adds one batch of counts, once: the batch id goes into usage_batches in the same transaction,
 * so a batch written again (its instance stopped between the commit and forgetting it, or two
 * instances flushed it at once) adds nothing the second time. Returns whether it was new.
 */
export async function applyBatch(db: Db, batch: UsageBatch): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: string }>`
      insert into usage_batches (id) values (${batch.id}) on conflict (id) do nothing returning id`.execute(trx);
    if (rows.length === 0) return false;
    // In key order: another instance may be adding an overlapping batch at the same moment.
    const counts = inKeyOrder(
      [...batch.counts].filter(([, n]) => n > 0),
      ([field]) => [field],
    );
    if (counts.length === 0) return true;
    const values = sql.join(
      counts.map(([field, n]) => {
        const k = parseUsageField(field);
        return sql`(${k.apiKeyId}, ${k.agencyId}, ${k.keyKind}, ${k.hour}::timestamptz, ${k.surface}, ${n})`;
      }),
    );
    await sql`
      insert into usage_counts (api_key_id, agency_id, key_kind, hour, surface, requests) values ${values}
      on conflict (api_key_id, hour, surface) do update set requests = usage_counts.requests + excluded.requests`.execute(trx);
    return true;
  });
}

/** Batch ids are kept long enough to recognise any repeat, then dropped. */
export async function pruneBatches(db: Db, before: Date): Promise<void> {
  await sql`delete from usage_batches where applied_at < ${before}`.execute(db);
}

/** Where an agency's counters start: portal requests ever served, searches today and this period. */
export async function readSeeds(db: Db, agencyId: string, dayStart: Date, periodStart: Date): Promise<Seeds> {
  const { rows } = await sql<{ used: string | null; day: string | null; period: string | null }>`
    select sum(requests) filter (where key_kind = 'portal') as used,
           sum(requests) filter (where surface = 'shopping' and hour >= ${dayStart}) as day,
           sum(requests) filter (where surface = 'shopping' and hour >= ${periodStart}) as period
    from usage_counts where agency_id = ${agencyId}`.execute(db);
  const row = rows[0];
  return { used: Number(row?.used ?? 0), daySearches: Number(row?.day ?? 0), periodSearches: Number(row?.period ?? 0) };
}

/** Bookings the orders feature recorded today (look_to_book_daily, written in the booking's own transaction). */
export async function bookingsOn(db: Db, agencyId: string, day: string): Promise<number> {
  const { rows } = await sql<{ bookings: string }>`
    select bookings from look_to_book_daily where agency_id = ${agencyId} and day = ${day}::date`.execute(db);
  return Number(rows[0]?.bookings ?? 0);
}

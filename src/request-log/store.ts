import { sql } from 'kysely';
import type { Db } from '../platform/db/database.js';
import type { Environment } from '../platform/db/tables/column-types.js';
import type { EncodedBatch } from './batch-codec.js';

/** Batches of recorded requests, in one statement. */
export async function insertBatches(db: Db, batches: readonly EncodedBatch[]): Promise<void> {
  if (batches.length === 0) return;
  await db
    .insertInto('api_request_batches')
    .values(
      batches.map((b) => ({
        agency_id: b.agencyId,
        environment: b.environment,
        first_at: b.firstAt,
        last_at: b.lastAt,
        request_count: b.count,
        requests: b.requests,
      })),
    )
    .execute();
}

/** What one read of an agency's batches asks for; every bound is optional but the agency. */
export interface BatchQuery {
  agencyId: string;
  environment: Environment | null;
  /** Batches holding a request at or after this. */
  since: Date | null;
  /** Batches holding a request at or before this. */
  through: Date | null;
  /** Batches after this one in the list's order (last_at desc, id desc). */
  after: { lastAt: Date; id: number } | null;
  /** Texts each batch must contain (storedText of a filter's value): batches that cannot match are skipped in SQL. */
  contains: readonly string[];
  limit: number;
}

export interface StoredBatch {
  id: number;
  environment: Environment;
  last_at: Date;
  requests: string;
}

/** One page of an agency's batches, newest last request first. */
export async function readBatches(db: Db, q: BatchQuery): Promise<StoredBatch[]> {
  const conditions = [sql`agency_id = ${q.agencyId}`];
  if (q.environment) conditions.push(sql`environment = ${q.environment}`);
  if (q.since) conditions.push(sql`last_at >= ${q.since}`);
  if (q.through) conditions.push(sql`first_at <= ${q.through}`);
  if (q.after) conditions.push(sql`(last_at, id) < (${q.after.lastAt}, ${q.after.id})`);
  for (const text of q.contains) conditions.push(sql`strpos(requests, ${text}) > 0`);
  const { rows } = await sql<StoredBatch>`
    select id, environment, last_at, requests
    from api_request_batches
    where ${sql.join(conditions, sql` and `)}
    order by last_at desc, id desc
    limit ${q.limit}`.execute(db);
  return rows;
}

/** The names and prefixes of the keys, and the e-mails of the members, a page of the log names. */
export async function namesOf(
  db: Db,
  keyIds: readonly string[],
  userIds: readonly string[],
): Promise<{ keys: Map<string, { name: string | null; prefix: string | null }>; users: Map<string, string | null> }> {
  const [keys, users] = await Promise.all([
    keyIds.length === 0
      ? []
      : db.selectFrom('api_keys').select(['id', 'name', 'display_prefix']).where('id', 'in', keyIds).execute(),
    userIds.length === 0 ? [] : db.selectFrom('users').select(['id', 'email']).where('id', 'in', userIds).execute(),
  ]);
  return {
    keys: new Map(keys.map((k) => [k.id, { name: k.name, prefix: k.display_prefix }])),
    users: new Map(users.map((u) => [u.id, u.email])),
  };
}

/**
 * Deletes the batches whose newest request came before `cutoff`, a bounded number per statement
 * so the sweep never holds one long transaction over a busy table; returns how many went.
 */
export async function deleteBatchesBefore(db: Db, cutoff: Date, chunk = 1_000): Promise<number> {
  let deleted = 0;
  for (;;) {
    const result = await sql`
      delete from api_request_batches where id in (select id from api_request_batches where last_at < ${cutoff} limit ${chunk})`.execute(
      db,
    );
    const count = Number(result.numAffectedRows ?? 0);
    deleted += count;
    if (count < chunk) return deleted;
  }
}

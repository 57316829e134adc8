import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../platform/db/database.js';
import { keyNamesOf } from '../auth/api-keys/key-store.js';
import { emailsOf } from '../identity/users/store.js';
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

/** The names and prefixes of the keys, and the e-mails of the members, a page of the log names (each from its owner's store). */
export async function namesOf(
  db: Db,
  keyIds: readonly string[],
  userIds: readonly string[],
): Promise<{ keys: Map<string, { name: string | null; prefix: string | null }>; users: Map<string, string | null> }> {
  const [keys, users] = await Promise.all([keyNamesOf(db, keyIds), emailsOf(db, userIds)]);
  return { keys, users };
}

/**
 * Deletes the batches whose newest request came before `cutoff`, a bounded number per statement
 * so the sweep never holds one long transaction over a busy table; returns how many went.
 */
export async function deleteBatchesBefore(db: Db, cutoff: Date, chunk = 1_000): Promise<number> {
  return deleteInChunks(
    db,
    sql`delete from api_request_batches where id in (select id from api_request_batches where last_at < ${cutoff} limit ${chunk})`,
    chunk,
  );
}

/** Runs a bounded delete until one comes back short of `chunk` rows; answers the rows deleted. */
async function deleteInChunks(db: Db, statement: RawBuilder<unknown>, chunk: number): Promise<number> {
  let deleted = 0;
  for (;;) {
    const count = Number((await statement.execute(db)).numAffectedRows ?? 0);
    deleted += count;
    if (count < chunk) return deleted;
  }
}

/** A logged request's bodies as written (0030_request_log_bodies). */
export interface BodyRow {
  agency_id: string;
  environment: Environment;
  request_id: string;
  at: Date;
  request_body: string | null;
  request_note: string | null;
  request_dropped_bytes: number;
  request_redacted: boolean;
  response_body: string | null;
  response_note: string | null;
  response_dropped_bytes: number;
  response_redacted: boolean;
  /** The answer's text is the shared one with this digest (0031); response_body is then null. */
  response_shared_digest: string | null;
}

/** A cached answer's rendered body, kept once for every request it answered. */
export interface SharedBody {
  digest: string;
  body: string;
}

/**
 * The bodies of a write's requests, in one statement, after the shared texts they name (written,
 * or their `last_used` moved on, in one statement first, so a reader never finds a name without
 * its text).
 */
export async function insertBodies(db: Db, rows: readonly BodyRow[], shared: readonly SharedBody[], at: Date): Promise<void> {
  if (shared.length > 0) {
    await db
      .insertInto('api_request_shared_bodies')
      .values(shared.map((s) => ({ digest: s.digest, body: s.body, last_used: at })))
      .onConflict((oc) => oc.column('digest').doUpdateSet({ last_used: at }))
      .execute();
  }
  if (rows.length === 0) return;
  await db.insertInto('api_request_bodies').values(rows).execute();
}

/** The bodies of one of the agency's requests, by its request id, a shared answer's text in place; null when none are kept. */
export async function readBodies(db: Db, agencyId: string, requestId: string): Promise<BodyRow | null> {
  const row = await db
    .selectFrom('api_request_bodies as b')
    .leftJoin('api_request_shared_bodies as s', 's.digest', 'b.response_shared_digest')
    .select([
      'b.agency_id',
      'b.environment',
      'b.request_id',
      'b.at',
      'b.request_body',
      'b.request_note',
      'b.request_dropped_bytes',
      'b.request_redacted',
      'b.response_note',
      'b.response_dropped_bytes',
      'b.response_redacted',
      'b.response_shared_digest',
    ])
    .select((eb) => eb.fn.coalesce('b.response_body', 's.body').as('response_body'))
    .where('b.agency_id', '=', agencyId)
    .where('b.request_id', '=', requestId)
    .orderBy('b.at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/** Deletes the bodies of requests that arrived before `cutoff`, a bounded number per statement; returns how many went. */
export async function deleteBodiesBefore(db: Db, cutoff: Date, chunk = 1_000): Promise<number> {
  return deleteInChunks(
    db,
    sql`delete from api_request_bodies where id in (select id from api_request_bodies where at < ${cutoff} limit ${chunk})`,
    chunk,
  );
}

/**
 * Deletes the shared answers no instance has written since `cutoff`, a bounded number per
 * statement; returns how many went.
 */
export async function deleteSharedBodiesBefore(db: Db, cutoff: Date, chunk = 1_000): Promise<number> {
  return deleteInChunks(
    db,
    sql`delete from api_request_shared_bodies where digest in (select digest from api_request_shared_bodies where last_used < ${cutoff} limit ${chunk})`,
    chunk,
  );
}

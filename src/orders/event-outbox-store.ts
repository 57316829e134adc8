import { sql } from 'kysely';
import type { Db } from '../platform/db/database.js';
import type { OrderEventRow, OrderRow } from '../platform/db/rows.js';
import type { OrderEventName } from './event-outbox.js';

/**
 * SQL of the order event outbox (`order_events`), and the only SQL that names the table: orders
 * enqueue into it, events page through it and sweep it, webhooks take its undispatched events.
 * (test/architecture/table-ownership.test.ts keeps it so.)
 */

// ---- Enqueue -------------------------------------------------------------------------------

/**
 * Event ids follow commit order. An id is taken at insert; without this, a transaction that took
 * id 10 and committed after one that took 11 would be read after it, and a stream resumed from
 * `Last-Event-ID: 11` would never send 10. Every insert first takes one transaction-scoped advisory
 * lock, held until its transaction ends, so the next event's id is drawn only once the previous
 * one's transaction has committed (or rolled back). Events are few beside the orders that make
 * them; the wait is the tail of one transaction.
 */
const OUTBOX_LOCK_KEY = 0x6f7574626f78; // "outbox"
const COMMIT_ORDER = sql`select pg_advisory_xact_lock(${OUTBOX_LOCK_KEY}::bigint) as locked`;

/**
 * Writes the event in the caller's transaction, so it exists exactly when the change it announces
 * does. order.created and the reminder are unique per order; a repeat is silently skipped.
 */
export async function enqueueEvent(
  db: Db,
  order: OrderRow,
  { event, payload, at }: { event: OrderEventName; payload: Record<string, unknown>; at: Date },
): Promise<void> {
  await sql`
    with ordered as (${COMMIT_ORDER})
    insert into order_events (agency_id, environment, order_id, event, payload, occurred_at)
    select ${order.agency_id}, ${order.environment}, ${order.id}, ${event}, ${JSON.stringify(payload)}::jsonb, ${at}
    from ordered
    on conflict do nothing`.execute(db);
}

/**
 * Writes a test event of the agency's to the outbox, like a real one (so the dispatcher fans it
 * out to the agency's endpoints and streams send it), with no order row behind it. Answers it.
 */
export async function enqueueTestEvent(
  db: Db,
  input: { agencyId: string; environment: string; event: OrderEventName; payload: Record<string, unknown>; at: Date },
): Promise<EventRow> {
  const { rows } = await sql<EventRow>`
    with ordered as (${COMMIT_ORDER})
    insert into order_events (agency_id, environment, order_id, event, payload, occurred_at, test)
    select ${input.agencyId}, ${input.environment}, null, ${input.event}, ${JSON.stringify(input.payload)}::jsonb, ${input.at}, true
    from ordered
    returning ${EVENT_COLUMNS}`.execute(db);
  return rows[0]!;
}

// ---- Pages: an order's events, and an agency's ------------------------------------------------

/** An order's event as the order's own view lists it (no delivery state). */
export type OutboxRow = Pick<OrderEventRow, 'id' | 'order_id' | 'event' | 'payload' | 'occurred_at'>;

export async function eventsForOrder(db: Db, orderId: string): Promise<OutboxRow[]> {
  const { rows } =
    await sql<OutboxRow>`select id, order_id, event, payload, occurred_at from order_events where order_id = ${orderId} order by id`.execute(
      db,
    );
  return rows;
}

/** An event as an agency reads it back. */
export interface EventRow {
  id: string;
  order_id: string;
  event: OrderEventName;
  payload: Record<string, unknown>;
  occurred_at: Date;
  /** A test event (`flightagg trigger`): its body says `"test": true`. */
  test: boolean;
}

/** An event as read back; a test event has no order row and names the sample order its payload carries. */
const EVENT_COLUMNS = sql.raw(
  "id::text as id, coalesce(order_id, payload->>'order_id') as order_id, event, payload, occurred_at, test",
);

/** Who reads: one agency in one environment, and the oldest moment still kept. */
export interface EventScope {
  agencyId: string;
  environment: string;
  keptSince: Date;
}

export interface EventFilter {
  types: readonly OrderEventName[] | null;
  orderId: string | null;
  createdAfter: Date | null;
  createdBefore: Date | null;
}

const where = (scope: EventScope, filter: EventFilter) =>
  sql.join(
    [
      sql`agency_id = ${scope.agencyId}`,
      sql`environment = ${scope.environment}`,
      sql`occurred_at >= ${scope.keptSince}`,
      ...(filter.types ? [sql`event = any(${[...filter.types]}::text[])`] : []),
      ...(filter.orderId !== null ? [sql`order_id = ${filter.orderId}`] : []),
      ...(filter.createdAfter ? [sql`occurred_at > ${filter.createdAfter}`] : []),
      ...(filter.createdBefore ? [sql`occurred_at < ${filter.createdBefore}`] : []),
    ],
    sql` and `,
  );

/** Newest first, below `beforeId` when paging on. (Ordered by the bigint column: the text alias would put 100 before 99.) */
export async function listEvents(
  db: Db,
  scope: EventScope,
  { filter, beforeId, limit }: { filter: EventFilter; beforeId: string | null; limit: number },
): Promise<EventRow[]> {
  const { rows } = await sql<EventRow>`
    select ${EVENT_COLUMNS} from order_events
    where ${where(scope, filter)} ${beforeId !== null ? sql`and id < ${beforeId}::bigint` : sql``}
    order by order_events.id desc limit ${limit}`.execute(db);
  return rows;
}

/** Oldest first, after `afterId`: what a stream sends next. */
export async function eventsAfter(
  db: Db,
  scope: EventScope,
  { filter, afterId, limit }: { filter: EventFilter; afterId: string; limit: number },
): Promise<EventRow[]> {
  const { rows } = await sql<EventRow>`
    select ${EVENT_COLUMNS} from order_events
    where ${where(scope, filter)} and id > ${afterId}::bigint
    order by order_events.id limit ${limit}`.execute(db);
  return rows;
}

export async function findEvent(db: Db, scope: EventScope, id: string): Promise<EventRow | null> {
  const { rows } = await sql<EventRow>`
    select ${EVENT_COLUMNS} from order_events
    where id = ${id}::bigint and agency_id = ${scope.agencyId} and environment = ${scope.environment}
      and occurred_at >= ${scope.keptSince}`.execute(db);
  return rows[0] ?? null;
}

/** The newest event id of the whole outbox (0 when empty): where a stream without Last-Event-ID starts. */
export async function latestEventId(db: Db): Promise<string> {
  const { rows } = await sql<{ id: string }>`select coalesce(max(id), 0)::text as id from order_events`.execute(db);
  return rows[0]?.id ?? '0';
}

// ---- Undispatched: what the webhook dispatcher fans out ----------------------------------------

/** An event not yet fanned out; a test event names the sample order its payload carries. */
export interface UndispatchedEvent {
  id: string;
  agency_id: string;
  environment: string;
  order_id: string;
  event: OrderEventName;
}

/** Whether any event waits to be fanned out (a partial index answers it). */
export async function hasUndispatched(db: Db): Promise<boolean> {
  const { rows } = await sql<{ work: boolean }>`
    select exists (select 1 from order_events where dispatched_at is null) as work`.execute(db);
  return rows[0]?.work === true;
}

/**
 * Locks up to `limit` undispatched events, oldest first, in the caller's transaction. SKIP LOCKED
 * lets several instances fan out at once without taking the same event.
 */
export async function lockUndispatched(trx: Db, limit: number): Promise<UndispatchedEvent[]> {
  const { rows } = await sql<UndispatchedEvent>`
    select id::text as id, agency_id, environment, coalesce(order_id, payload->>'order_id') as order_id, event
    from order_events
    where dispatched_at is null order by id limit ${limit} for update skip locked`.execute(trx);
  return rows;
}

export async function markDispatched(trx: Db, ids: readonly string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await sql`update order_events set dispatched_at = ${at} where id = any(${ids}::bigint[])`.execute(trx);
}

/** What sending an event needs: its payload, and whether it is a test event. */
export async function eventBodies(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, { payload: Record<string, unknown>; test: boolean }>> {
  if (ids.length === 0) return new Map();
  const { rows } = await sql<{ id: string; payload: Record<string, unknown>; test: boolean }>`
    select id::text as id, payload, test from order_events where id = any(${[...new Set(ids)]}::bigint[])`.execute(db);
  return new Map(rows.map((r) => [Number(r.id), { payload: r.payload, test: r.test }]));
}

// ---- Delete before: the retention sweep ----------------------------------------------------------

/**
 * Locks up to `limit` events that happened before `before`, oldest first, in the caller's
 * transaction; one a dispatcher is fanning out now (locked) is skipped for a later run.
 */
export async function lockEventsBefore(trx: Db, { before, limit }: { before: Date; limit: number }): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select id::text as id from order_events where occurred_at < ${before}
    order by occurred_at limit ${limit}
    for update skip locked`.execute(trx);
  return rows.map((r) => r.id);
}

export async function deleteEvents(trx: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`delete from order_events where id = any(${ids}::bigint[])`.execute(trx);
}

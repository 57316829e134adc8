import type { Db } from '../platform/db/database.js';
import { badRequest, notFound } from '../platform/errors.js';
import type { OrderEventName } from '../orders/event-outbox.js';
import { deliveryBody } from '../webhooks/delivery/body.js';
import { WEBHOOK_EVENTS } from '../webhooks/events.js';
import type { EventIds } from './event-ids.js';
import { EVENTS_POLICY } from './policy.js';
import type { EventListQuery, EventView } from './schemas.js';
import { findEvent, listEvents, type EventFilter, type EventRow, type EventScope } from '../orders/event-outbox-store.js';
import { deliveryStates } from '../webhooks/delivery/store.js';

/** The agency and environment behind the API key, and the event ids as that agency sees them. */
export interface EventReader {
  agencyId: string;
  environment: string;
  ids: EventIds;
}

/** The id of outbox row `rowId` as the reader sees it (event-ids.ts): opaque, and the reader's alone. */
export const eventId = (reader: EventReader, rowId: string): string => reader.ids.show(rowId, reader.agencyId);

/**
 * The outbox row id behind an event id the reader was given, or null for any other value: an id
 * of another agency's, one never issued, or a legacy numeric `evt_<digits>` id that is not one of
 * the reader's events still kept (the legacy form is read for the reader's own events only).
 */
async function rowIdOf(db: Db, reader: EventReader, id: string, now: Date): Promise<string | null> {
  const read = reader.ids.read(id, reader.agencyId);
  if (read === null) return null;
  if (read.legacy && !(await findEvent(db, scopeAt(reader, now), read.rowId))) return null;
  return read.rowId;
}

/** The `type` filter: one name or a comma-separated list; an unknown name is a 400 naming the field. */
export function parseTypes(type: string | undefined): OrderEventName[] | null {
  if (type === undefined) return null;
  const names = type
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const unknown = names.find((name) => !(WEBHOOK_EVENTS as readonly string[]).includes(name));
  if (names.length === 0 || unknown !== undefined)
    throw badRequest(`type must be one or more of: ${WEBHOOK_EVENTS.join(', ')}`, 'invalid_request', { field: 'type' });
  return [...new Set(names)] as OrderEventName[];
}

/** The raw body the event's webhook is signed over and sent with. */
export const bodyOf = (row: EventRow): string => deliveryBody(row.event, row.payload, { test: row.test });

export function scopeAt(reader: EventReader, now: Date): EventScope {
  return {
    agencyId: reader.agencyId,
    environment: reader.environment,
    keptSince: new Date(now.getTime() - EVENTS_POLICY.retentionMs),
  };
}

/** A cursor is the last listed event's id, base64url-encoded: as opaque and per agency as the id. */
async function decodeCursor(db: Db, reader: EventReader, cursor: string, now: Date): Promise<string> {
  const rowId = await rowIdOf(db, reader, Buffer.from(cursor, 'base64url').toString('utf8'), now);
  if (rowId === null) throw badRequest('invalid cursor', 'invalid_cursor', { field: 'cursor' });
  return rowId;
}
const encodeCursor = (reader: EventReader, rowId: string) => Buffer.from(eventId(reader, rowId)).toString('base64url');

function timeFilter(value: string | undefined): Date | null {
  return value === undefined ? null : new Date(value);
}

/** The events as the reader sees them: its ids, the webhook body, each endpoint's delivery state. */
export async function views(db: Db, reader: EventReader, rows: EventRow[]): Promise<EventView[]> {
  const states = await deliveryStates(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: eventId(reader, row.id),
    type: row.event,
    order_id: row.order_id,
    created_at: row.occurred_at.toISOString(),
    data: JSON.parse(bodyOf(row)) as Record<string, unknown>,
    deliveries: states
      .filter((state) => state.event_id === row.id)
      .map((state) => ({
        endpoint_id: state.endpoint_id,
        status: state.status,
        attempts: state.attempt_count,
        last_attempt_at: state.last_attempt_at?.toISOString() ?? null,
      })),
  }));
}

/**
 * One page of the agency's events of one environment, newest first, kept 30 days. The cursor is
 * the last event's id: keyset pagination, so events written while paging neither repeat nor shift.
 */
export async function listEventPage(
  db: Db,
  reader: EventReader,
  { query, now }: { query: EventListQuery; now: Date },
): Promise<{ events: EventView[]; next_cursor: string }> {
  const limit = query.limit ?? 20;
  const filter: EventFilter = {
    types: parseTypes(query.type),
    orderId: query.order_id ?? null,
    createdAfter: timeFilter(query.created_after),
    createdBefore: timeFilter(query.created_before),
  };
  const rows = await listEvents(db, scopeAt(reader, now), {
    filter,
    beforeId: query.cursor ? await decodeCursor(db, reader, query.cursor, now) : null,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    events: await views(db, reader, page),
    next_cursor: rows.length > limit && last ? encodeCursor(reader, last.id) : '',
  };
}

/** A stream's filter: `type` and `order_id` as on the list; no time bounds, a stream goes on. */
export function streamFilter(type: string | undefined, orderId: string | undefined): EventFilter {
  return { types: parseTypes(type), orderId: orderId ?? null, createdAfter: null, createdBefore: null };
}

/**
 * The outbox id a stream resumes after: the `Last-Event-ID` header (what EventSource sends on
 * reconnecting), else `last_event_id`; null when neither is sent. A value that is not an event id
 * is a 400 naming where it came from.
 */
export async function resumeAfter(
  db: Db,
  reader: EventReader,
  { sent, now }: { sent: { header: string | undefined; query: string | undefined }; now: Date },
): Promise<string | null> {
  const value = sent.header ?? sent.query;
  if (value === undefined) return null;
  const rowId = await rowIdOf(db, reader, value.trim(), now);
  if (rowId === null) {
    const field = sent.header !== undefined ? 'Last-Event-ID' : 'last_event_id';
    throw badRequest(`${field} must be an event id (evt_...)`, 'invalid_request', { field });
  }
  return rowId;
}

/** One event of the agency's: another agency's, another environment's, an expired or unknown id are all 404. */
export async function getEvent(db: Db, reader: EventReader, { id, now }: { id: string; now: Date }): Promise<EventView> {
  const rowId = await rowIdOf(db, reader, id, now);
  const row = rowId === null ? null : await findEvent(db, scopeAt(reader, now), rowId);
  if (!row) throw notFound('event not found', 'event_not_found');
  return (await views(db, reader, [row]))[0]!;
}

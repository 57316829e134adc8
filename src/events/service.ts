import type { Db } from '../platform/db/database.js';
import { badRequest, notFound } from '../platform/errors.js';
import type { OrderEventName } from '../orders/event-outbox.js';
import { deliveryBody } from '../webhooks/delivery/body.js';
import { WEBHOOK_EVENTS } from '../webhooks/events.js';
import { EVENTS_POLICY } from './policy.js';
import type { EventListQuery, EventView } from './schemas.js';
import { deliveryStates, findEvent, listEvents, type EventFilter, type EventRow, type EventScope } from './store.js';

/** The agency and environment behind the API key. */
export interface EventReader {
  agencyId: string;
  environment: string;
}

const ID_PATTERN = /^evt_([1-9][0-9]{0,17})$/;

/** The outbox row's id as the API shows it: opaque to the caller, so it may change shape later. */
export const eventId = (rowId: string): string => `evt_${rowId}`;

/** The outbox row id behind an event id, or null when it is not one this API gives out. */
export function rowIdOf(id: string): string | null {
  return ID_PATTERN.exec(id)?.[1] ?? null;
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
export const bodyOf = (row: EventRow): string => deliveryBody(row.event, row.payload);

export function scopeAt(reader: EventReader, now: Date): EventScope {
  return { ...reader, keptSince: new Date(now.getTime() - EVENTS_POLICY.retentionMs) };
}

function decodeCursor(cursor: string): string {
  const rowId = rowIdOf(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (rowId === null) throw badRequest('invalid cursor', 'invalid_cursor', { field: 'cursor' });
  return rowId;
}
const encodeCursor = (rowId: string) => Buffer.from(eventId(rowId)).toString('base64url');

function timeFilter(value: string | undefined): Date | null {
  return value === undefined ? null : new Date(value);
}

async function views(db: Db, rows: EventRow[]): Promise<EventView[]> {
  const states = await deliveryStates(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: eventId(row.id),
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
    beforeId: query.cursor ? decodeCursor(query.cursor) : null,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { events: await views(db, page), next_cursor: rows.length > limit && last ? encodeCursor(last.id) : '' };
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
export function resumeAfter(sent: { header: string | undefined; query: string | undefined }): string | null {
  const value = sent.header ?? sent.query;
  if (value === undefined) return null;
  const rowId = rowIdOf(value.trim());
  if (rowId === null) {
    const field = sent.header !== undefined ? 'Last-Event-ID' : 'last_event_id';
    throw badRequest(`${field} must be an event id (evt_...)`, 'invalid_request', { field });
  }
  return rowId;
}

/** One event of the agency's: another agency's, another environment's, an expired or unknown id are all 404. */
export async function getEvent(db: Db, reader: EventReader, { id, now }: { id: string; now: Date }): Promise<EventView> {
  const rowId = rowIdOf(id);
  const row = rowId === null ? null : await findEvent(db, scopeAt(reader, now), rowId);
  if (!row) throw notFound('event not found', 'event_not_found');
  return (await views(db, [row]))[0]!;
}

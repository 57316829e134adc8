import type { WebhookDeliveryRow, WebhookEndpointRow } from '../../platform/db/rows.js';
import { badRequest } from '../../platform/errors.js';
import type { ListedAttempt } from '../delivery/store.js';

/** An endpoint and its deliveries as the API shows them, and the cursor of a page of deliveries. */
export const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export function toRecord(row: WebhookEndpointRow) {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    environment: row.environment,
    status: row.status,
    failure_streak: row.failure_streak,
    disabled_at: iso(row.disabled_at),
    disabled_reason: row.disabled_reason,
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
}

export function toDelivery(row: WebhookDeliveryRow & { attempts: ListedAttempt[] }) {
  return {
    id: row.id,
    event: row.event,
    test: row.test,
    order_id: row.order_id,
    status: row.status,
    attempt_count: row.attempt_count,
    next_attempt_at: row.status === 'pending' ? iso(row.next_attempt_at) : null,
    created_at: iso(row.created_at)!,
    completed_at: iso(row.completed_at),
    attempts: row.attempts.map((a) => ({
      at: iso(a.attempted_at)!,
      duration_ms: a.duration_ms,
      status_code: a.status_code,
      error: a.error,
      response_body: a.response_body,
      response_truncated: a.response_truncated,
    })),
    request_body: row.request_body,
  };
}

export function encodeCursor(row: WebhookDeliveryRow): string {
  return Buffer.from(`${new Date(row.created_at).toISOString()}|${row.id}`).toString('base64url');
}
export function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (!id || Number.isNaN(createdAt.getTime()))
    throw badRequest('cursor is not one this API gave out', 'invalid_request', { field: 'cursor' });
  return { createdAt, id };
}

export type EndpointRecord = ReturnType<typeof toRecord>;
export type DeliveryView = ReturnType<typeof toDelivery>;

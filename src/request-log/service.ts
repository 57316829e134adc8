import type { Static } from '@sinclair/typebox';
import type { Db } from '../platform/db/database.js';
import { badRequest } from '../platform/errors.js';
import type { LoggedRequest, RequestListQuery, RequestPage } from './schemas.js';
import type { LoggedRequestRow } from './batch-codec.js';
import { readRequests, type RequestFilter } from './log-reader.js';
import { namesOf } from './store.js';

type Query = Static<typeof RequestListQuery>;

const STATUS = /^([1-5])(\d\d|xx)$/;
const INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,9})?)?(Z|[+-]\d\d:\d\d)$/;
// The API's order routes; a logged path under them names the order (for the dashboard's link).
const ORDER_PATH = /^\/v1\/orders\/([^/]+)/;

function statusRange(value: string): { min: number; max: number } {
  const match = STATUS.exec(value);
  if (!match) throw badRequest('status must be a status code (404) or a class (4xx)', 'invalid_request', { field: 'status' });
  if (match[2] === 'xx') return { min: Number(match[1]) * 100, max: Number(match[1]) * 100 + 99 };
  return { min: Number(value), max: Number(value) };
}

function instant(field: 'since' | 'until', value: string): Date {
  const at = new Date(value);
  if (!INSTANT.test(value) || Number.isNaN(at.getTime())) {
    throw badRequest(`${field} must be an ISO 8601 instant with a time zone (2026-11-27T10:00:00Z)`, 'invalid_request', {
      field,
    });
  }
  return at;
}

/** The keyset cursor: a position (at, id) in the list's order, opaque to the caller. */
const encodeCursor = (position: { at: Date; id: number }) =>
  Buffer.from(`${position.at.toISOString()}|${position.id}`).toString('base64url');

function decodeCursor(cursor: string): { at: Date; id: number } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|', 2);
  const when = new Date(at ?? '');
  // Decimal digits only: `Number()` alone would also read `0x10` or ` 16` as a row id.
  const n = /^[0-9]+$/.test(id ?? '') ? Number(id) : NaN;
  if (!Number.isSafeInteger(n) || n < 1 || Number.isNaN(when.getTime())) throw badRequest('invalid cursor', 'invalid_cursor');
  return { at: when, id: n };
}

function orderIdOf(path: string): string | null {
  const match = ORDER_PATH.exec(path);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

type Names = Awaited<ReturnType<typeof namesOf>>;

function view(row: LoggedRequestRow, names: Names): Static<typeof LoggedRequest> {
  const key = row.apiKeyId === null ? null : names.keys.get(row.apiKeyId);
  return {
    at: new Date(row.atMs).toISOString(),
    method: row.method,
    route: row.route,
    path: row.path,
    status: row.status,
    duration_ms: row.durationMs,
    environment: row.environment,
    api_key: row.apiKeyId === null ? null : { id: row.apiKeyId, name: key?.name ?? null, prefix: key?.prefix ?? null },
    user: row.userId === null ? null : { id: row.userId, email: names.users.get(row.userId) ?? null },
    request_id: row.requestId,
    error_code: row.errorCode,
    order_id: orderIdOf(row.path),
  };
}

/** The filters of `GET /v1/dev/requests` as the store takes them; 400 naming the first bad one. */
export function requestFilter(agencyId: string, query: Query): RequestFilter {
  const since = query.since === undefined ? null : instant('since', query.since);
  const until = query.until === undefined ? null : instant('until', query.until);
  if (since && until && since >= until) throw badRequest('since must be before until', 'invalid_request', { field: 'since' });
  const limit = query.limit ?? 50;
  return {
    agencyId,
    environment: query.environment ?? null,
    status: query.status === undefined ? null : statusRange(query.status),
    method: query.method ?? null,
    path: query.path ?? null,
    route: query.route ?? null,
    apiKeyId: query.api_key_id ?? null,
    requestId: query.request_id ?? null,
    errorCode: query.error_code ?? null,
    since,
    until,
    after: query.cursor ? decodeCursor(query.cursor) : null,
    limit,
  };
}

/**
 * One page of the agency's logged requests, newest first; `next_cursor` null on the last page. A
 * narrow filter over a long stretch may end a page short of `limit` with a cursor to go on from
 * (log-reader.ts, MAX_DECODED).
 */
export async function requestPage(db: Db, agencyId: string, query: Query): Promise<Static<typeof RequestPage>> {
  const { rows, next } = await readRequests(db, requestFilter(agencyId, query));
  const names = await namesOf(
    db,
    [...new Set(rows.flatMap((r) => (r.apiKeyId === null ? [] : [r.apiKeyId])))],
    [...new Set(rows.flatMap((r) => (r.userId === null ? [] : [r.userId])))],
  );
  return { requests: rows.map((row) => view(row, names)), next_cursor: next ? encodeCursor(next) : null };
}

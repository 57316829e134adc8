import type { Static } from '@sinclair/typebox';
import type { Db } from '../platform/db/database.js';
import { badRequest } from '../platform/errors.js';
import { listOrders } from './order-store.js';
import { orderView } from './order-view.js';
import { PASSENGER_NAME_MAX, type ListQuery } from './schemas.js';

/** The keyset cursor: the last row's (created_at, id), opaque to the caller. */
const encodeCursor = (createdAt: Date, id: string) => Buffer.from(`${createdAt.toISOString()}|${id}`).toString('base64url');

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|', 2);
  const createdAt = new Date(at ?? '');
  if (!id || Number.isNaN(createdAt.getTime())) throw badRequest('invalid cursor', 'invalid_cursor');
  return { createdAt, id };
}

// Letters (any script, with their accents), and the separators names carry.
const PASSENGER_NAME = /^[\p{L}\p{M}][\p{L}\p{M} .'’-]*$/u;

/** `passenger_name`, trimmed: 1 to PASSENGER_NAME_MAX characters of a name, or 400 naming the field. */
function passengerNameOf(value: string): string {
  const name = value.trim();
  if (name.length === 0 || name.length > PASSENGER_NAME_MAX || !PASSENGER_NAME.test(name)) {
    throw badRequest(
      `passenger_name must be 1 to ${PASSENGER_NAME_MAX} characters of a last name (letters, spaces, hyphens, apostrophes, periods)`,
      'invalid_request',
    );
  }
  return name;
}

/**
 * One page of an agency's orders in one environment, newest first, as `GET /v1/orders` and the
 * dashboard's `GET /v1/dev/orders` both answer it. The cursor is the last row's (created_at, id):
 * keyset pagination, so an order booked while paging neither repeats nor shifts a page.
 */
export async function listOrderPage(
  db: Db,
  scope: { agencyId: string; environment: string },
  query: Static<typeof ListQuery>,
  now: Date = new Date(),
): Promise<{ orders: ReturnType<typeof orderView>[]; next_cursor: string }> {
  const limit = query.limit ?? 20;
  const rows = await listOrders(db, {
    agencyId: scope.agencyId,
    environment: scope.environment,
    airline: query.airline?.toUpperCase() ?? null,
    status: query.status ?? null,
    pnr: query.pnr?.toUpperCase() ?? null,
    passengerName: query.passenger_name === undefined ? null : passengerNameOf(query.passenger_name),
    creditAt: query.has_credit === true ? now : null,
    after: query.cursor ? decodeCursor(query.cursor) : null,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    orders: page.map((row) => orderView(row, now)),
    next_cursor: rows.length > limit && last ? encodeCursor(last.created_at, last.id) : '',
  };
}

import type { Static } from '@sinclair/typebox';
import type { Db } from '../platform/db/database.js';
import { badRequest } from '../platform/errors.js';
import { listOrders } from './order-store.js';
import { orderView } from './order-view.js';
import type { ListQuery } from './schemas.js';

/** The keyset cursor: the last row's (created_at, id), opaque to the caller. */
const encodeCursor = (createdAt: Date, id: string) => Buffer.from(`${createdAt.toISOString()}|${id}`).toString('base64url');

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|', 2);
  const createdAt = new Date(at ?? '');
  if (!id || Number.isNaN(createdAt.getTime())) throw badRequest('invalid cursor', 'invalid_cursor');
  return { createdAt, id };
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

// Duffel's cursor pagination (duffel.com/docs/api/overview/pagination): `limit` (1–200, default
// 50), opaque `after` / `before` cursors, and `meta: { limit, after, before }` beside `data`, where
// `after` is null on the last page and `before` null on the first.

import { badQuery } from './duffel-errors.js';

export interface PageQuery {
  limit?: string;
  after?: string;
  before?: string;
}

export interface Page<T> {
  data: T[];
  meta: { limit: number; after: string | null; before: string | null };
}

const cursor = (offset: number) => Buffer.from(`o:${offset}`).toString('base64url');

function offsetOf(value: string, parameter: string): number {
  const decoded = /^[A-Za-z0-9_-]{1,40}$/.test(value) ? Buffer.from(value, 'base64url').toString() : '';
  const match = /^o:(\d{1,7})$/.exec(decoded);
  if (!match) throw badQuery(parameter, `${parameter} is not a cursor this API returned`);
  return Number(match[1]);
}

export function pageLimit(query: PageQuery): number {
  if (query.limit === undefined) return 50;
  const limit = Number(query.limit);
  if (!/^\d+$/.test(query.limit) || limit < 1 || limit > 200)
    throw badQuery('limit', 'limit must be a whole number from 1 to 200');
  return limit;
}

/** One page of `items` (already in the list's order). */
export function paginate<T>(items: readonly T[], query: PageQuery): Page<T> {
  const limit = pageLimit(query);
  let start = 0;
  if (query.after !== undefined) start = offsetOf(query.after, 'after');
  else if (query.before !== undefined) start = Math.max(0, offsetOf(query.before, 'before') - limit);
  const end = Math.min(items.length, start + limit);
  return {
    data: items.slice(start, end),
    meta: { limit, after: end < items.length ? cursor(end) : null, before: start > 0 ? cursor(start) : null },
  };
}

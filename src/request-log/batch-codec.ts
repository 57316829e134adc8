import type { Environment } from '../platform/db/tables/column-types.js';
import type { RequestFacts } from './request-facts.js';

/**
 * A batch as stored (table `api_request_batches`, migration 0024): one agency's and environment's
 * requests of one write, in the order they were recorded, as JSON:
 * `{"t0": first_at_ms, "s": [strings], "r": [[at_ms - t0, key, user, method, route, path, status, duration_ms, request_id, error_code]]}`
 * where key, user, method, route, path and error code are places in `s` (-1 for null): a batch's
 * requests mostly share them, and written once they cost the database less to compress and store
 * (50-70 bytes a request before compression, against 120-140 spelled out). Request ids are unique and
 * stay inline. Every string is in the text as JSON writes it, so a filter's `strpos` (storedText)
 * still finds the batches that hold it. Batches folded from 0022's table are plain arrays of
 * spelled-out tuples; decodeBatch reads both.
 */
export interface EncodedBatch {
  agencyId: string;
  environment: Environment;
  firstAt: Date;
  lastAt: Date;
  count: number;
  requests: string;
}

type Row = [number, number, number, number, number, number, number, number, string, number];
type SpelledOut = [number, string | null, string | null, string, string, string, number, number, string, string | null];

/** A stored request as the list reads it: its facts without the agency (the batch's), with the id that orders ties (the batch's id and its place in it). */
export type LoggedRequestRow = Omit<RequestFacts, 'agencyId'> & { id: number };

/** Requests per batch at most (the migration's check): a row's id is its batch's id times this plus its place. */
export const MAX_BATCH = 1000;
const ID_STRIDE = 1024;

/** Groups recorded requests by agency and environment, one batch each, in the order they came. */
export function encodeBatches(facts: readonly RequestFacts[]): EncodedBatch[] {
  if (facts.length > MAX_BATCH) throw new Error(`a batch holds at most ${MAX_BATCH} requests`);
  const groups = new Map<string, RequestFacts[]>();
  for (const f of facts) {
    const key = `${f.environment}|${f.agencyId}`;
    const group = groups.get(key);
    if (group) group.push(f);
    else groups.set(key, [f]);
  }
  return [...groups.values()].map(encodeGroup);
}

/**
 * Arrival order within a batch (a row's id is its place): by arrival time, then by request id,
 * which an instance mints in arrival order, so requests that arrived in the same millisecond keep
 * their order although their answers may be recorded the other way round.
 */
const byArrival = (a: RequestFacts, b: RequestFacts) =>
  a.atMs - b.atMs || (a.requestId < b.requestId ? -1 : a.requestId > b.requestId ? 1 : 0);

function encodeGroup(unordered: RequestFacts[]): EncodedBatch {
  const group = unordered.sort(byArrival);
  const places = new Map<string, number>();
  const strings: string[] = [];
  const place = (value: string | null): number => {
    if (value === null) return -1;
    let at = places.get(value);
    if (at === undefined) {
      at = strings.length;
      strings.push(value);
      places.set(value, at);
    }
    return at;
  };
  let first = Infinity;
  let last = -Infinity;
  for (const f of group) {
    if (f.atMs < first) first = f.atMs;
    if (f.atMs > last) last = f.atMs;
  }
  const rows = group.map((f): Row => [
    f.atMs - first,
    place(f.apiKeyId),
    place(f.userId),
    place(f.method),
    place(f.route),
    place(f.path),
    f.status,
    f.durationMs,
    f.requestId,
    place(f.errorCode),
  ]);
  return {
    agencyId: group[0]!.agencyId,
    environment: group[0]!.environment,
    firstAt: new Date(first),
    lastAt: new Date(last),
    count: group.length,
    requests: JSON.stringify({ t0: first, s: strings, r: rows }),
  };
}

/** A stored batch's requests, each with its id. */
export function decodeBatch(batch: { id: number; environment: Environment; requests: string }): LoggedRequestRow[] {
  const stored = JSON.parse(batch.requests) as { t0: number; s: string[]; r: Row[] } | SpelledOut[];
  // A folded batch's tuples spell their strings out: read as a batch with no list, starting at 0.
  const { t0, s: strings, r: rows } = Array.isArray(stored) ? { t0: 0, s: [], r: stored } : stored;
  const text = (value: number | string | null) => (typeof value === 'number' ? (value < 0 ? null : strings[value]!) : value);
  const base = batch.id * ID_STRIDE;
  return rows.map((r, place) => ({
    id: base + place,
    atMs: t0 + r[0],
    environment: batch.environment,
    apiKeyId: text(r[1]),
    userId: text(r[2]),
    method: text(r[3])!,
    route: text(r[4])!,
    path: text(r[5])!,
    status: r[6],
    durationMs: r[7],
    requestId: r[8],
    errorCode: text(r[9]),
  }));
}

/**
 * The text a value takes inside a stored batch (a JSON string), for a cheap `strpos` test that
 * skips batches which cannot hold a match; `open` leaves the closing quote off, for a prefix.
 */
export function storedText(value: string, open = false): string {
  const text = JSON.stringify(value);
  return open ? text.slice(0, -1) : text;
}

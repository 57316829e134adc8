import type { Db } from '../platform/db/database.js';
import type { Environment } from '../platform/db/tables/column-types.js';
import { decodeBatch, storedText, type LoggedRequestRow } from './batch-codec.js';
import { readBatches, type StoredBatch } from './store.js';

export interface RequestFilter {
  agencyId: string;
  environment: Environment | null;
  /** An exact status, or a class as its lowest and highest status (4xx: 400-499). */
  status: { min: number; max: number } | null;
  method: string | null;
  /** The path starts with this. */
  path: string | null;
  /** The matched route pattern is exactly this. */
  route: string | null;
  apiKeyId: string | null;
  requestId: string | null;
  errorCode: string | null;
  since: Date | null;
  until: Date | null;
  /** Requests strictly before this position in the list's order (at desc, id desc). */
  after: { at: Date; id: number } | null;
  limit: number;
}

export interface RequestRows {
  rows: LoggedRequestRow[];
  /** Where the next page starts: null when nothing older matches. */
  next: { at: Date; id: number } | null;
}

/**
 * Requests decoded for one page at most. A narrow filter over a busy week could otherwise decode
 * every batch in one call; past this the page ends early with a cursor at the point reached, and
 * the next page goes on from there.
 */
export const MAX_DECODED = 100_000;
/** The position "before everything at this instant": a cursor that resumes at an instant. */
const BEYOND_ANY_ID = Number.MAX_SAFE_INTEGER;

const newestFirst = (a: LoggedRequestRow, b: LoggedRequestRow) => b.atMs - a.atMs || b.id - a.id;

function matcher(f: RequestFilter): (r: LoggedRequestRow) => boolean {
  const since = f.since?.getTime() ?? -Infinity;
  const until = f.until?.getTime() ?? Infinity;
  const afterAt = f.after?.at.getTime() ?? Infinity;
  const afterId = f.after?.id ?? 0;
  return (r) =>
    r.atMs >= since &&
    r.atMs < until &&
    (r.atMs < afterAt || (r.atMs === afterAt && r.id < afterId)) &&
    (f.status === null || (r.status >= f.status.min && r.status <= f.status.max)) &&
    (f.method === null || r.method === f.method) &&
    (f.path === null || r.path.startsWith(f.path)) &&
    (f.route === null || r.route === f.route) &&
    (f.apiKeyId === null || r.apiKeyId === f.apiKeyId) &&
    (f.requestId === null || r.requestId === f.requestId) &&
    (f.errorCode === null || r.errorCode === f.errorCode);
}

/**
 * One page of an agency's logged requests, newest first, merged from its batches. Batches are read
 * newest last request first; a request is certain of its place once it is newer than the last
 * request any unread batch can hold (the last read batch's `last_at`), so the page is exact even
 * where two instances' batches overlap in time. Filters that name a value skip, in SQL, the batches
 * whose text lacks it; the rest are applied here.
 */
export async function readRequests(db: Db, f: RequestFilter, maxDecoded = MAX_DECODED): Promise<RequestRows> {
  const matches = matcher(f);
  const contains = [
    f.apiKeyId && storedText(f.apiKeyId),
    f.requestId && storedText(f.requestId),
    f.errorCode && storedText(f.errorCode),
    f.route && storedText(f.route),
    f.path && storedText(f.path, true),
  ].filter((text): text is string => Boolean(text));
  const untilMs = f.until ? f.until.getTime() - 1 : Infinity;
  const throughMs = Math.min(untilMs, f.after?.at.getTime() ?? Infinity);

  const out: LoggedRequestRow[] = [];
  let waiting: LoggedRequestRow[] = [];
  let cursor: { lastAt: Date; id: number } | null = null;
  let decoded = 0;
  // Small first reads: the newest page usually sits in the newest batch or two.
  let chunk = 4;
  for (;;) {
    const batches: StoredBatch[] = await readBatches(db, {
      agencyId: f.agencyId,
      environment: f.environment,
      since: f.since,
      through: Number.isFinite(throughMs) ? new Date(throughMs) : null,
      after: cursor,
      contains,
      limit: chunk,
    });
    for (const batch of batches) {
      const rows = decodeBatch(batch);
      decoded += rows.length;
      for (const row of rows) if (matches(row)) waiting.push(row);
    }
    const exhausted = batches.length < chunk;
    const last = batches.at(-1);
    if (last) cursor = { lastAt: last.last_at, id: last.id };
    // Every unread batch holds only requests at or before this instant.
    const frontier = exhausted || !last ? -Infinity : last.last_at.getTime();
    waiting.sort(newestFirst);
    let settled = 0;
    while (settled < waiting.length && waiting[settled]!.atMs > frontier) settled++;
    for (const row of waiting.slice(0, settled)) {
      if (out.length === f.limit) return { rows: out, next: positionOf(out.at(-1)!) };
      out.push(row);
    }
    waiting = waiting.slice(settled);
    if (exhausted) return { rows: out, next: null };
    // Stop here once past the bound, and only where the next page starts strictly older than this
    // one did (batches straddling the cursor are read again, so stopping sooner could repeat forever):
    // what is settled is on the page, and the next page resumes at the frontier.
    if (decoded >= maxDecoded && frontier < (f.after?.at.getTime() ?? Infinity)) {
      return { rows: out, next: { at: new Date(frontier), id: BEYOND_ANY_ID } };
    }
    chunk = Math.min(chunk * 2, 64);
  }
}

const positionOf = (row: LoggedRequestRow) => ({ at: new Date(row.atMs), id: row.id });

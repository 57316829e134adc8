import type { Static } from '@sinclair/typebox';
import type { Db } from '../platform/db/database.js';
import { notFound } from '../platform/errors.js';
import { REFERENCE_ANSWER_NOTE } from './body-capture.js';
import { readRequests } from './log-reader.js';
import type { RequestBodies } from './schemas.js';
import { readBodies } from './store.js';

type Body = Static<typeof RequestBodies>['request_body'];
type Bodies = Static<typeof RequestBodies>;

const DAY_MS = 24 * 3_600_000;

const body = (text: string | null, note: string | null, droppedBytes: number, redacted: boolean): Body => ({
  text,
  note,
  truncated: droppedBytes > 0,
  dropped_bytes: droppedBytes,
  redacted,
});

/** What the read needs to answer for a request whose answer was noted rather than kept (body-capture.ts). */
export interface NotedAnswers {
  /** Whether the route (method and matched pattern) declares `answerLogged: 'noted'`. */
  isNoted(method: string, route: string): boolean;
  /** REQUEST_LOG_BODY_RETENTION_DAYS: a noted answer is said for as long as a kept one would be kept. */
  retentionDays: number;
  now(): Date;
}

/** The redacted bodies of one of the agency's logged requests; 404 when none are kept for that id. */
export async function requestBodies(db: Db, agencyId: string, requestId: string, noted: NotedAnswers): Promise<Bodies> {
  const row = await readBodies(db, agencyId, requestId);
  if (row) {
    return {
      request_id: row.request_id,
      at: row.at.toISOString(),
      environment: row.environment,
      request_body: body(row.request_body, row.request_note, row.request_dropped_bytes, row.request_redacted),
      response_body: body(row.response_body, row.response_note, row.response_dropped_bytes, row.response_redacted),
    };
  }
  const said = await notedAnswer(db, agencyId, requestId, noted);
  if (said) return said;
  throw notFound(`no bodies are kept for request ${requestId}`, 'request_bodies_not_found', { field: 'request_id' });
}

/**
 * A successful request to a route that notes its answers has no body row (nothing is written for
 * it): found in the log itself, within the bodies' retention, it is answered with the note.
 */
async function notedAnswer(db: Db, agencyId: string, requestId: string, noted: NotedAnswers): Promise<Bodies | null> {
  if (noted.retentionDays <= 0) return null;
  const since = new Date(noted.now().getTime() - noted.retentionDays * DAY_MS);
  const { rows } = await readRequests(db, {
    agencyId,
    environment: null,
    status: { min: 100, max: 299 },
    method: null,
    path: null,
    route: null,
    apiKeyId: null,
    requestId,
    errorCode: null,
    since,
    until: null,
    after: null,
    limit: 1,
  });
  const request = rows[0];
  if (!request || !noted.isNoted(request.method, request.route)) return null;
  return {
    request_id: request.requestId,
    at: new Date(request.atMs).toISOString(),
    environment: request.environment,
    request_body: body(null, null, 0, false),
    response_body: body(null, REFERENCE_ANSWER_NOTE, 0, false),
  };
}

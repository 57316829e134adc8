import type { Static } from '@sinclair/typebox';
import type { Db } from '../platform/db/database.js';
import { notFound } from '../platform/errors.js';
import type { RequestBodies } from './schemas.js';
import { readBodies } from './store.js';

type Body = Static<typeof RequestBodies>['request_body'];

const body = (text: string | null, note: string | null, droppedBytes: number, redacted: boolean): Body => ({
  text,
  note,
  truncated: droppedBytes > 0,
  dropped_bytes: droppedBytes,
  redacted,
});

/** The redacted bodies of one of the agency's logged requests; 404 when none are kept for that id. */
export async function requestBodies(db: Db, agencyId: string, requestId: string): Promise<Static<typeof RequestBodies>> {
  const row = await readBodies(db, agencyId, requestId);
  if (!row) {
    throw notFound(`no bodies are kept for request ${requestId}`, 'request_bodies_not_found', { field: 'request_id' });
  }
  return {
    request_id: row.request_id,
    at: row.at.toISOString(),
    environment: row.environment,
    request_body: body(row.request_body, row.request_note, row.request_dropped_bytes, row.request_redacted),
    response_body: body(row.response_body, row.response_note, row.response_dropped_bytes, row.response_redacted),
  };
}

import { sql } from 'kysely';
import type { Db } from '../platform/db/database.js';
import type { Row } from '../platform/db/rows.js';
import type { RequestFacts } from './request-facts.js';

/**
 * One batch of recorded requests, in one statement of fixed text with one parameter: the batch as
 * a JSON array of rows, spread out by `json_to_recordset`. `JSON.stringify` is native and costs the
 * gateway a few microseconds a row, where a parameter per column (arrays the driver escapes element
 * by element) cost it several times that; on PostgreSQL the parsing is then the server's work.
 */
export async function insertRequests(db: Db, rows: readonly RequestFacts[]): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    insert into api_requests (at, agency_id, api_key_id, user_id, environment, method, route, path, status, duration_ms, request_id, error_code)
    select "at", "agencyId", "apiKeyId", "userId", "environment", "method", "route", "path", "status", "durationMs", "requestId", "errorCode"
    from json_to_recordset(${JSON.stringify(rows)}::json) as r(
      "at" timestamptz, "agencyId" text, "apiKeyId" text, "userId" text, "environment" text, "method" text, "route" text,
      "path" text, "status" integer, "durationMs" double precision, "requestId" text, "errorCode" text)`.execute(db);
}

export interface RequestFilter {
  agencyId: string;
  environment: 'test' | 'live' | null;
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
  after: { at: Date; id: number } | null;
  limit: number;
}

/** A logged request as the list reads it: the table's row without its agency, with its key's name and prefix or its member's e-mail. */
export type LoggedRequestRow = Omit<Row<'api_requests'>, 'agency_id'> & {
  api_key_name: string | null;
  api_key_prefix: string | null;
  user_email: string | null;
};

/** One page of an agency's logged requests, newest first (keyset on at, id), with each key's name and prefix or member's e-mail. */
export async function listRequests(db: Db, f: RequestFilter): Promise<LoggedRequestRow[]> {
  const conditions = [sql`r.agency_id = ${f.agencyId}`];
  if (f.environment) conditions.push(sql`r.environment = ${f.environment}`);
  if (f.status) conditions.push(sql`r.status between ${f.status.min} and ${f.status.max}`);
  if (f.method) conditions.push(sql`r.method = ${f.method}`);
  if (f.path) conditions.push(sql`starts_with(r.path, ${f.path})`);
  if (f.route) conditions.push(sql`r.route = ${f.route}`);
  if (f.apiKeyId) conditions.push(sql`r.api_key_id = ${f.apiKeyId}`);
  if (f.requestId) conditions.push(sql`r.request_id = ${f.requestId}`);
  if (f.errorCode) conditions.push(sql`r.error_code = ${f.errorCode}`);
  if (f.since) conditions.push(sql`r.at >= ${f.since}`);
  if (f.until) conditions.push(sql`r.at < ${f.until}`);
  if (f.after) conditions.push(sql`(r.at, r.id) < (${f.after.at}, ${f.after.id})`);
  const { rows } = await sql<LoggedRequestRow>`
    select r.id, r.at, r.api_key_id, k.name as api_key_name, k.display_prefix as api_key_prefix, r.user_id,
           u.email as user_email, r.environment,
           r.method, r.route, r.path, r.status, r.duration_ms, r.request_id, r.error_code
    from api_requests r
    left join api_keys k on k.id = r.api_key_id
    left join users u on u.id = r.user_id
    where ${sql.join(conditions, sql` and `)}
    order by r.at desc, r.id desc
    limit ${f.limit}`.execute(db);
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/**
 * Deletes rows recorded before `cutoff`, a bounded number per statement so the sweep never holds
 * one long transaction over a busy table; returns how many went.
 */
export async function deleteRequestsBefore(db: Db, cutoff: Date, chunk = 10_000): Promise<number> {
  let deleted = 0;
  for (;;) {
    const result = await sql`
      delete from api_requests where id in (select id from api_requests where at < ${cutoff} limit ${chunk})`.execute(db);
    const count = Number(result.numAffectedRows ?? 0);
    deleted += count;
    if (count < chunk) return deleted;
  }
}

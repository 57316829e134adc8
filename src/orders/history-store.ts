import { sql } from 'kysely';
import type { Db } from '../platform/db/database.js';
import type { OrderHistoryRow } from '../platform/db/rows.js';
import type { Actor } from './order-record.js';

export interface HistoryEntry {
  action: string;
  status: string;
  actor: Actor;
  airlineReference: string | null;
  detail: Record<string, unknown>;
  at: Date;
}

/** Appends one entry; the table refuses updates and deletes, so the timeline cannot be rewritten. */
export async function appendHistory(db: Db, orderId: string, e: HistoryEntry): Promise<void> {
  await sql`
    insert into order_history (order_id, occurred_at, action, status, actor_kind, actor_id, on_behalf_of_agency_id, airline_reference, detail)
    values (${orderId}, ${e.at}, ${e.action}, ${e.status}, ${e.actor.kind}, ${e.actor.id}, ${e.actor.onBehalfOfAgencyId},
            ${e.airlineReference}, ${JSON.stringify(e.detail)}::jsonb)`.execute(db);
}

export async function listHistory(db: Db, orderId: string): Promise<OrderHistoryRow[]> {
  const { rows } = await sql<OrderHistoryRow>`select * from order_history where order_id = ${orderId} order by id`.execute(db);
  return rows;
}

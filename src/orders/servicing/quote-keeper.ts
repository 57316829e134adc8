import type { Db } from '../../platform/db/database.js';
import type { OrderRow } from '../../platform/db/rows.js';
import { lockedOrder, updateOrder } from '../order-store.js';
import type { ServicingQuote } from './servicing-quote.js';

/**
 * Keeps the latest quote of a flow on the order, replacing the one before (a new /cancel quote is
 * what /cancel/confirm accepts). A quote changes nothing the agency sees: no history, no event,
 * `updated_at` kept.
 */
export async function keepQuote(db: Db, order: OrderRow, flow: 'cancel' | 'change', quote: ServicingQuote): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await lockedOrder(trx, order);
    await updateOrder(trx, row.id, {
      status: row.status,
      total_minor: Number(row.total_minor),
      currency: row.currency,
      payment_deadline: row.payment_deadline,
      details: { ...row.details, servicingQuotes: { ...row.details.servicingQuotes, [flow]: quote } },
      updated_at: row.updated_at,
    });
  });
}

import type { OrderRow } from '../../platform/db/rows.js';
import { lifecyclePayload } from '../event-outbox.js';
import { enqueueEvent } from '../event-outbox-store.js';
import { appendHistory } from '../history-store.js';
import type { OrderScope } from '../order-record.js';
import { lockedOrder, updateOrder } from '../order-store.js';
import { isOpen } from '../order-status.js';
import { open, refOf, unwrap, type ServicingDeps, type Target } from '../servicing/context.js';

/**
 * The agency accepts the airline's schedule changes on the order: the per-segment
 * `schedule_change` goes, a history entry names what was accepted and by whom, and
 * `order.updated` announces it. Nothing pending (or already acknowledged) answers the order as
 * it is and writes nothing, so a retried call is harmless. Decided under the row lock, so two
 * calls at once acknowledge once.
 *
 * An open order's acceptance goes to the airline first (NDC 21.3 OrderChangeRQ `AcceptChange`),
 * since accepting the alternative ends the traveller's right to the involuntary refund there too; an
 * airline that cannot be reached leaves the change pending (503) and records nothing. An order the
 * airline closed has nothing left to accept at the airline: the acknowledgement is the agency's.
 */
export async function acknowledgeChanges(deps: ServicingDeps, scope: OrderScope, t: Target): Promise<OrderRow> {
  const { order, connector, ctx } = await open(deps, scope, t, false);
  if (!order.details.scheduleChanges?.length) return order;
  if (isOpen(order.status)) unwrap(await connector.acceptChange(refOf(order), order.details.airline.flightItemIds, ctx));
  return deps.db.transaction().execute(async (trx) => {
    const row = await lockedOrder(trx, order);
    const accepted = row.details.scheduleChanges ?? [];
    if (accepted.length === 0) return row;
    const at = deps.clock();
    const updated = await updateOrder(trx, row.id, {
      status: row.status,
      total_minor: Number(row.total_minor),
      currency: row.currency,
      payment_deadline: row.payment_deadline,
      details: { ...row.details, scheduleChanges: [] },
      updated_at: at,
    });
    await appendHistory(trx, row.id, {
      action: 'changes_acknowledged',
      status: row.status,
      actor: scope.actor,
      airlineReference: row.pnr,
      detail: {
        segments: accepted.map((c) => ({ segment_id: c.segmentId, previous_segment_id: c.previous.segmentId })),
      },
      at,
    });
    await enqueueEvent(trx, updated, { event: 'order.updated', payload: lifecyclePayload('order.updated', updated, at), at });
    return updated;
  });
}

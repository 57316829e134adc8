import type { OrderRow } from '../../platform/db/rows.js';

/** What an airline's change on the order lets the agency do about it. */
export type DisruptionAction = 'accept_change' | 'refund';

/**
 * Whether the order holds an airline change not yet accepted that owes the traveller a full refund
 * (a cancellation, or a significant retime: significance.ts). Accepting the change is taking the
 * alternative (14 CFR 260.6), so the entitlement ends with POST /acknowledge-changes.
 */
export function involuntaryRefundDue(order: Pick<OrderRow, 'status' | 'details'>): boolean {
  return order.status === 'ticketed' && (order.details.scheduleChanges ?? []).some((c) => c.significant === true);
}

/**
 * The actions an airline's change opens on the order, for `available_actions`: `accept_change` while
 * a change waits for acknowledgement (any status: a closed order may still show the change that
 * closed it), and `refund` (involuntary, in full to the original form of payment, whatever the fare)
 * while a cancellation or significant change is pending on a ticketed order.
 */
export function disruptionActions(order: Pick<OrderRow, 'status' | 'details'>): DisruptionAction[] {
  const actions: DisruptionAction[] = [];
  if ((order.details.scheduleChanges ?? []).length > 0) actions.push('accept_change');
  if (involuntaryRefundDue(order)) actions.push('refund');
  return actions;
}

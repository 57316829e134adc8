import type { OrderRow } from '../../platform/db/rows.js';
import { badRequest, conflict } from '../../platform/errors.js';
import { appendHistory } from '../history-store.js';
import { extrasOf, paymentOf, requirePaymentType } from '../booking/inputs.js';
import { orderCredit, recordCreditUse, requireCreditCovers } from '../booking/credit-payment.js';
import { priceChanged, requireAcceptedPrice, statedAmountOf } from '../booking/price-acceptance.js';
import { canonicalJson } from '../canonical-json.js';
import { recordTransition } from '../order-lifecycle.js';
import { canMove, isUnpaidHold } from '../order-status.js';
import type { OrderScope } from '../order-record.js';
import type { ChangeRequest } from './schemas.js';
import { updateOrder } from '../order-store.js';
import { unlessBusy } from '../write-lease.js';
import { airlineActor, open, refOf, requireOpen, unwrap, type ServicingDeps, type Target } from './context.js';

/**
 * GET one order; with refresh the airline's current view is applied (and announced) first. An
 * unchanged view is still applied when the airline's status is a move the stored order has not
 * made yet: a cancel whose refund the airline settled on its side leaves the order `cancelled`
 * with a view that already says `refunded`.
 */
export async function getOrder(deps: ServicingDeps, scope: OrderScope, t: Target, refresh: boolean): Promise<OrderRow> {
  const stored = await open(deps, scope, t, false);
  if (!refresh) return stored.order;
  // Applying the airline's view writes the order: while another write holds it, the stored order
  // is answered unrefreshed (that write records what the airline says when it finishes).
  return unlessBusy(
    deps,
    stored.order.id,
    async () => refreshed(deps, await open(deps, scope, t, false)),
    () => stored.order,
  );
}

async function refreshed(deps: ServicingDeps, { order, connector, ctx }: Awaited<ReturnType<typeof open>>): Promise<OrderRow> {
  const fresh = unwrap(await connector.retrieveOrder(refOf(order), ctx));
  const sameView = canonicalJson(fresh) === canonicalJson(order.details.airline);
  if (sameView && (fresh.status === order.status || !canMove(order.status, fresh.status))) return order;
  return recordTransition(deps.db, order, {
    action: 'refreshed',
    actor: airlineActor(order),
    at: deps.clock(),
    airline: fresh,
    detail: { notices: fresh.notices },
  });
}

/**
 * PUT: seats and services are priced by the airline; free ones (or ones paid in the same body)
 * are added at once, priced ones wait as the pending upsell for `commit`. Contact changes are ours.
 */
export async function changeOrderRequest(
  deps: ServicingDeps,
  scope: OrderScope,
  t: Target,
  body: ChangeRequest,
): Promise<OrderRow> {
  const { order, connector, ctx } = await open(deps, scope, t);
  requireOpen(order);
  const extras = extrasOf(body);
  if (extras.length === 0 && !body.contact)
    throw badRequest('the change request names nothing to change (seats, services or contact)', 'empty_change');
  let current = order;
  if (body.contact) {
    const contact = {
      email: body.contact.email ?? order.details.contact.email,
      phone: body.contact.phone ?? order.details.contact.phone,
    };
    current = await recordTransition(deps.db, current, {
      action: 'contact_updated',
      actor: scope.actor,
      at: deps.clock(),
      details: { contact },
    });
  }
  if (extras.length === 0) return current;
  const stated = statedAmountOf(body);
  const payment = paymentOf(body, connector.carriesPaymentAuthentication === true);
  if (stated && !payment) {
    throw badRequest('total_amount is what `payment` pays: send it with payment', 'invalid_request', { field: 'total_amount' });
  }
  // A trip credit of one of the order's own travellers may pay the extras (checked here, its amount once priced).
  const credit = await orderCredit(deps, scope, order, payment);
  const priced = unwrap(await connector.priceExtras({ kind: 'order', ref: refOf(order) }, extras, ctx), 'extra');
  const total = priced.reduce((sum, x) => sum + x.price.amountMinor, 0);
  const currency = priced[0]?.price.currency ?? order.currency;
  // Extras paid at once are paid at the amount the seller stated, or not at all.
  requireAcceptedPrice({ amountMinor: total, currency }, { stated, shown: null, what: 'the seats and services', offerId: null });
  if (total > 0 && !payment) {
    const pendingUpsell = { extras: priced, total: { amountMinor: total, currency } };
    return deps.db.transaction().execute(async (trx) => {
      const at = deps.clock();
      const row = await updateOrder(trx, current.id, {
        status: current.status,
        total_minor: Number(current.total_minor),
        currency: current.currency,
        payment_deadline: current.payment_deadline,
        details: { ...current.details, pendingUpsell },
        updated_at: at,
      });
      await appendHistory(trx, row.id, {
        action: 'upsell_priced',
        status: row.status,
        actor: scope.actor,
        airlineReference: priced[0]?.airlineOfferId ?? null,
        detail: { total: pendingUpsell.total, items: priced.map((x) => x.name) },
        at,
      });
      return row;
    });
  }
  const amount = total > 0 ? { amountMinor: total, currency } : null;
  // Free extras charge nothing: a credit named with them is not spent.
  const spending = amount ? credit : null;
  if (spending && amount) requireCreditCovers(spending, amount);
  const changed = unwrap(await connector.changeOrder(refOf(order), { extras: priced, payment, amount }, ctx));
  const row = await recordTransition(deps.db, current, {
    action: 'extras_added',
    actor: scope.actor,
    at: deps.clock(),
    airline: changed,
    details: { pendingUpsell: null },
    detail: { items: priced.map((x) => x.name), ...(spending ? { paid: amount, credit_id: spending.creditId } : {}) },
  });
  // The payment stands whatever happens here: the credit's own order catches up at its next re-read.
  if (spending) await recordCreditUse(deps, spending, { orderId: order.id, actor: scope.actor }).catch(() => undefined);
  return row;
}

/** commit: pays a hold and/or the pending upsell in one OrderChange; a hold becomes ticketed. */
export async function commitOrder(
  deps: ServicingDeps,
  scope: OrderScope,
  t: Target,
  body: { payment?: ChangeRequest['payment']; total_amount?: number; currency?: string },
): Promise<OrderRow> {
  const { order, connector, ctx } = await open(deps, scope, t);
  requireOpen(order);
  const pending = order.details.pendingUpsell;
  const holdDue = isUnpaidHold(order);
  if (!pending && !holdDue) {
    const why =
      order.status === 'hold'
        ? 'the order is paid and the airline is still issuing its tickets; GET it with refresh=true to see them'
        : 'the order is paid and has no pending upsell';
    throw conflict(`nothing to commit: ${why}`, 'nothing_to_commit');
  }
  // A commit pays, and tickets a hold: in production that needs accreditation.
  await deps.requireAccreditation?.(scope);
  const payment = paymentOf(body, connector.carriesPaymentAuthentication === true) ?? { type: 'agency_account' as const };
  requirePaymentType(connector, payment.type);
  // A trip credit of one of the order's own travellers may pay it (checked here, its amount below).
  const credit = await orderCredit(deps, scope, order, payment);
  const stated = statedAmountOf(body);
  const upsell = pending?.total.amountMinor ?? 0;
  // A hold is paid at the price the seller accepted (the order's total, or the amount it states):
  // the airline re-quotes it first, and any other price is refused before a payment is sent.
  const holdPrice = holdDue
    ? unwrap(await connector.quoteOrder(refOf(order), ctx)).total
    : { amountMinor: 0, currency: order.currency };
  const accepted = stated ?? { amountMinor: (holdDue ? Number(order.total_minor) : 0) + upsell, currency: order.currency };
  const due = { amountMinor: holdPrice.amountMinor + upsell, currency: holdPrice.currency };
  if (due.amountMinor !== accepted.amountMinor || due.currency !== accepted.currency) {
    throw priceChanged(accepted, due, `order ${order.id}`, null);
  }
  if (credit) requireCreditCovers(credit, due);
  const changed = unwrap(await connector.changeOrder(refOf(order), { extras: pending?.extras ?? [], payment, amount: due }, ctx));
  const at = deps.clock();
  const committed = await recordTransition(deps.db, order, {
    action: 'committed',
    actor: scope.actor,
    at,
    airline: changed,
    details: {
      pendingUpsell: null,
      ...(holdDue ? { holdPayment: { ...holdPrice, at: at.toISOString() } } : {}),
    },
    detail: { paid: due, payment: payment.type, ...(credit ? { credit_id: credit.creditId } : {}) },
  });
  // The payment stands whatever happens here: the credit's own order catches up at its next re-read.
  if (credit) await recordCreditUse(deps, credit, { orderId: order.id, actor: scope.actor }).catch(() => undefined);
  return committed;
}

/** quote: the airline reprices the order as it stands (what commit would charge). */
export async function quoteOrder(deps: ServicingDeps, scope: OrderScope, t: Target) {
  const { order, connector, ctx } = await open(deps, scope, t);
  requireOpen(order);
  const q = unwrap(await connector.quoteOrder(refOf(order), ctx));
  const pending = order.details.pendingUpsell?.total.amountMinor ?? 0;
  const due = (isUnpaidHold(order) ? q.total.amountMinor : 0) + pending;
  return { order, quote: q, amountDue: { amountMinor: due, currency: q.total.currency } };
}

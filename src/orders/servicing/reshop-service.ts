import type { ReshopRequest } from '../../connectors/order-types.js';
import type { OrderRow } from '../../platform/db/rows.js';
import { badRequest, conflict } from '../../platform/errors.js';
import { paymentOf } from '../booking/inputs.js';
import { orderCredit, recordCreditUse, requireCreditCovers } from '../booking/credit-payment.js';
import { recordTransition } from '../order-lifecycle.js';
import type { OrderScope } from '../order-record.js';
import type { ChangeRequest } from './schemas.js';
import { ancillariesQuote, cancelSegmentsQuote, confirmKeptChange, type ChangeInput } from './change-actions.js';
import { notUsedBy } from './order-part.js';
import { keepQuote } from './quote-keeper.js';
import { reissueScope } from './reissue-scope.js';
import { reshopScope, type ReshopSlice } from './reshop-slices.js';
import { changeQuoteId, isLive, type ServicingQuote } from './servicing-quote.js';
import { open, refOf, requireOpen, unwrap, zero, type ServicingDeps, type Target } from './context.js';

/** Reissue step 1: the airline's alternatives for the order, each journey on its own way (reshop-slices.ts). */
export async function reshopOrder(
  deps: ServicingDeps,
  scope: OrderScope,
  t: Target,
  body: { slices?: ReshopSlice[]; cabin?: ReshopRequest['cabin'] },
) {
  const opened = await open(deps, scope, t);
  requireOpen(opened.order);
  const request = await reshopScope(opened, body);
  return unwrap(await opened.connector.reshopOrder(refOf(opened.order), request, opened.ctx));
}

/**
 * change: an order quote for the action. `reissue` lists the alternatives the confirm step accepts
 * for the whole itinerary, or for the one journey `segment_ids` names (reissue-scope.ts);
 * `cancel_segments` and `ancillaries` are kept quotes confirmed by their `quote_id` (change-actions.ts).
 * Every action keeps its `reason` for the history entry of the confirm.
 */
export async function changeQuote(deps: ServicingDeps, scope: OrderScope, t: Target, body: ChangeInput) {
  const action = body.action ?? 'reissue';
  const opened = await open(deps, scope, t);
  const { order, connector, ctx } = opened;
  requireOpen(order);
  if (action === 'cancel_segments' || action === 'ancillaries') {
    const q =
      action === 'cancel_segments' ? await cancelSegmentsQuote(deps, opened, body) : await ancillariesQuote(deps, opened, body);
    const after =
      q.action === 'add_extras'
        ? Number(order.total_minor) + q.addExtras.reduce((s, x) => s + x.price.amountMinor, 0)
        : Number(order.total_minor);
    return {
      order,
      action,
      quote: q,
      quoteId: q.id,
      total: { amountMinor: after, currency: order.currency },
      amountDue: q.amountDue,
      deadline: order.status === 'hold' && order.payment_deadline ? order.payment_deadline.toISOString() : null,
      offers: undefined,
    };
  }
  notUsedBy('reissue', body, ['seats', 'services', 'remove_extra_ids', 'payment']);
  const { segmentIds, request } = await reissueScope(opened, body.segment_ids, body.departure_date);
  const offers = unwrap(await connector.reshopOrder(refOf(order), request, ctx));
  const best = [...offers].sort((a, b) => a.amountDue.amountMinor - b.amountDue.amountMinor)[0];
  const kept: ServicingQuote = {
    id: best?.offer.offerId ?? changeQuoteId(),
    action: 'reissue',
    airlineQuoteId: null,
    passengerIds: [],
    segmentIds,
    extraIds: [],
    addExtras: [],
    reason: body.reason ?? null,
    refund: zero(order.currency),
    credit: zero(order.currency),
    penalty: best?.penalty ?? zero(order.currency),
    amountDue: best?.amountDue ?? zero(order.currency),
    expiresAt: best?.offer.expiresAt ?? null,
  };
  await keepQuote(deps.db, order, 'change', kept);
  return {
    order,
    action,
    quote: kept,
    quoteId: best?.offer.offerId ?? null,
    total: best?.offer.total ?? { amountMinor: Number(order.total_minor), currency: order.currency },
    amountDue: best?.amountDue ?? zero(order.currency),
    deadline: null,
    offers,
  };
}

/**
 * change/confirm. An `offer_id` that is the kept cancel_segments or ancillaries quote confirms it;
 * otherwise it accepts reshop offer(s), and the airline reprices at acceptance.
 */
export async function confirmChange(
  deps: ServicingDeps,
  scope: OrderScope,
  t: Target,
  body: { offer_id?: string; offer_ids?: string[]; change_quote_id?: string; payment?: ChangeRequest['payment'] },
): Promise<{ order: OrderRow; full: boolean }> {
  if (!body.offer_id) throw badRequest('offer_id is required', 'offer_id_required');
  const opened = await open(deps, scope, t);
  const { order, connector, ctx } = opened;
  requireOpen(order);
  const kept = order.details.servicingQuotes?.change;
  if (kept && kept.action !== 'reissue' && kept.id === body.offer_id) {
    if (!isLive(kept, deps.clock()))
      throw conflict(`change quote ${body.offer_id} has expired; ask POST /change again`, 'quote_expired');
    if (body.offer_ids?.length)
      throw badRequest('offer_ids is not used when confirming a change quote', 'field_not_used', { field: 'offer_ids' });
    return confirmKeptChange(deps, scope, { opened, quote: kept, body });
  }
  // Accepting reshop offers pays and reissues the tickets: in production that needs accreditation.
  await deps.requireAccreditation?.(scope);
  const ids = [body.offer_id, ...(body.offer_ids ?? []).filter((id) => id !== body.offer_id)];
  const payment = paymentOf(body, connector.carriesPaymentAuthentication === true) ?? { type: 'agency_account' as const };
  // A trip credit of one of the order's travellers may pay what the offers charge; one that charges
  // nothing needs no payment, so the credit is not spent. A source that prices only at acceptance
  // (Duffel) answers for the credit itself.
  const credit = await orderCredit(deps, scope, order, payment);
  const due = connector.reshopAmountDue?.(ids) ?? null;
  const spending = credit && due && due.amountMinor > 0 ? credit : null;
  if (spending && due) requireCreditCovers(spending, due);
  // A reshop offer the source does not know (not one the gateway issued, or gone at the airline) is
  // the offer's 404, as for a booking: the caller's to fix, never a gateway failure.
  const { order: changed, charged } = unwrap(await connector.acceptReshopOffers(refOf(order), ids, payment, ctx), 'offer');
  const reissue = kept?.action === 'reissue' ? kept : null;
  const before = new Set(order.details.airline.segments.map((s) => s.segmentId));
  const at = deps.clock();
  // What the airline charged is kept on the order (its last change) and in the history entry.
  const lastChange = { charged: charged.amount, penalty: charged.penalty, at: at.toISOString() };
  const row = await recordTransition(deps.db, order, {
    action: 'reissued',
    actor: scope.actor,
    at,
    airline: changed,
    details: { lastChange, ...(reissue ? { servicingQuotes: { ...order.details.servicingQuotes, change: null } } : {}) },
    detail: {
      offer_ids: ids,
      change_quote_id: body.change_quote_id ?? null,
      reason: reissue?.reason ?? null,
      charged: charged.amount,
      penalty: charged.penalty,
      ...(reissue ? { segment_ids: reissue.segmentIds } : {}),
      // What the airline put in their place: the history names the old and the new flights.
      new_segment_ids: changed.segments
        .filter((s) => s.status !== 'cancelled' && !before.has(s.segmentId))
        .map((s) => s.segmentId),
      ...(spending ? { paid: due, credit_id: spending.creditId } : {}),
    },
  });
  // The payment stands whatever happens here: the credit's own order catches up at its next re-read.
  if (spending) await recordCreditUse(deps, spending, { orderId: order.id, actor: scope.actor }).catch(() => undefined);
  return { order: row, full: true };
}

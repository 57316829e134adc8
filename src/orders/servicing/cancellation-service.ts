import type { AirlineOrder, OrderPart } from '../../connectors/order-types.js';
import type { OrderRow } from '../../platform/db/rows.js';
import { unprocessable } from '../../platform/errors.js';
import { creditsOfRemovedPassengers, keptAsCredit } from '../order-credits.js';
import { recordTransition } from '../order-lifecycle.js';
import { isUnpaidHold } from '../order-status.js';
import type { OrderScope } from '../order-record.js';
import { involuntaryRefundDue } from '../airline-changes/disruption-actions.js';
import { open, refOf, requireOpen, unwrap, zero, type ServicingDeps, type Target } from './context.js';
import { checkPart } from './order-part.js';
import { keepQuote } from './quote-keeper.js';
import { isLive, type ServicingQuote } from './servicing-quote.js';

/**
 * Cancellation (21.3: an OrderReshop refund quote accepted by OrderChange), whole or in part, and
 * refunds. Quotes are kept on the order (servicing-quote.ts) so the confirm accepts what was quoted.
 */

export interface CancelInput {
  passenger_ids?: string[];
  segment_ids?: string[];
  reason?: string;
}

type Opened = Awaited<ReturnType<typeof open>>;

/** The airline's quote for the whole order or a part of it, as the quote the gateway keeps. */
export async function airlineCancelQuote(
  { order, connector, ctx }: Opened,
  action: ServicingQuote['action'],
  part: OrderPart | null,
  reason: string | null,
): Promise<ServicingQuote> {
  const q = unwrap(
    part ? await connector.partialCancelQuote(refOf(order), part, ctx) : await connector.cancelQuote(refOf(order), ctx),
  );
  const view = order.details.airline;
  return {
    id: q.quoteId,
    action,
    airlineQuoteId: q.quoteId,
    passengerIds: part ? part.passengerIds : view.passengers.map((p) => p.passengerId),
    segmentIds: part ? part.segmentIds : view.segments.filter((s) => s.status !== 'cancelled').map((s) => s.segmentId),
    extraIds: part ? part.extraIds : [],
    addExtras: [],
    reason,
    refund: q.refund,
    credit: q.credit,
    penalty: q.penalty,
    amountDue: zero(q.refund.currency),
    expiresAt: q.expiresAt,
    ...(q.method && { refundMethod: q.method }),
  };
}

/**
 * POST /cancel: the whole order, or the passengers or segments named (order-part.ts checks them
 * against the airline's current view first). Naming every passenger or segment is the whole order.
 */
export async function cancelQuote(deps: ServicingDeps, scope: OrderScope, t: Target, body: CancelInput) {
  const opened = await open(deps, scope, t);
  const { order, connector, ctx } = opened;
  requireOpen(order);
  const reason = body.reason ?? null;
  let quote: ServicingQuote;
  if ((body.passenger_ids?.length ?? 0) === 0 && (body.segment_ids?.length ?? 0) === 0) {
    quote = await airlineCancelQuote(opened, 'cancel', null, reason);
  } else {
    const view = unwrap(await connector.retrieveOrder(refOf(order), ctx));
    const part = checkPart(view, body.passenger_ids, body.segment_ids);
    quote = part.whole
      ? await airlineCancelQuote(opened, 'cancel', null, reason)
      : await airlineCancelQuote(opened, 'cancel_part', { ...part, extraIds: [] }, reason);
  }
  await keepQuote(deps.db, order, 'cancel', quote);
  return { order, quote };
}

const HISTORY_ACTION: Record<ServicingQuote['action'], string> = {
  cancel: 'cancelled',
  cancel_part: 'partially_cancelled',
  cancel_segments: 'segments_cancelled',
  remove_extras: 'extras_removed',
  add_extras: 'extras_added',
  reissue: 'reissued',
};

/**
 * Accepts a kept cancellation quote (whole or part) with OrderChange, then re-reads the order,
 * since refunds and coupon states settle at the airline. A part leaves the order open with what
 * remains (`order.updated`); the whole closes it (`order.cancelled`). The history names what went,
 * the money, the reason and who asked. When the re-read fails the caller gets `{order_id, status}`.
 */
export interface Acceptance {
  opened: Opened;
  quote: ServicingQuote;
  /** Which kept quote the acceptance uses up. */
  flow: 'cancel' | 'change';
  /** The history action; by default the quote's own (cancelled, partially_cancelled, …). */
  action?: string | undefined;
}

export async function acceptCancellation(
  deps: ServicingDeps,
  scope: OrderScope,
  { opened, quote, flow, action }: Acceptance,
): Promise<{ order: OrderRow; full: boolean }> {
  const { order, connector, ctx } = opened;
  const accepted = unwrap(await connector.acceptCancel(refOf(order), quote.airlineQuoteId ?? quote.id, ctx));
  const reread = await connector.retrieveOrder(refOf(order), ctx);
  const view: AirlineOrder | null = reread.ok ? reread.value : accepted;
  const money = { refund: quote.refund, penalty: quote.penalty, trip_credit: quote.credit, reason: quote.reason };
  const servicingQuotes = { ...order.details.servicingQuotes, [flow]: null };
  const whole = quote.action === 'cancel';
  const at = deps.clock();
  // Coupons refunded with the cancellation (AA's and VS's 24-hour window, a refundable fare): the
  // order says what came back, the amount the airline states, else the quote's. Its status is the
  // contract's answer to a cancel, `cancelled`; `refunded` follows on POST /refund or a refresh.
  const refundedNow = whole && view?.status === 'refunded' && quote.refund.amountMinor > 0;
  const refund = refundedNow ? { refund: { ...(view.refund ?? quote.refund), at: at.toISOString() } } : {};
  const row = await recordTransition(deps.db, order, {
    action: action ?? HISTORY_ACTION[quote.action],
    actor: scope.actor,
    at,
    airline: view,
    ...(whole ? { status: 'cancelled' as const } : {}),
    details: whole
      ? { cancellation: { refund: quote.refund, penalty: quote.penalty }, pendingUpsell: null, servicingQuotes, ...refund }
      : { servicingQuotes, ...removedCredits(order, quote) },
    detail: whole
      ? money
      : {
          removed: { passenger_ids: quote.passengerIds, segment_ids: quote.segmentIds, extra_ids: quote.extraIds },
          ...money,
        },
  });
  return { order: row, full: reread.ok };
}

/** A partial cancellation of passengers whose fare cancels to credit: their credits, kept on the order. */
function removedCredits(order: OrderRow, quote: ServicingQuote) {
  if (quote.action !== 'cancel_part' || !quote.credit) return {};
  const added = creditsOfRemovedPassengers(order, quote.passengerIds, quote.credit);
  return added.length > 0 ? { removedPassengerCredits: [...(order.details.removedPassengerCredits ?? []), ...added] } : {};
}

/**
 * cancel/confirm and DELETE. Confirm accepts the quote named by `cancellation_quote_id`, or without
 * one the last quote /cancel gave while it is valid; otherwise (and always for DELETE, `wholeOnly`)
 * a fresh quote for the whole order. An id the gateway did not issue is passed to the airline as is.
 */
export interface CancelConfirmation {
  /** The `cancellation_quote_id` sent, if any. */
  quoteId?: string | null;
  /** The history action; by default the quote's own. */
  action?: string | undefined;
  /** Cancels the whole order on a fresh quote, never a kept one (DELETE, refund). */
  wholeOnly?: boolean;
}

export async function confirmCancel(
  deps: ServicingDeps,
  scope: OrderScope,
  t: Target,
  { quoteId = null, action, wholeOnly = false }: CancelConfirmation,
): Promise<{ order: OrderRow; full: boolean }> {
  const opened = await open(deps, scope, t);
  requireOpen(opened.order);
  const kept = opened.order.details.servicingQuotes?.cancel;
  let quote = !wholeOnly && kept && (quoteId ? kept.id === quoteId : isLive(kept, deps.clock())) ? kept : null;
  if (!quote) {
    const fresh = await airlineCancelQuote(opened, 'cancel', null, null);
    quote = quoteId ? { ...fresh, id: quoteId, airlineQuoteId: quoteId } : fresh;
  }
  return acceptCancellation(deps, scope, { opened, quote, flow: 'cancel', action });
}

/** Why a hold has no refund: nothing paid yet, or paid with its tickets (what a refund gives back) still to come. */
const holdNotRefundable = (order: OrderRow): string =>
  isUnpaidHold(order)
    ? 'nothing was paid for this hold; cancel it instead'
    : 'the hold is paid and its tickets are still to come from the airline; refund it once they are issued';

/** refund-eligibility: what a refund would return now; reads only, records nothing. */
export async function refundEligibility(deps: ServicingDeps, scope: OrderScope, t: Target) {
  const { order, connector, ctx } = await open(deps, scope, t);
  const cur = order.currency;
  if (order.status === 'refunded')
    return { order, eligible: false, refund: zero(cur), penalty: zero(cur), reason: 'already refunded' };
  if (order.status === 'hold')
    return { order, eligible: false, refund: zero(cur), penalty: zero(cur), reason: holdNotRefundable(order) };
  if (order.status === 'cancelled') {
    const c = order.details.cancellation;
    const ok = Boolean(c && c.refund.amountMinor > 0);
    return {
      order,
      eligible: ok,
      refund: c?.refund ?? zero(cur),
      penalty: c?.penalty ?? zero(cur),
      reason: ok ? null : (keptAsCredit(order) ?? 'nothing to refund'),
    };
  }
  const q = unwrap(await connector.cancelQuote(refOf(order), ctx));
  // The airline's quote is the amount either way; an airline change owing the refund names why.
  const eligible = q.refund.amountMinor > 0;
  return {
    order,
    eligible,
    refund: q.refund,
    penalty: q.penalty,
    reason: eligible ? (involuntaryRefundDue(order) ? 'involuntary' : null) : 'the fare refunds nothing',
  };
}

/** refund: closes a ticketed order with its refund at the airline, or records a cancelled one's. */
export async function refundOrder(deps: ServicingDeps, scope: OrderScope, t: Target): Promise<OrderRow> {
  const { order, connector, ctx } = await open(deps, scope, t);
  if (order.status === 'refunded') return order;
  if (order.status === 'hold') throw unprocessable(holdNotRefundable(order), 'nothing_to_refund');
  let current = order;
  const involuntary = involuntaryRefundDue(order);
  if (order.status === 'ticketed')
    current = (await confirmCancel(deps, scope, t, { action: 'cancelled_for_refund', wholeOnly: true })).order;
  const c = current.details.cancellation;
  if (!c || c.refund.amountMinor <= 0)
    throw unprocessable(keptAsCredit(current) ?? 'the fare refunds nothing', 'nothing_to_refund');
  const at = deps.clock();
  const fresh = await connector.retrieveOrder(refOf(current), ctx);
  return recordTransition(deps.db, current, {
    action: 'refunded',
    actor: scope.actor,
    at,
    airline: fresh.ok ? fresh.value : null,
    status: 'refunded',
    // A refund the cancellation already made keeps its time.
    details: { refund: current.details.refund ?? { ...c.refund, at: at.toISOString() } },
    detail: { refund: c.refund, penalty: c.penalty, ...(involuntary ? { reason: 'involuntary' } : {}) },
  });
}

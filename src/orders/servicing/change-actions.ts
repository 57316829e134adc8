import type { OrderRow } from '../../platform/db/rows.js';
import { badRequest } from '../../platform/errors.js';
import { extrasOf, paymentOf } from '../booking/inputs.js';
import { orderCredit, recordCreditUse, requireCreditCovers } from '../booking/credit-payment.js';
import { recordTransition } from '../order-lifecycle.js';
import type { OrderScope } from '../order-record.js';
import { acceptCancellation, airlineCancelQuote } from './cancellation-service.js';
import { open, refOf, unwrap, zero, type ServicingDeps } from './context.js';
import { checkExtraIds, checkPart, notUsedBy } from './order-part.js';
import { keepQuote } from './quote-keeper.js';
import { changeQuoteId, type ServicingQuote } from './servicing-quote.js';
import type { ChangeRequest } from './schemas.js';

/** The /change body as the schema validated it (keys lower-cased). */
export interface ChangeInput {
  action?: 'reissue' | 'ancillaries' | 'cancel_segments';
  segment_ids?: string[];
  reason?: string;
  departure_date?: string;
  seats?: ChangeRequest['seats'];
  services?: ChangeRequest['services'];
  remove_extra_ids?: string[];
  payment?: ChangeRequest['payment'];
}

type Opened = Awaited<ReturnType<typeof open>>;

/** A priced-extras change is kept for 30 minutes, as long as AA keeps its a-la-carte offers. */
const EXTRAS_QUOTE_TTL_MS = 30 * 60 * 1000;

/** cancel_segments: the segments named, for every passenger; the same rules as POST /cancel. */
export async function cancelSegmentsQuote(deps: ServicingDeps, opened: Opened, body: ChangeInput): Promise<ServicingQuote> {
  notUsedBy('cancel_segments', body, ['departure_date', 'seats', 'services', 'remove_extra_ids', 'payment']);
  if (!body.segment_ids?.length)
    throw badRequest('segment_ids is required for action cancel_segments', 'segment_ids_required', { field: 'segment_ids' });
  const { order, connector, ctx } = opened;
  const view = unwrap(await connector.retrieveOrder(refOf(order), ctx));
  const part = checkPart(view, undefined, body.segment_ids);
  const reason = body.reason ?? null;
  const airline = part.whole
    ? await airlineCancelQuote(opened, 'cancel', null, reason)
    : await airlineCancelQuote(
        opened,
        'cancel_segments',
        { passengerIds: [], segmentIds: part.segmentIds, extraIds: [] },
        reason,
      );
  const quote = { ...airline, id: changeQuoteId() };
  await keepQuote(deps.db, order, 'change', quote);
  return quote;
}

/**
 * ancillaries: adds the seats and services named (priced by the airline now, paid at confirm on a
 * ticketed order) or removes extras by `extra_id` (the airline's refund quote). One or the other:
 * 21.3's OrderChange accepts one kind of offer per message, and two calls could half-apply.
 */
export async function ancillariesQuote(deps: ServicingDeps, opened: Opened, body: ChangeInput): Promise<ServicingQuote> {
  notUsedBy('ancillaries', body, ['departure_date', 'segment_ids', 'payment']);
  const { order, connector, ctx } = opened;
  const adding = extrasOf(body);
  const removing = body.remove_extra_ids ?? [];
  if (adding.length === 0 && removing.length === 0)
    throw badRequest('action ancillaries needs seats or services to add, or remove_extra_ids', 'empty_change', {
      field: 'seats',
    });
  if (adding.length > 0 && removing.length > 0)
    throw badRequest(
      'remove_extra_ids cannot be combined with seats or services: send the removal as its own change',
      'field_not_used',
      {
        field: 'remove_extra_ids',
      },
    );
  const reason = body.reason ?? null;
  let quote: ServicingQuote;
  if (removing.length > 0) {
    const extraIds = checkExtraIds(order.details.airline, removing);
    const airline = await airlineCancelQuote(opened, 'remove_extras', { passengerIds: [], segmentIds: [], extraIds }, reason);
    quote = { ...airline, id: changeQuoteId(), passengerIds: [], segmentIds: [] };
  } else {
    const priced = unwrap(await connector.priceExtras({ kind: 'order', ref: refOf(order) }, adding, ctx), 'extra');
    const currency = priced[0]?.price.currency ?? order.currency;
    const sum = priced.reduce((s, x) => s + x.price.amountMinor, 0);
    quote = {
      id: changeQuoteId(),
      action: 'add_extras',
      airlineQuoteId: null,
      passengerIds: [],
      segmentIds: [],
      extraIds: [],
      addExtras: priced,
      reason,
      refund: zero(currency),
      credit: zero(currency),
      penalty: zero(currency),
      // A hold pays its extras with the fare at commit; a ticketed order pays them at confirm.
      amountDue: { amountMinor: order.status === 'ticketed' ? sum : 0, currency },
      expiresAt: new Date(deps.clock().getTime() + EXTRAS_QUOTE_TTL_MS).toISOString(),
    };
  }
  await keepQuote(deps.db, order, 'change', quote);
  return quote;
}

/** change/confirm of a kept cancel_segments or ancillaries quote. */
export async function confirmKeptChange(
  deps: ServicingDeps,
  scope: OrderScope,
  { opened, quote, body }: { opened: Opened; quote: ServicingQuote; body: { payment?: ChangeRequest['payment'] } },
): Promise<{ order: OrderRow; full: boolean }> {
  if (quote.action !== 'add_extras') return acceptCancellation(deps, scope, { opened, quote, flow: 'change' });
  const { order, connector, ctx } = opened;
  const due = quote.amountDue.amountMinor;
  // Extras that charge nothing need no payment; a trip credit of one of the order's travellers may pay the rest.
  const payment =
    due > 0 ? (paymentOf(body, connector.carriesPaymentAuthentication === true) ?? { type: 'agency_account' as const }) : null;
  const credit = await orderCredit(deps, scope, order, payment);
  if (credit) requireCreditCovers(credit, quote.amountDue);
  // Paying for extras on a ticketed order issues documents: in production that needs accreditation.
  if (due > 0) await deps.requireAccreditation?.(scope);
  const changed = unwrap(
    await connector.changeOrder(
      refOf(order),
      { extras: quote.addExtras, payment, amount: due > 0 ? quote.amountDue : null },
      ctx,
    ),
  );
  const row = await recordTransition(deps.db, order, {
    action: 'extras_added',
    actor: scope.actor,
    at: deps.clock(),
    airline: changed,
    details: { servicingQuotes: { ...order.details.servicingQuotes, change: null } },
    detail: {
      items: quote.addExtras.map((x) => x.name),
      paid: quote.amountDue,
      reason: quote.reason,
      quote_id: quote.id,
      ...(credit ? { credit_id: credit.creditId } : {}),
    },
  });
  // The payment stands whatever happens here: the credit's own order catches up at its next re-read.
  if (credit) await recordCreditUse(deps, credit, { orderId: order.id, actor: scope.actor }).catch(() => undefined);
  return { order: row, full: true };
}

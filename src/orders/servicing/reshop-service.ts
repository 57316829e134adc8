import type { ReshopRequest } from '../../connectors/order-types.js';
import type { OrderRow } from '../../platform/db/rows.js';
import { badRequest, unprocessable } from '../../platform/errors.js';
import { paymentOf } from '../booking/inputs.js';
import { recordTransition } from '../order-lifecycle.js';
import type { OrderScope } from '../order-record.js';
import type { ChangeRequest } from './schemas.js';
import { quoteOrder } from './service.js';
import { open, refOf, requireOpen, unwrap, zero, type ServicingDeps, type Target } from './context.js';

/** Reissue: reshop for alternatives, quote a change, accept the chosen offer. */
export function reshopRequest(
  order: OrderRow,
  body: { slices?: { origin?: string; destination?: string; departure_date: string }[]; cabin?: ReshopRequest['cabin'] },
): ReshopRequest {
  const segs = order.details.airline.segments;
  const firstDate = segs[0]?.departingAt.slice(0, 10) ?? '';
  const slices = body.slices?.length
    ? body.slices.map((s) => ({
        origin: s.origin ?? order.origin,
        destination: s.destination ?? order.destination,
        departureDate: s.departure_date,
      }))
    : [{ origin: order.origin, destination: order.destination, departureDate: firstDate }];
  return { slices, cabin: body.cabin ?? null };
}

export async function reshopOrder(deps: ServicingDeps, scope: OrderScope, t: Target, body: Parameters<typeof reshopRequest>[1]) {
  const { order, connector, ctx } = await open(deps, scope, t);
  requireOpen(order);
  return unwrap(await connector.reshopOrder(refOf(order), reshopRequest(order, body), ctx));
}

/** change: an order quote for the action; reissue lists the alternatives the confirm step accepts. */
export async function changeQuote(
  deps: ServicingDeps,
  scope: OrderScope,
  t: Target,
  body: { action?: string; departure_date?: string; segment_ids?: string[] },
) {
  const action = body.action ?? 'reissue';
  if (action === 'cancel_segments') {
    throw unprocessable(
      'AA does not cancel single segments through NDC; cancel the whole order with POST /cancel',
      'change_not_supported',
    );
  }
  if (action === 'ancillaries') {
    const q = await quoteOrder(deps, scope, t);
    return {
      order: q.order,
      action,
      quoteId: q.quote.quoteId,
      total: q.quote.total,
      amountDue: q.amountDue,
      deadline: q.quote.paymentDeadline,
      offers: undefined,
    };
  }
  const { order, connector, ctx } = await open(deps, scope, t);
  requireOpen(order);
  const request = reshopRequest(order, body.departure_date ? { slices: [{ departure_date: body.departure_date }] } : {});
  const offers = unwrap(await connector.reshopOrder(refOf(order), request, ctx));
  const best = [...offers].sort((a, b) => a.amountDue.amountMinor - b.amountDue.amountMinor)[0];
  return {
    order,
    action,
    quoteId: best?.offer.offerId ?? null,
    total: best?.offer.total ?? { amountMinor: Number(order.total_minor), currency: order.currency },
    amountDue: best?.amountDue ?? zero(order.currency),
    deadline: null,
    offers,
  };
}

/** change/confirm: accepts reshop offer(s); the airline reprices at acceptance. */
export async function confirmChange(
  deps: ServicingDeps,
  scope: OrderScope,
  t: Target,
  body: { offer_id?: string; offer_ids?: string[]; change_quote_id?: string; payment?: ChangeRequest['payment'] },
) {
  if (!body.offer_id) throw badRequest('offer_id is required', 'offer_id_required');
  const { order, connector, ctx } = await open(deps, scope, t);
  requireOpen(order);
  // Accepting reshop offers pays and reissues the tickets: in production that needs accreditation.
  await deps.requireAccreditation?.(scope);
  const ids = [body.offer_id, ...(body.offer_ids ?? []).filter((id) => id !== body.offer_id)];
  const changed = unwrap(
    await connector.acceptReshopOffers(refOf(order), ids, paymentOf(body) ?? { type: 'agency_account' }, ctx),
  );
  return recordTransition(deps.db, order, {
    action: 'reissued',
    actor: scope.actor,
    at: deps.clock(),
    airline: changed,
    detail: { offer_ids: ids, change_quote_id: body.change_quote_id ?? null },
  });
}

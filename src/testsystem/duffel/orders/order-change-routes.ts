import type { FastifyInstance } from 'fastify';
import type { DuffelDeps } from '../deps.js';
import { dataOf, str } from '../wire/body.js';
import { invalidState, required } from '../wire/duffel-errors.js';
import { newId } from '../wire/ids.js';
import { fromWire } from '../wire/money.js';
import { closeOpenChanges } from './airline-initiated-changes.js';
import { checkPayment } from './order-body.js';
import { changeAllowed } from './order-record.js';
import { issueTickets, loadOrder, refreshActions, refreshTotals } from './order-record.js';
import { type ChangeOfferRecord, type OrderChangeRecord, CHANGE_OFFER, ORDER_CHANGE, load } from './change-records.js';

/** POST /air/order_changes from an offer, GET one, and confirming it: the difference paid and the tickets reissued. */
export function registerOrderChangeRoutes(app: FastifyInstance, deps: DuffelDeps): void {
  app.post('/air/order_changes', async (request, reply) => {
    const offerId = str(dataOf(request), 'selected_order_change_offer');
    return deps.change(async (change) => {
      const now = await deps.now();
      const offer = await load<ChangeOfferRecord>(deps, CHANGE_OFFER, offerId);
      if (Date.parse(offer.offer.expires_at) <= now)
        throw invalidState(
          'order_change_offer_expired',
          'Change offer expired',
          'The order change offer has expired; request the change again',
        );
      if (offer.offer.order_change_id)
        throw invalidState(
          'order_change_offer_used',
          'Change offer already used',
          'An order change was already made from this offer',
        );
      const iso = new Date(now).toISOString();
      const id = newId('orderChange');
      const record: OrderChangeRecord = {
        change: {
          id,
          order_id: offer.orderId,
          live_mode: false,
          slices: offer.offer.slices,
          change_total_amount: offer.offer.change_total_amount,
          change_total_currency: offer.offer.change_total_currency,
          new_total_amount: offer.offer.new_total_amount,
          new_total_currency: offer.offer.new_total_currency,
          penalty_total_amount: offer.offer.penalty_amount,
          penalty_total_currency: offer.offer.penalty_currency,
          refund_to: 'original_form_of_payment',
          available_payment_types: ['balance'],
          created_at: iso,
          expires_at: offer.offer.expires_at,
          confirmed_at: null,
        },
        changeOfferId: offer.offer.id,
      };
      offer.offer.order_change_id = id;
      offer.offer.updated_at = iso;
      change.put('order_change_offer', offer.offer.id, offer, {
        parentId: offer.requestId,
        createdAt: Date.parse(offer.offer.created_at),
      });
      change.put('order_change', id, record, { parentId: offer.orderId, createdAt: now });
      reply.code(201);
      return { data: record.change };
    });
  });

  app.get<{ Params: { id: string } }>('/air/order_changes/:id', async (request) => ({
    data: (await load<OrderChangeRecord>(deps, ORDER_CHANGE, request.params.id)).change,
  }));

  app.post<{ Params: { id: string } }>('/air/order_changes/:id/actions/confirm', async (request) => {
    const body = request.body ? dataOf(request) : {};
    return deps.change(async (change) => {
      const now = await deps.now();
      const stored = await load<OrderChangeRecord>(deps, ORDER_CHANGE, request.params.id);
      const c = stored.change;
      if (c.confirmed_at)
        throw invalidState('already_confirmed', 'Already confirmed', 'This order change has already been confirmed');
      if (Date.parse(c.expires_at) <= now)
        throw invalidState(
          'order_change_expired',
          'Order change expired',
          'The order change has expired; request the change again',
        );
      const offer = await load<ChangeOfferRecord>(deps, CHANGE_OFFER, stored.changeOfferId);
      const record = await loadOrder(deps, c.order_id);
      if (record.order.cancelled_at)
        throw invalidState('order_cancelled', 'Order cancelled', 'A cancelled order cannot be changed');
      const due = fromWire(c.change_total_amount)!;
      if (due > 0) {
        if (body.payment === undefined) throw required('payment');
        checkPayment(body.payment, 'payment', due, record.currency);
      }
      const removeIds = new Set(c.slices.remove.map((s) => s.id));
      const kept = record.order.slices
        .map((s, i) => ({ slice: s, price: record.slicePrices[i]!, longHaul: record.longHaul[i]! }))
        .filter((k) => !removeIds.has(k.slice.id));
      const added = c.slices.add.map((s, i) => ({ slice: s, price: offer.addedPrices[i]!, longHaul: offer.addedLongHaul[i]! }));
      const all = [...kept, ...added].sort((a, b) =>
        a.slice.segments[0]!.departing_at.localeCompare(b.slice.segments[0]!.departing_at),
      );
      if (removeIds.size + kept.length !== record.order.slices.length)
        throw invalidState(
          'order_changed',
          'Order changed since',
          'The order’s slices changed since this change was offered; request the change again',
        );
      const iso = new Date(now).toISOString();
      record.order.slices = all.map((a) => a.slice);
      record.slicePrices = all.map((a) => a.price);
      record.longHaul = all.map((a) => a.longHaul);
      record.paidAmount += due;
      refreshTotals(record);
      issueTickets(record);
      refreshActions(record, changeAllowed(record));
      record.order.synced_at = iso;
      closeOpenChanges(record, 'changed', iso, change);
      c.confirmed_at = iso;
      change.put('order_change', c.id, stored, { parentId: c.order_id, createdAt: Date.parse(c.created_at) });
      change.put('order', record.order.id, record, { parentId: null, createdAt: Date.parse(record.order.created_at) });
      change.emit('order.updated', record.order, c.id, now);
      return { data: c };
    });
  });
}

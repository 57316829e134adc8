import type { FastifyInstance } from 'fastify';
import type { DuffelDeps } from '../deps.js';
import { dataOf, str, type Json } from '../wire/body.js';
import { invalidState } from '../wire/duffel-errors.js';
import { newId } from '../wire/ids.js';
import { toWire } from '../wire/money.js';
import { changeAllowed, issueTickets, loadOrder, refreshActions, totalAmount } from './order-record.js';
import { checkPayment } from './order-body.js';

/** POST /air/payments: pays a held order, which is then ticketed. */
export function registerPaymentRoutes(app: FastifyInstance, deps: DuffelDeps): void {
  app.post('/air/payments', async (request, reply) => {
    const data = dataOf(request);
    const orderId = str(data, 'order_id');
    return deps.change(async (change) => {
      const now = await deps.now();
      const record = await loadOrder(deps, orderId);
      const status = record.order.payment_status;
      if (record.order.cancelled_at)
        throw invalidState('order_cancelled', 'Order cancelled', 'The order is cancelled and cannot be paid');
      if (!status.awaiting_payment) throw invalidState('already_paid', 'Order already paid', 'The order has already been paid');
      if (status.payment_required_by && Date.parse(status.payment_required_by) <= now)
        throw invalidState(
          'order_expired',
          'Order expired',
          'The time to pay this hold order has passed; the airline released it',
        );
      const due = totalAmount(record);
      const amount = checkPayment(data.payment, 'payment', due, record.currency);
      const iso = new Date(now).toISOString();
      const payment = {
        id: newId('payment'),
        type: (data.payment as Json).type,
        amount: toWire(amount),
        currency: record.currency,
        created_at: iso,
      };
      record.paidAmount += amount;
      record.order.payment_status = {
        awaiting_payment: false,
        payment_required_by: null,
        price_guarantee_expires_at: null,
        paid_at: iso,
      };
      issueTickets(record);
      refreshActions(record, changeAllowed(record));
      change.put('payment', payment.id, payment, { parentId: record.order.id, createdAt: now });
      change.put('order', record.order.id, record, { parentId: null, createdAt: Date.parse(record.order.created_at) });
      change.emit('order.updated', record.order, payment.id, now);
      reply.code(201);
      return { data: payment };
    });
  });
}

import type { FastifyInstance } from 'fastify';
import type { DuffelDeps } from '../deps.js';
import { arr, dataOf } from '../wire/body.js';
import { invalidState } from '../wire/duffel-errors.js';
import { baggageServices } from '../shopping/offer-builder.js';
import { emd, loadOrder, refreshTotals, type OrderRecord } from './order-record.js';
import { checkPayment } from './order-body.js';
import { applyServices, chooseServices } from './order-services.js';

/** Bags after booking: GET /air/orders/{id}/available_services and POST /air/orders/{id}/services. */
export function registerServiceRoutes(app: FastifyInstance, deps: DuffelDeps): void {
  const orderBags = (record: OrderRecord) => {
    const passengers = record.order.passengers.map((p) => ({ id: p.id, type: p.type }));
    return baggageServices(record.order.id, record.order.slices as never, {
      longHaul: record.longHaul,
      passengers,
      currency: record.currency,
    });
  };

  app.get<{ Params: { id: string } }>('/air/orders/:id/available_services', async (request) => {
    const record = await loadOrder(deps, request.params.id);
    return { data: record.order.cancelled_at ? [] : orderBags(record) };
  });

  app.post<{ Params: { id: string } }>('/air/orders/:id/services', async (request, reply) => {
    const data = dataOf(request);
    const add = arr(data, 'add_services', 'add_services', { min: 1, max: 20 });
    return deps.change(async (change) => {
      const now = await deps.now();
      const record = await loadOrder(deps, request.params.id);
      if (record.order.cancelled_at)
        throw invalidState('order_cancelled', 'Order cancelled', 'Services cannot be added to a cancelled order');
      if (record.order.payment_status.awaiting_payment)
        throw invalidState('order_awaiting_payment', 'Order awaiting payment', 'Pay the order before adding services');
      const chosen = chooseServices(add, 'add_services', orderBags(record), []);
      checkPayment(data.payment, 'payment', chosen.amount, record.currency);
      record.servicesAmount += chosen.amount;
      record.paidAmount += chosen.amount;
      record.order.services.push(...chosen.services);
      applyServices(record.order, chosen);
      refreshTotals(record);
      for (const s of chosen.services) record.order.documents.push(emd(record, s.passenger_ids));
      change.put('order', record.order.id, record, { parentId: null, createdAt: Date.parse(record.order.created_at) });
      change.emit('order.updated', record.order, chosen.services[0]!.id, now);
      reply.code(201);
      return { data: record.order };
    });
  });
}

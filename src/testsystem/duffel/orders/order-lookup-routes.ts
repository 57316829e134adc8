import type { FastifyInstance } from 'fastify';
import type { DuffelDeps } from '../deps.js';
import { dataOf, obj } from '../wire/body.js';
import { badQuery, required } from '../wire/duffel-errors.js';
import { paginate, type PageQuery } from '../wire/pagination.js';
import { loadOrder, type OrderRecord } from './order-record.js';
import { parseMetadata } from './order-body.js';

/** GET /air/orders (paged, filtered), GET /air/orders/{id}, and PATCH /air/orders/{id} (metadata). */
export function registerOrderLookupRoutes(app: FastifyInstance, deps: DuffelDeps): void {
  app.get<{ Querystring: PageQuery & { awaiting_payment?: string; booking_reference?: string } }>(
    '/air/orders',
    async (request) => {
      const { awaiting_payment: awaiting, booking_reference: reference } = request.query;
      if (awaiting !== undefined && awaiting !== 'true' && awaiting !== 'false')
        throw badQuery('awaiting_payment', 'awaiting_payment must be true or false');
      let orders = (await deps.store.list<OrderRecord>('order')).reverse().map((r) => r.order);
      if (awaiting !== undefined) orders = orders.filter((o) => o.payment_status.awaiting_payment === (awaiting === 'true'));
      if (reference !== undefined) orders = orders.filter((o) => o.booking_reference === reference);
      const page = paginate(orders, request.query);
      return { data: page.data, meta: page.meta };
    },
  );

  app.get<{ Params: { id: string } }>('/air/orders/:id', async (request) => {
    return { data: (await loadOrder(deps, request.params.id)).order };
  });

  app.patch<{ Params: { id: string } }>('/air/orders/:id', async (request) => {
    const data = dataOf(request);
    // Duffel's reference sends { data: { metadata } }; @duffel/api 4.30's orders.update wraps it as { data: { options: { metadata } } }.
    const source = data.options !== undefined ? obj(data.options, 'options') : data;
    if (source.metadata === undefined) throw required('metadata');
    const metadata = parseMetadata(source.metadata, 'metadata');
    return deps.change(async (change) => {
      const record = await loadOrder(deps, request.params.id);
      record.order.metadata = metadata;
      change.put('order', record.order.id, record, { parentId: null, createdAt: Date.parse(record.order.created_at) });
      return { data: record.order };
    });
  });
}

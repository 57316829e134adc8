import type { FastifyInstance } from 'fastify';
import { orderView } from '../order-view.js';
import { orderRouteContext, requireCreateScope, scopeOf, TAG, withStatusDoc, type OrderRouteOptions } from '../route-context.js';
import { OrderSchema } from '../schemas.js';
import { validKey } from './idempotency-service.js';
import { createOrderExamples, CreateOrderBody, IdempotencyKeyHeaders } from './schemas.js';
import { withExamples } from '../../platform/http/request-examples.js';
import { createOrder } from './service.js';

/** POST /v1/orders: book an offer, once per idempotency key. */
export async function bookingRoutes(app: FastifyInstance, options: OrderRouteOptions): Promise<void> {
  const { router, deps, writeRoute } = orderRouteContext(app, options);

  router.post(
    '/v1/orders',
    {
      // The gate, then the permission, then the body: an incomplete body from a static key is 403.
      preValidation: [...writeRoute.preValidation, requireCreateScope],
      schema: {
        operationId: 'createOrder',
        tags: TAG,
        summary: 'Book an offer: hold (pay later) or pay now (ticketed)',
        description: withStatusDoc(
          'Header `Idempotency-Key` (≤128 characters): a repeat returns the first order with 200 and `Idempotent-Replayed: true`.',
        ),
        headers: IdempotencyKeyHeaders,
        body: withExamples(CreateOrderBody, createOrderExamples),
        response: { 200: OrderSchema, 201: OrderSchema },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request, 'create');
      const key = validKey(request.headers['idempotency-key']);
      const { order, replayed } = await createOrder(deps, scope, request.body, key);
      if (replayed) reply.header('Idempotent-Replayed', 'true');
      return reply.code(replayed ? 200 : 201).send(orderView(order, deps.clock()));
    },
  );
}

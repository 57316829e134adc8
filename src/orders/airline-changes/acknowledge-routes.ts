import { orderView } from '../order-view.js';
import { orderRouteContext, scopeOf, TAG, type OrderRouteOptions } from '../route-context.js';
import { AirlineQuery, OrderIdParams, OrderSchema } from '../schemas.js';
import type { FastifyInstance } from 'fastify';
import { AcknowledgeChangesBody } from './acknowledge-schemas.js';
import { acknowledgeChanges } from './acknowledge-service.js';

/** `POST /v1/orders/{orderID}/acknowledge-changes`: the agency accepts the airline's schedule changes. */
export async function acknowledgeRoutes(app: FastifyInstance, options: OrderRouteOptions): Promise<void> {
  const { router, deps, target, writeRoute, exclusive } = orderRouteContext(app, options);
  router.post(
    '/v1/orders/:orderID/acknowledge-changes',
    {
      ...writeRoute,
      schema: {
        operationId: 'acknowledgeOrderChanges',
        tags: TAG,
        summary: "Accept the airline's schedule changes shown on the order's segments",
        description:
          "Clears every segment's `schedule_change`, records `changes_acknowledged` in the history and sends `order.updated`. " +
          'Idempotent: with nothing pending (never changed, or already acknowledged) it answers 200 with the order as it is and writes nothing. ' +
          "No body (or `{}`; any field is 400 naming it). An open order's acceptance is sent to the airline first (NDC OrderChangeRQ `AcceptChange`): accepting the alternative ends the involuntary refund there too, so afterwards `refund-eligibility` answers what the fare itself gives back. " +
          'When the airline cannot be reached the answer is 502/503 and the change stays pending. ' +
          'Any status: a cancelled order may still show the change that cancelled it (nothing is sent to the airline then).',
        params: OrderIdParams,
        querystring: AirlineQuery,
        body: AcknowledgeChangesBody,
        response: { 200: OrderSchema },
      },
    },
    async (request) =>
      exclusive(
        request,
        async () => orderView(await acknowledgeChanges(deps, scopeOf(request, 'read'), target(request)), deps.clock()),
        false,
      ),
  );
}

import { Type } from '@sinclair/typebox';
import { money, orderView } from '../order-view.js';
import { scopeOf, TAG, withStatusDoc, type OrderRouteContext } from '../route-context.js';
import { AirlineRequiredQuery, OrderIdParams, OrderSchema } from '../schemas.js';
import { lowerCaseKeys } from './case-insensitive-keys.js';
import { confirmCancel } from './cancellation-service.js';
import { ChangeRequestBody, CommitBody, OrderQuoteSchema, servicingExamples } from './schemas.js';
import { withExamples } from '../../platform/http/request-examples.js';
import { changeOrderRequest, commitOrder, quoteOrder } from './service.js';

/** The order itself: a change request (PUT), a cancel in one step (DELETE), the quote of a pending change and its commit. */
export function changeRequestRoutes({ router, deps, target, writeRoute, exclusive }: OrderRouteContext): void {
  router.put(
    '/v1/orders/:orderID',
    {
      ...writeRoute,
      schema: {
        operationId: 'changeOrder',
        tags: TAG,
        summary: 'Change request: seats, services, contact (JSON keys case-insensitive)',
        description: withStatusDoc('Priced extras without `payment` become `pending_upsell`, finalised by POST /commit.'),
        params: OrderIdParams,
        querystring: AirlineRequiredQuery,
        body: withExamples(ChangeRequestBody, servicingExamples.changeOrder),
        response: { 200: OrderSchema },
      },
      // After the write gate, keys are lower-cased in place (they are case-insensitive) before
      // the schema validates them.
      preValidation: [...writeRoute.preValidation, async (request) => lowerCaseKeys(request.body)],
    },
    async (request) =>
      exclusive(request, async () =>
        orderView(await changeOrderRequest(deps, scopeOf(request, 'read'), target(request), request.body), deps.clock()),
      ),
  );

  router.delete(
    '/v1/orders/:orderID',
    {
      ...writeRoute,
      schema: {
        operationId: 'cancelOrder',
        tags: TAG,
        summary: 'Cancel the order at the airline (quote and accept in one step)',
        description: withStatusDoc('204 on success.'),
        params: OrderIdParams,
        querystring: AirlineRequiredQuery,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await exclusive(request, () => confirmCancel(deps, scopeOf(request, 'read'), target(request), { wholeOnly: true }));
      return reply.code(204).send(null);
    },
  );

  router.post(
    '/v1/orders/:orderID/quote',
    {
      ...writeRoute,
      schema: {
        operationId: 'quoteOrder',
        description: 'The airline reprices the order as it stands; nothing is changed.',
        tags: TAG,
        summary: 'Order quote: the airline reprices the order as it stands',
        params: OrderIdParams,
        querystring: AirlineRequiredQuery,
        response: { 200: OrderQuoteSchema },
      },
    },
    async (request) => {
      const q = await quoteOrder(deps, scopeOf(request, 'read'), target(request));
      return {
        order_id: q.order.id,
        quote_id: q.quote.quoteId,
        action: 'reprice',
        total: money(q.quote.total)!,
        amount_due: money(q.amountDue)!,
        payment_deadline: q.quote.paymentDeadline,
      };
    },
  );

  router.post(
    '/v1/orders/:orderID/commit',
    {
      ...writeRoute,
      schema: {
        operationId: 'payOrder',
        tags: TAG,
        summary: 'Pay a hold and/or the pending upsell (seats, bags)',
        description: withStatusDoc('Payment defaults to the agency account (BSP).'),
        params: OrderIdParams,
        querystring: AirlineRequiredQuery,
        body: withExamples(Type.Optional(CommitBody), servicingExamples.payOrder),
        response: { 200: OrderSchema },
      },
    },
    async (request) =>
      exclusive(request, async () =>
        orderView(await commitOrder(deps, scopeOf(request, 'read'), target(request), request.body ?? {}), deps.clock()),
      ),
  );
}

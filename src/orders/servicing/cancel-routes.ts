import { Type } from '@sinclair/typebox';
import { orderView } from '../order-view.js';
import { scopeOf, TAG, withStatusDoc, type OrderRouteContext } from '../route-context.js';
import { AirlineRequiredQuery, MinimalOrder, OrderIdParams, OrderSchema } from '../schemas.js';
import { lowerCaseKeys } from './case-insensitive-keys.js';
import { cancelQuote, confirmCancel, refundEligibility, refundOrder } from './cancellation-service.js';
import { cancelQuoteView, refundEligibilityView } from './quote-view.js';
import {
  CancelBody,
  CancelConfirmBody,
  CancelQuoteSchema,
  RefundAccepted,
  RefundEligibility,
  servicingExamples,
} from './schemas.js';
import { withExamples } from '../../platform/http/request-examples.js';

/** Cancelling and refunding: a cancel quote and its confirmation, refund eligibility, the refund. */
export function cancelRoutes({ router, deps, target, writeRoute, exclusive }: OrderRouteContext): void {
  router.post(
    '/v1/orders/:orderID/cancel',
    {
      ...writeRoute,
      schema: {
        operationId: 'quoteOrderCancellation',
        description:
          'What cancelling would refund and what the fare conditions keep, without cancelling: the whole order, or the `passenger_ids` ' +
          '(on every segment still booked) or `segment_ids` (for every passenger) named, by the fare rules per passenger. An infant is ' +
          'never left without an adult (422 naming it), a flown segment is not cancelled (422). Accept with POST /cancel/confirm. ' +
          'The body may be left out; JSON keys are matched case-insensitively.',
        tags: TAG,
        summary: 'Cancellation quote, whole order or part: refund versus penalty from the fare conditions',
        params: OrderIdParams,
        querystring: AirlineRequiredQuery,
        body: withExamples(Type.Optional(CancelBody), servicingExamples.quoteOrderCancellation),
        response: { 200: CancelQuoteSchema },
      },
      preValidation: [...writeRoute.preValidation, async (request) => lowerCaseKeys(request.body)],
    },
    async (request) => {
      return exclusive(request, async () =>
        cancelQuoteView(await cancelQuote(deps, scopeOf(request, 'read'), target(request), request.body ?? {})),
      );
    },
  );

  router.post(
    '/v1/orders/:orderID/cancel/confirm',
    {
      ...writeRoute,
      schema: {
        operationId: 'confirmOrderCancellation',
        tags: TAG,
        summary: 'Accept the cancellation quote (whole order or part); the order, or `{order_id, status}`',
        description: withStatusDoc(
          'Accepts `cancellation_quote_id`, or without it the last quote POST /cancel gave while valid (else the whole order). ' +
            'A part leaves the order open with what remains (`order.updated`); the whole closes it (`order.cancelled`). ' +
            'Answers `{order_id, status}` when the airline cannot be read back.',
        ),
        params: OrderIdParams,
        querystring: AirlineRequiredQuery,
        body: withExamples(Type.Optional(CancelConfirmBody), servicingExamples.confirmOrderCancellation),
        response: { 200: Type.Union([OrderSchema, MinimalOrder]) },
      },
    },
    async (request) => {
      const { order, full } = await exclusive(request, () =>
        confirmCancel(deps, scopeOf(request, 'read'), target(request), {
          quoteId: request.body?.cancellation_quote_id ?? null,
        }),
      );
      return full ? orderView(order, deps.clock()) : { order_id: order.id, status: order.status };
    },
  );

  router.get(
    '/v1/orders/:orderID/refund-eligibility',
    {
      schema: {
        operationId: 'getRefundEligibility',
        description:
          'Whether the order can be refunded now, the refundable amount and the penalty, from the fare conditions; changes nothing.',
        tags: TAG,
        summary: 'Refund eligibility, refundable amount and penalty (no side effect)',
        params: OrderIdParams,
        querystring: AirlineRequiredQuery,
        response: { 200: RefundEligibility },
      },
    },
    async (request) => {
      return refundEligibilityView(await refundEligibility(deps, scopeOf(request, 'read'), target(request)));
    },
  );

  router.post(
    '/v1/orders/:orderID/refund',
    {
      ...writeRoute,
      schema: {
        operationId: 'refundOrder',
        tags: TAG,
        summary: 'Refund the order (202)',
        description: withStatusDoc('A ticketed order is cancelled with its refund; a cancelled one has its refund recorded.'),
        params: OrderIdParams,
        querystring: AirlineRequiredQuery,
        response: { 202: RefundAccepted },
      },
    },
    async (request, reply) => {
      const order = await exclusive(request, () => refundOrder(deps, scopeOf(request, 'read'), target(request)));
      return reply.code(202).send({ order_id: order.id, status: 'refunded' as const });
    },
  );
}

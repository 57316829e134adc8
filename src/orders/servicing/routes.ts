import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { money, orderView } from '../order-view.js';
import { orderRouteContext, scopeOf, TAG, withStatusDoc, type OrderRouteOptions } from '../route-context.js';
import { AirlineRequiredQuery, MinimalOrder, OrderIdParams, OrderSchema } from '../schemas.js';
import { lowerCaseKeys } from './case-insensitive-keys.js';
import { cancelQuote, confirmCancel, refundEligibility, refundOrder } from './cancellation-service.js';
import { changeQuote, confirmChange, reshopOrder } from './reshop-service.js';
import { cancelQuoteView, changeQuoteView, refundEligibilityView } from './quote-view.js';
import { reshopOffersView } from './reshop-view.js';
import {
  CancelBody,
  CancelConfirmBody,
  CancelQuoteSchema,
  ChangeBody,
  ChangeConfirmBody,
  ChangeRequestBody,
  CommitBody,
  OrderQuoteSchema,
  RefundAccepted,
  RefundEligibility,
  ReshopBody,
  ReshopResult,
  servicingExamples,
} from './schemas.js';
import { withExamples } from '../../platform/http/request-examples.js';
import { changeOrderRequest, commitOrder, quoteOrder } from './service.js';

/** Servicing an existing order: change request, cancel, quote, commit, reshop, change, cancel, refund. */
export async function orderServicingRoutes(app: FastifyInstance, options: OrderRouteOptions): Promise<void> {
  const { router, deps, target, writeRoute, exclusive } = orderRouteContext(app, options);

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

  router.post(
    '/v1/orders/:orderID/reshop',
    {
      ...writeRoute,
      schema: {
        operationId: 'reshopOrder',
        tags: TAG,
        summary: 'Alternatives for the order (reissue step 1)',
        description:
          "One slice per journey still booked, in order, each on the journey's own origin and destination (a round trip is reshopped as a round trip); without `slices`: every journey on its booked date. Each offer names the brand it reshops in (`fare_brand`, `fare_brand_code`).",
        params: OrderIdParams,
        querystring: AirlineRequiredQuery,
        body: withExamples(Type.Optional(ReshopBody), servicingExamples.reshopOrder),
        response: { 200: ReshopResult },
      },
    },
    async (request) => ({
      offers: reshopOffersView(await reshopOrder(deps, scopeOf(request, 'read'), target(request), request.body ?? {})),
    }),
  );

  router.post(
    '/v1/orders/:orderID/change',
    {
      ...writeRoute,
      schema: {
        operationId: 'quoteOrderChange',
        description:
          'Prices a change without making it. `reissue`: alternatives for a new date (accept one with POST /change/confirm `offer_id`): ' +
          'of the whole itinerary, or of one journey when `segment_ids` names every segment of it (the return of a round trip, a ' +
          'connection whole), the other journeys staying booked and ticketed; the fare difference and change fee are for that journey, ' +
          'per passenger. Part of a journey is 422 `partial_journey`, a journey flown or partly flown 422 `segment_flown`. ' +
          '`cancel_segments`: the `segment_ids` cancelled for every passenger, refund versus penalty by the fare rules; naming every segment ' +
          'is the whole order. `ancillaries`: `seats`/`services` to add (priced now, paid at confirm on a ticketed order) or ' +
          '`remove_extra_ids` to remove. Those two are confirmed with POST /change/confirm `{"offer_id": quote_id}`. `reason` is kept ' +
          'in the quote and in the history. A field the action cannot use is a 400 naming it. JSON keys are matched case-insensitively.',
        tags: TAG,
        summary: 'Change quote: `reissue`, `cancel_segments` or `ancillaries`',
        params: OrderIdParams,
        querystring: AirlineRequiredQuery,
        body: withExamples(Type.Optional(ChangeBody), servicingExamples.quoteOrderChange),
        response: { 200: OrderQuoteSchema },
      },
      preValidation: [...writeRoute.preValidation, async (request) => lowerCaseKeys(request.body)],
    },
    async (request) => {
      return exclusive(request, async () =>
        changeQuoteView(await changeQuote(deps, scopeOf(request, 'read'), target(request), request.body ?? {})),
      );
    },
  );

  router.post(
    '/v1/orders/:orderID/change/confirm',
    {
      ...writeRoute,
      schema: {
        operationId: 'confirmOrderChange',
        tags: TAG,
        summary: 'Accept a reshop offer or a change quote (`offer_id` required)',
        description: withStatusDoc(
          'A reshop offer: the airline reprices at acceptance. The `quote_id` of a `cancel_segments` or `ancillaries` quote: that change is made. ' +
            'A part cancelled leaves the order open (`order.updated`); every segment cancelled closes it (`order.cancelled`). ' +
            'Answers the order, or `{order_id, status}` when the airline cannot be read back.',
        ),
        params: OrderIdParams,
        querystring: AirlineRequiredQuery,
        body: withExamples(Type.Optional(ChangeConfirmBody), servicingExamples.confirmOrderChange),
        response: { 200: Type.Union([OrderSchema, MinimalOrder]) },
      },
    },
    async (request) => {
      const { order, full } = await exclusive(request, () =>
        confirmChange(deps, scopeOf(request, 'read'), target(request), request.body ?? {}),
      );
      return full ? orderView(order, deps.clock()) : { order_id: order.id, status: order.status };
    },
  );

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

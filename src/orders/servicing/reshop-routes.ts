import { Type } from '@sinclair/typebox';
import { orderView } from '../order-view.js';
import { scopeOf, TAG, withStatusDoc, type OrderRouteContext } from '../route-context.js';
import { AirlineRequiredQuery, MinimalOrder, OrderIdParams, OrderSchema } from '../schemas.js';
import { lowerCaseKeys } from './case-insensitive-keys.js';
import { changeQuote, confirmChange, reshopOrder } from './reshop-service.js';
import { changeQuoteView } from './quote-view.js';
import { reshopOffersView } from './reshop-view.js';
import { ChangeBody, ChangeConfirmBody, OrderQuoteSchema, ReshopBody, ReshopResult, servicingExamples } from './schemas.js';
import { withExamples } from '../../platform/http/request-examples.js';

/** Changing flights: reshop for alternatives, quote a change, confirm it. */
export function reshopRoutes({ router, deps, target, writeRoute, exclusive }: OrderRouteContext): void {
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
}

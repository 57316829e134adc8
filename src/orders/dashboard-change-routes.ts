import type { DashboardServicingContext } from './dashboard-servicing-context.js';
import { Type } from '@sinclair/typebox';
import { SESSION_SECURITY } from '../identity/sessions/session-schemas.js';
import { orderView } from './order-view.js';
import { MinimalOrder, OrderIdParams, OrderSchema } from './schemas.js';
import { changeQuote, confirmChange } from './servicing/reshop-service.js';
import { lowerCaseKeys } from './servicing/case-insensitive-keys.js';
import { changeQuoteView } from './servicing/quote-view.js';
import { ChangeBody, ChangeConfirmBody, OrderQuoteSchema } from './servicing/schemas.js';
import { TAG, withStatusDoc } from './route-context.js';
import { withOrderLease } from './write-lease.js';

/** The dashboard's flight change: its quote and its confirmation. */
export function dashboardChangeRoutes({ router, deps, target, opts }: DashboardServicingContext): void {
  router.post(
    '/v1/dev/orders/:orderID/change',
    {
      preHandler: opts.gate,
      // JSON keys matched case-insensitively, as on /v1/orders.
      preValidation: async (request) => lowerCaseKeys(request.body),
      schema: {
        operationId: 'quoteDashboardOrderChange',
        tags: TAG,
        summary: 'Dashboard: change quote, e.g. `ancillaries` seats and services (session)',
        description:
          'What `POST /v1/orders/{orderID}/change` quotes, for a portal session of the agency; confirm a `cancel_segments` or ' +
          '`ancillaries` quote with `POST /v1/dev/orders/{orderID}/change/confirm` `{"offer_id": quote_id}`.',
        security: SESSION_SECURITY,
        params: OrderIdParams,
        body: Type.Optional(ChangeBody),
        response: { 200: OrderQuoteSchema },
      },
    },
    async (request) => {
      const { order, scope } = await opts.scoped(request, request.params.orderID);
      return changeQuoteView(
        await withOrderLease(deps, order.id, () => changeQuote(deps, scope, target(order), request.body ?? {})),
      );
    },
  );

  router.post(
    '/v1/dev/orders/:orderID/change/confirm',
    {
      preHandler: opts.gate,
      schema: {
        operationId: 'confirmDashboardOrderChange',
        tags: TAG,
        summary: 'Dashboard: accept a change quote or reshop offer (session)',
        description: withStatusDoc(
          'What `POST /v1/orders/{orderID}/change/confirm` does, for a portal session of the agency (`order.updated` for seats ' +
            'and services added).',
        ),
        security: SESSION_SECURITY,
        params: OrderIdParams,
        body: ChangeConfirmBody,
        response: { 200: Type.Union([OrderSchema, MinimalOrder]) },
      },
    },
    async (request) => {
      const { order, scope } = await opts.scoped(request, request.params.orderID);
      const done = await withOrderLease(deps, order.id, () => confirmChange(deps, scope, target(order), request.body));
      return done.full ? orderView(done.order, deps.clock()) : { order_id: done.order.id, status: done.order.status };
    },
  );
}

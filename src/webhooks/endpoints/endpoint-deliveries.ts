import type { OrderEventName } from '../../orders/event-outbox.js';
import { badRequest, notFound, tooManyRequests } from '../../platform/errors.js';
import type { SessionContext } from '../../identity/sessions/session-context.js';
import { findDelivery, listDeliveries, requeueDelivery } from '../delivery/store.js';
import { WEBHOOK_EVENTS, WEBHOOK_POLICY } from '../events.js';
import { endpointOf } from './endpoint-access.js';
import { decodeCursor, encodeCursor, iso, toDelivery, type DeliveryView } from './endpoint-views.js';
import type { EndpointServiceDeps } from './service-deps.js';
import { sendTestEvent } from './test-delivery.js';

export type SentTest = NonNullable<Awaited<ReturnType<typeof sendTestEvent>>>;

/** An endpoint's deliveries: its log, a retry of one that failed, and a test event sent now. */
export interface EndpointDeliveries {
  /** Newest first, a page at a time (`next_cursor` null on the last). */
  deliveries(
    ctx: SessionContext,
    id: string,
    query: { limit?: number; cursor?: string },
  ): Promise<{ deliveries: DeliveryView[]; next_cursor: string | null }>;
  /** Puts a delivery back in the queue, due now; never a test delivery. */
  retry(ctx: SessionContext, id: string, deliveryId: string): Promise<{ id: string; status: 'pending'; next_attempt_at: string }>;
  /** A sample event of the named kind, signed and sent at once (WEBHOOK_POLICY.testsPerMinute per endpoint). */
  sendTest(ctx: SessionContext, id: string, body: { event: string }): Promise<SentTest>;
}

export function createEndpointDeliveries(deps: EndpointServiceDeps): EndpointDeliveries {
  const { db, clock } = deps;
  return {
    async deliveries(ctx: SessionContext, id: string, query: { limit?: number; cursor?: string }) {
      const row = await endpointOf(db, ctx, id, 'read');
      const limit = query.limit ?? 20;
      const rows = await listDeliveries(db, row.id, { limit, after: query.cursor ? decodeCursor(query.cursor) : null });
      return {
        deliveries: rows.map(toDelivery),
        next_cursor: rows.length === limit ? encodeCursor(rows[rows.length - 1]!) : null,
      };
    },

    async retry(ctx: SessionContext, id: string, deliveryId: string) {
      const row = await endpointOf(db, ctx, id, 'retry');
      const delivery = await findDelivery(db, deliveryId, row.id);
      if (!delivery) throw notFound(`no delivery ${deliveryId} for this endpoint`, 'delivery_not_found');
      if (delivery.test) {
        throw badRequest(
          'a test delivery is never sent again: send a new test event (POST /v1/dev/webhooks/{id}/test)',
          'invalid_request',
          {
            field: 'deliveryId',
          },
        );
      }
      const requeued = await requeueDelivery(db, deliveryId, row.id, clock());
      if (!requeued) throw notFound(`no delivery ${deliveryId} for this endpoint`, 'delivery_not_found');
      return { id: requeued.id, status: 'pending' as const, next_attempt_at: iso(requeued.next_attempt_at)! };
    },

    async sendTest(ctx: SessionContext, id: string, body: { event: string }) {
      const row = await endpointOf(db, ctx, id, 'test');
      if (!(WEBHOOK_EVENTS as readonly string[]).includes(body.event)) {
        throw badRequest(`event: unknown event name "${body.event}" (known: ${WEBHOOK_EVENTS.join(', ')})`, 'invalid_request', {
          field: 'event',
        });
      }
      const perMinute = WEBHOOK_POLICY.testsPerMinute;
      const decision = await deps.testLimiter.take(row.id, perMinute, 60_000, clock().getTime());
      if (!decision.allowed) {
        throw tooManyRequests(`at most ${perMinute} test events a minute per endpoint`, decision.resetSeconds);
      }
      const sent = await sendTestEvent({ db, clock, send: deps.send }, row, body.event as OrderEventName);
      if (!sent) throw notFound(`no webhook endpoint ${id}`, 'webhook_not_found');
      return sent;
    },
  };
}

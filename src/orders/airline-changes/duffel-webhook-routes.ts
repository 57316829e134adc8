import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ConnectorRegistry } from '../../connectors/connector-registry.js';
import { duffelEventId } from '../../connectors/duffel/duffel-webhook-reader.js';
import { badRequest } from '../../platform/errors.js';
import { acceptedNotifySecrets, developmentSecretSources } from '../../platform/notify-secrets.js';
import type { Platform } from '../../platform/platform.js';
import { receiveNotification } from './notification-service.js';
import { NOTIFICATION_BODY_LIMIT_BYTES, NotificationReceipt } from './notification-routes.js';
import { claimSignature, releaseSignature, signatureDigest } from './replay-guard-store.js';
import { verifySignedBody } from './signed-body.js';

/** The header Duffel signs its webhook events in: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const DUFFEL_SIGNATURE_HEADER = 'x-duffel-signature';
/** Duffel retries a delivery for 72 hours: an event id is remembered a little longer than that. */
const EVENT_MEMORY_MS = 73 * 3600 * 1000;

export interface DuffelWebhookRouteOptions {
  platform: Platform;
  connectors: ConnectorRegistry;
}

/**
 * `POST /v1/sources/duffel/webhooks`: where Duffel sends its webhook events. Authenticated by
 * Duffel's signature over the raw body with DUFFEL_WEBHOOK_SECRET (route policy
 * `airline-signature`), within five minutes of our clock; each event id is taken once (Duffel
 * delivers at least once); the order an event names is re-read from Duffel's API, never taken from
 * the payload, and the airline-change machinery records and announces what changed.
 */
export async function duffelWebhookRoutes(app: FastifyInstance, { platform, connectors }: DuffelWebhookRouteOptions) {
  const secret = acceptedNotifySecrets(platform.config).DUFFEL ?? null;
  const development = developmentSecretSources(platform.config);
  // In this route's own context only: the body stays the exact bytes Duffel signed.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: NOTIFICATION_BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, body),
  );
  // Any other type is read as bytes too, so the signature is checked first and only an
  // authenticated sender is told its type is wrong (415), as on the airlines' notification route.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: NOTIFICATION_BODY_LIMIT_BYTES }, (_request, body, done) =>
    done(null, body),
  );
  const verify = (request: FastifyRequest) =>
    verifySignedBody(request, {
      code: 'DUFFEL',
      secret,
      refusedWithout: 'no webhooks are taken from Duffel on this gateway (DUFFEL_WEBHOOK_SECRET)',
      header: DUFFEL_SIGNATURE_HEADER,
      development,
      expectedType: (r) => (r.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json',
      wrongType: 'a Duffel webhook event is JSON: send it as application/json',
      what: 'the webhook event',
    });
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/v1/sources/duffel/webhooks',
    {
      config: { auth: 'airline-signature', surface: 'plain' },
      bodyLimit: NOTIFICATION_BODY_LIMIT_BYTES,
      preHandler: verify,
      schema: {
        operationId: 'receiveDuffelWebhook',
        tags: ['airline callbacks'],
        summary: "Duffel's webhook events (order changes, airline-initiated changes), machine to machine",
        description:
          "For Duffel, not agencies: point a webhook made in Duffel's dashboard here. Body: Duffel's JSON event (`Content-Type: application/json`, at most 256 KiB). " +
          'Header `X-Duffel-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with DUFFEL_WEBHOOK_SECRET>`, within 5 minutes of our clock. ' +
          'Each event id is taken once: delivered again (Duffel delivers at least once) it is acknowledged and not read. ' +
          'The order an event names (`data.object.order_id` of `order.airline_initiated_change_detected`, `data.object.id` of other order events) is re-read from Duffel, ' +
          'its change recorded in the history (actor `airline`) and announced (`order.updated`, `order.cancelled`); an order this gateway does not hold, and any other event, is acknowledged. ' +
          'See docs/connectors.md, "Duffel".',
        response: { 200: NotificationReceipt },
      },
    },
    async (request) => {
      const body = request.body as string;
      const eventId = duffelEventId(body);
      if (!eventId) throw badRequest('the body is not a Duffel webhook event (JSON with id and type)', 'invalid_notification');
      const deps = {
        db: platform.db,
        connectors,
        clock: () => platform.clock(),
        logger: platform.logger,
        refreshWindowMs: platform.config.airlineNotifications.refreshSeconds * 1000,
      };
      const now = platform.clock();
      const digest = signatureDigest('DUFFEL-event', eventId);
      if (!(await claimSignature(platform.db, digest, now, new Date(now.getTime() + EVENT_MEMORY_MS)))) {
        request.log.info({ source: 'DUFFEL', eventId }, 'Duffel webhook event already taken: acknowledged, not read again');
        return { status: 'received' as const };
      }
      try {
        const taken = await receiveNotification(deps, 'DUFFEL', body);
        request.log.info({ source: 'DUFFEL', eventId, ...taken }, 'Duffel webhook event received');
      } catch (err) {
        // Not taken after all: Duffel's next delivery of the event is read.
        await releaseSignature(platform.db, digest);
        throw err;
      }
      return { status: 'received' as const };
    },
  );
}

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ConnectorRegistry } from '../../connectors/connector-registry.js';
import { acceptedNotifySecrets, developmentSecretSources } from '../../platform/notify-secrets.js';
import type { Platform } from '../../platform/platform.js';
import { MAX_ORDERS_PER_NOTIFICATION, receiveNotification } from './notification-service.js';
import { AIRLINE_SIGNATURE_HEADER } from './notification-signature.js';
import { oncePerSignature } from './replay-guard.js';
import { checkDeclaredType, mediaTypeOf, verifySignedBody } from './signed-body.js';
import { notificationRefreshDeps } from './refresh-limiter.js';

/** An NDC notification is a few kilobytes; anything near this is not one. */
export const NOTIFICATION_BODY_LIMIT_BYTES = 256 * 1024;

/** The media types an NDC notification is taken in. */
const NOTIFICATION_TYPES: readonly string[] = ['application/xml', 'text/xml'];

export const NotificationParams = Type.Object({
  airline: Type.String({ pattern: '^[A-Za-z0-9]{2}$', description: 'IATA code of the airline sending (`aa`)' }),
});
export const NotificationReceipt = Type.Object(
  { status: Type.Literal('received') },
  { $id: 'AirlineNotificationReceipt', description: 'The same for every authenticated, readable notification' },
);

export interface NotificationRouteOptions {
  platform: Platform;
  connectors: ConnectorRegistry;
}

/**
 * `POST /v1/airlines/{airline}/notifications`: where an airline pushes its NDC OrderChangeNotifRQ.
 * Authenticated as the airline by an HMAC signature with the shared secret (route policy
 * `airline-signature`, checked here before the body is read further), body bounded, XML read
 * by the airline's connector.
 */
export async function notificationRoutes(app: FastifyInstance, { platform, connectors }: NotificationRouteOptions) {
  // By upper-case code; the development secret only where nothing else can reach us (notify-secrets.ts).
  const secrets = acceptedNotifySecrets(platform.config);
  const development = developmentSecretSources(platform.config);
  // The body is kept as the exact bytes sent: the signature is over them, not over decoded text.
  app.addContentTypeParser(
    [...NOTIFICATION_TYPES],
    { parseAs: 'buffer', bodyLimit: NOTIFICATION_BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, body),
  );
  // Any other type is refused before it is parsed and before the signature (checkDeclaredType).
  const type = {
    expectedType: (r: FastifyRequest) => NOTIFICATION_TYPES.includes(mediaTypeOf(r)),
    wrongType: 'a notification is NDC XML: send it as application/xml',
  };
  const verify = async (request: FastifyRequest<{ Params: { airline: string } }>) => {
    const code = request.params.airline.toUpperCase();
    await verifySignedBody(request, {
      code,
      secret: secrets[code] ?? null,
      refusedWithout: 'no notifications are taken from this airline',
      header: AIRLINE_SIGNATURE_HEADER,
      development,
      ...type,
      what: 'the notification',
    });
  };
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/v1/airlines/:airline/notifications',
    {
      config: { auth: 'airline-signature', surface: 'plain' },
      bodyLimit: NOTIFICATION_BODY_LIMIT_BYTES,
      onRequest: (request) => checkDeclaredType(request, type),
      preHandler: verify,
      schema: {
        operationId: 'receiveAirlineNotification',
        tags: ['airline callbacks'],
        summary: "An airline's change notification (NDC 21.3 OrderChangeNotifRQ), machine to machine",
        description:
          'For airlines, not agencies. Body: the XML `IATA_OrderChangeNotifRQ` (`Content-Type: application/xml`, at most 256 KiB). ' +
          'Header `X-Airline-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the shared secret>`, ' +
          'within 5 minutes of our clock; the same signed body is taken once (sent again within the window it is acknowledged and not read). ' +
          `A notification names at most ${MAX_ORDERS_PER_NOTIFICATION} orders. Each order named is re-read from the airline (the notification is never applied as such), ` +
          'at most once a minute (by default) whatever notifications name it (named again inside that minute, it is re-read when the minute ends), ' +
          'its change recorded in the history (actor `airline`) and announced (`order.updated`, `order.cancelled`). ' +
          'An order this gateway does not hold is acknowledged all the same. See docs/orders.md, "Airline-initiated changes".',
        params: NotificationParams,
        response: {
          200: NotificationReceipt,
        },
      },
    },
    async (request) => {
      const airline = request.params.airline.toUpperCase();
      const deps = notificationRefreshDeps(platform, connectors);
      const taken = await oncePerSignature(deps, airline, request.headers[AIRLINE_SIGNATURE_HEADER] as string, () =>
        receiveNotification(deps, airline, request.body as string),
      );
      if (taken.replay) request.log.info({ airline }, 'airline notification already taken: acknowledged, not read again');
      else request.log.info({ airline, ...taken.value }, 'airline notification received');
      return { status: 'received' as const };
    },
  );
}

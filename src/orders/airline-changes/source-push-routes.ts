import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ConnectorRegistry } from '../../connectors/connector-registry.js';
import { badRequest } from '../../platform/errors.js';
import { acceptedNotifySecrets, developmentSecretSources } from '../../platform/notify-secrets.js';
import type { Platform } from '../../platform/platform.js';
import type { SourcePush } from '../../sources/source.js';
import { receiveNotification } from './notification-service.js';
import { NOTIFICATION_BODY_LIMIT_BYTES, NotificationReceipt } from './notification-routes.js';
import { claimSignature, releaseSignature, signatureDigest } from './replay-guard-store.js';
import { checkDeclaredType, mediaTypeOf, verifySignedBody } from './signed-body.js';
import { notificationRefreshDeps } from './refresh-limiter.js';

export interface SourcePushRouteOptions {
  platform: Platform;
  connectors: ConnectorRegistry;
  /** The source's code: its secret (`config.sources[code].signing`) and its connector. */
  code: string;
  push: SourcePush;
}

/**
 * The route a row of the table of sources declares it pushes to (`push` in src/sources/source.ts):
 * authenticated by the source's signature over the raw body with its signing secret (route policy
 * `airline-signature`), within five minutes of our clock; each event id taken once (a source
 * delivers at least once); the body read by the source's connector and the orders it names re-read
 * from the source, never taken from the payload, through the airline-change machinery.
 */
export async function sourcePushRoutes(app: FastifyInstance, { platform, connectors, code, push }: SourcePushRouteOptions) {
  const secret = acceptedNotifySecrets(platform.config)[code] ?? null;
  const development = developmentSecretSources(platform.config);
  // In this route's own context only: the body stays the exact bytes the source signed.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: NOTIFICATION_BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, body),
  );
  // Any other type is refused before it is parsed and before the signature (checkDeclaredType).
  const type = { expectedType: (r: FastifyRequest) => mediaTypeOf(r) === push.contentType, wrongType: push.wrongType };
  const verify = (request: FastifyRequest) =>
    verifySignedBody(request, {
      code,
      secret,
      refusedWithout: push.refusedWithout,
      header: push.header,
      development,
      ...type,
      what: push.what,
    });
  app.post(
    push.path,
    {
      config: { auth: 'airline-signature', surface: 'plain' },
      bodyLimit: NOTIFICATION_BODY_LIMIT_BYTES,
      onRequest: (request) => checkDeclaredType(request, type),
      preHandler: verify,
      schema: {
        operationId: push.operation.operationId,
        tags: ['airline callbacks'],
        summary: push.operation.summary,
        description: push.operation.description,
        response: { 200: NotificationReceipt },
      },
    },
    async (request) => {
      const body = request.body as string;
      const eventId = push.eventId(body);
      if (!eventId) throw badRequest(push.notAnEvent, 'invalid_notification');
      const deps = notificationRefreshDeps(platform, connectors);
      const now = platform.clock();
      const digest = signatureDigest(`${code}-event`, eventId);
      if (!(await claimSignature(platform.db, digest, now, new Date(now.getTime() + push.eventMemoryMs)))) {
        request.log.info({ source: code, eventId }, 'pushed event already taken: acknowledged, not read again');
        return { status: 'received' as const };
      }
      try {
        const taken = await receiveNotification(deps, code, body);
        request.log.info({ source: code, eventId, ...taken }, 'pushed event received');
      } catch (err) {
        // Not taken after all: the source's next delivery of the event is read.
        await releaseSignature(platform.db, digest);
        throw err;
      }
      return { status: 'received' as const };
    },
  );
}

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, forbidden, unauthorized } from '../platform/errors.js';
import type { Actor, OrderScope } from './order-record.js';
import { STATUS_DOC } from './order-status.js';
import type { ConnectorRegistry } from '../connectors/connector-registry.js';
import type { Platform } from '../platform/platform.js';

/** What the order route files share: tag, error schemas, the caller's scope and the write gate. */
export const TAG = ['orders'];

export function actorOf(request: FastifyRequest): Actor {
  const session = (
    request as { session?: { userId: string; agencyId: string | null; supportSession: { operatorUserId: string } | null } | null }
  ).session;
  if (session?.supportSession)
    return { kind: 'support', id: session.supportSession.operatorUserId, onBehalfOfAgencyId: session.agencyId };
  if (session) return { kind: 'portal_user', id: session.userId, onBehalfOfAgencyId: null };
  return { kind: 'api_key', id: request.apiKey?.id ?? null, onBehalfOfAgencyId: null };
}

/** The agency behind the key; a static key has none (401 on reads, 403 on create). */
export function scopeOf(request: FastifyRequest, refusal: 'read' | 'create'): OrderScope {
  const key = request.apiKey;
  if (!key || key.kind === 'static' || !key.agencyId) {
    if (refusal === 'create') throw forbidden('a static read-only key cannot create orders; use an agency key', 'forbidden');
    throw unauthorized('unauthorized');
  }
  return { agencyId: key.agencyId, environment: key.environment, keyId: key.id, actor: actorOf(request) };
}

/** Cross-cutting rule 2: order writes switched off answer coming_soon; reads keep working. */
export function writeGate(config: { orderWritesEnabled: boolean; publicUrl: string }) {
  return async (_request: FastifyRequest) => {
    if (config.orderWritesEnabled) return;
    throw new AppError(
      503,
      'coming_soon',
      'coming_soon',
      {
        message: 'Booking and servicing orders is not switched on for this environment yet.',
        docs_url: `${config.publicUrl.replace(/\/$/, '')}/docs#tag/orders`,
      },
      { 'Retry-After': '3600' },
    );
  };
}

/** What the orders feature's route files are registered with. */
export interface OrderRouteOptions {
  platform: Platform;
  connectors: ConnectorRegistry;
}

/** The typed router, the booking and servicing dependencies, and the per-route helpers. */
export function orderRouteContext(app: FastifyInstance, { platform, connectors }: OrderRouteOptions) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const deps = { db: platform.db, connectors, clock: () => platform.clock() };
  const { config } = platform;
  const target = (req: { params: { orderID: string }; query: { airline?: string } }) => ({
    orderId: req.params.orderID,
    airline: req.query.airline,
  });

  const gate = writeGate(config);
  const W = { preHandler: gate };
  const R = (d: string) => `${d}\n\n${STATUS_DOC}`;

  return { r, deps, config, target, W, R };
}

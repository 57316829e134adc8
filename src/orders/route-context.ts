import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, forbidden, unauthorized } from '../platform/errors.js';
import type { Actor, OrderScope } from './order-record.js';
import { STATUS_DOC } from './order-status.js';
import type { ConnectorRegistry } from '../connectors/connector-registry.js';
import type { Platform } from '../platform/platform.js';
import type { BookingDeps, RequireAccreditation } from './booking/service.js';
import type { Target } from './servicing/context.js';
import { writingOrder } from './write-lease.js';

/** What the order route files share: tag, the caller's scope and actor, and the write gate. */
export const TAG = ['orders'];

/** Who is calling: a portal session (an agency member, or support on the agency's behalf) or an API key. */
export function actorOf(request: FastifyRequest): Actor {
  const session = request.session;
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

/** A static key may not create orders: 403 before the body is validated (the contract's order). */
export async function requireCreateScope(request: FastifyRequest): Promise<void> {
  scopeOf(request, 'create');
}

/** Cross-cutting rule 2: order writes switched off answer coming_soon; reads keep working. */
export function writeGate(config: { orderWritesEnabled: boolean; publicUrl: string }) {
  return async (_request: FastifyRequest) => {
    if (config.orderWritesEnabled) return;
    throw new AppError(503, 'coming_soon', 'coming_soon', {
      fields: {
        reason: 'coming_soon',
        message: 'Booking and servicing orders is not switched on for this environment yet.',
        docs_url: `${config.publicUrl.replace(/\/$/, '')}/docs#tag/orders`,
      },
      headers: { 'Retry-After': '3600' },
    });
  };
}

/** What the orders feature's route files are registered with. */
export interface OrderRouteOptions {
  platform: Platform;
  connectors: ConnectorRegistry;
  /** Ticketing in production needs accreditation (billing's `terms.requireAccreditation`); absent: no check. */
  requireAccreditation?: RequireAccreditation;
}

/** A route's description followed by the order status table every order route documents. */
export const withStatusDoc = (description: string): string => `${description}\n\n${STATUS_DOC}`;

/** The typed router, the booking and servicing dependencies, and what every order route needs. */
export function orderRouteContext(app: FastifyInstance, { platform, connectors, requireAccreditation }: OrderRouteOptions) {
  const router = app.withTypeProvider<TypeBoxTypeProvider>();
  const deps: BookingDeps = {
    db: platform.db,
    connectors,
    clock: () => platform.clock(),
    ...(requireAccreditation ? { requireAccreditation } : {}),
  };
  const target = (request: { params: { orderID: string }; query: { airline?: string } }): Target => ({
    orderId: request.params.orderID,
    airline: request.query.airline,
  });
  /**
   * Spread into a write route's options: 503 `coming_soon` while order writes are switched off.
   * It runs before validation: the contract answers the gate first, whatever the body holds.
   */
  const writeRoute = { preValidation: [writeGate(platform.config)] };
  /**
   * Runs a write of the path's order holding the order's write lease (write-lease.ts): 409
   * `order_busy` while another write of it runs. `airlineRequired`: the route's `airline` rule.
   */
  const exclusive = <T>(
    request: FastifyRequest & { params: { orderID: string }; query: { airline?: string } },
    write: () => Promise<T>,
    airlineRequired = true,
  ): Promise<T> =>
    writingOrder(
      deps,
      { scope: scopeOf(request, 'read'), orderId: request.params.orderID, airline: request.query.airline, airlineRequired },
      write,
    );
  return { router, deps, target, writeRoute, exclusive };
}

/** What every order route file is given (orderRouteContext). */
export type OrderRouteContext = ReturnType<typeof orderRouteContext>;

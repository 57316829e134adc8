import type { Logger } from 'pino';
import type { OrderEventName } from '../../orders/event-outbox.js';
import type { Config } from '../../platform/config.js';
import type { Db } from '../../platform/db/database.js';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '../../platform/db/rows.js';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../platform/errors.js';
import type { RateLimiter } from '../../platform/rate-limit/sliding-window-limiter.js';
import { newId } from '../../platform/ids.js';
import type { Keyring } from '../../platform/keyring/keyring.js';
import type { SessionContext } from '../../identity/sessions/session-context.js';
import { recordSecurityEvent } from '../../identity/security-events/store.js';
import type { GuardOptions } from '../delivery/ssrf-guard.js';
import { findDelivery, listDeliveries, requeueDelivery, type ListedAttempt } from '../delivery/store.js';
import { WEBHOOK_EVENTS, WEBHOOK_POLICY } from '../events.js';
import { newSigningSecret } from '../delivery/signer.js';
import { deleteEndpoint, enableEndpoint, findEndpoint, insertEndpointWithin, listEndpoints, updateEndpoint } from './store.js';
import { sendTestEvent, type TestDeliveryDeps } from './test-delivery.js';
import { checkEndpointUrl } from './url-rules.js';

export interface EndpointServiceDeps {
  db: Db;
  keyring: Keyring;
  config: Readonly<Pick<Config, 'keyEnvironments'>>;
  clock: () => Date;
  guard: GuardOptions;
  /** The dispatcher's signed sender, for test events. */
  send: TestDeliveryDeps['send'];
  /** Counts test events per endpoint (WEBHOOK_POLICY.testsPerMinute). */
  testLimiter: RateLimiter;
}

type Operation = 'read' | 'create' | 'edit' | 'delete' | 'enable' | 'retry' | 'test';
// A support session acts for an agency but must not point its events somewhere new, remove
// where they go, turn a switched-off endpoint back on, or post made-up events to its receiver.
const NOT_ON_SUPPORT: ReadonlySet<Operation> = new Set(['create', 'delete', 'enable', 'test']);

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function toRecord(row: WebhookEndpointRow) {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    environment: row.environment,
    status: row.status,
    failure_streak: row.failure_streak,
    disabled_at: iso(row.disabled_at),
    disabled_reason: row.disabled_reason,
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
}

function toDelivery(row: WebhookDeliveryRow & { attempts: ListedAttempt[] }) {
  return {
    id: row.id,
    event: row.event,
    test: row.test,
    order_id: row.order_id,
    status: row.status,
    attempt_count: row.attempt_count,
    next_attempt_at: row.status === 'pending' ? iso(row.next_attempt_at) : null,
    created_at: iso(row.created_at)!,
    completed_at: iso(row.completed_at),
    attempts: row.attempts.map((a) => ({
      at: iso(a.attempted_at)!,
      duration_ms: a.duration_ms,
      status_code: a.status_code,
      error: a.error,
      response_body: a.response_body,
      response_truncated: a.response_truncated,
    })),
    request_body: row.request_body,
  };
}

function checkEvents(events: string[] | undefined): OrderEventName[] | undefined {
  if (events === undefined) return undefined;
  const unknown = events.find((e) => !(WEBHOOK_EVENTS as readonly string[]).includes(e));
  if (unknown !== undefined) {
    throw badRequest(`events: unknown event name "${unknown}" (known: ${WEBHOOK_EVENTS.join(', ')})`, 'invalid_request', {
      field: 'events',
    });
  }
  return [...new Set(events)] as OrderEventName[];
}

const cleanDescription = (d: string | undefined) => (d === undefined ? undefined : d.trim() === '' ? null : d.trim());

function encodeCursor(row: WebhookDeliveryRow): string {
  return Buffer.from(`${new Date(row.created_at).toISOString()}|${row.id}`).toString('base64url');
}
function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (!id || Number.isNaN(createdAt.getTime()))
    throw badRequest('cursor is not one this API gave out', 'invalid_request', { field: 'cursor' });
  return { createdAt, id };
}

/**
 * Endpoint management for the dashboard. Who: the agency's owners and admins, on a session whose
 * second factor was verified (the contract: "by an agency owner or admin on a session opened with
 * a second factor"); a support session may look and retry, never create, delete or re-enable.
 * Everything is scoped to the caller's agency: another agency's id is 404.
 */
export function createEndpointService(deps: EndpointServiceDeps) {
  const { db, clock } = deps;

  function agencyOf(ctx: SessionContext, operation: Operation): string {
    if (ctx.supportSession) {
      if (NOT_ON_SUPPORT.has(operation)) {
        throw forbidden(`a support session cannot ${operation} webhook endpoints`, 'support_session_forbidden');
      }
      return ctx.agencyId!;
    }
    if (!ctx.agencyId) throw forbidden('only agency accounts have webhook endpoints', 'not_agency_account');
    if (ctx.role !== 'owner' && ctx.role !== 'admin') {
      throw forbidden(
        `only the agency's owners and admins manage webhook endpoints (your role: ${ctx.role ?? 'none'})`,
        'role_forbidden',
      );
    }
    if (ctx.mfaVerifiedAt === null) {
      throw forbidden(
        'webhook endpoints need a session with a verified second factor: enrol TOTP (POST /v1/dev/me/mfa/totp) or, once ' +
          'enrolled, sign in with it or verify it in this session (POST /v1/dev/me/mfa/verify)',
        'mfa_required',
      );
    }
    return ctx.agencyId;
  }

  async function endpointOf(ctx: SessionContext, id: string, operation: Operation): Promise<WebhookEndpointRow> {
    const agencyId = agencyOf(ctx, operation);
    const row = await findEndpoint(db, id, agencyId);
    if (!row) throw notFound(`no webhook endpoint ${id}`, 'webhook_not_found');
    return row;
  }

  const audit = (
    ctx: SessionContext,
    {
      kind,
      row,
      ip,
      detail = {},
    }: { kind: string; row: WebhookEndpointRow; ip: string | null; detail?: Record<string, unknown> },
  ) =>
    recordSecurityEvent(db, {
      kind,
      userId: ctx.userId,
      agencyId: row.agency_id,
      ip,
      detail: {
        endpointId: row.id,
        url: row.url,
        ...(ctx.supportSession ? { supportSessionId: ctx.supportSession.id } : {}),
        ...detail,
      },
    });

  return {
    async list(ctx: SessionContext) {
      return { webhooks: (await listEndpoints(db, agencyOf(ctx, 'read'))).map(toRecord) };
    },

    async get(ctx: SessionContext, id: string) {
      return toRecord(await endpointOf(ctx, id, 'read'));
    },

    async create(
      ctx: SessionContext,
      body: { url: string; description?: string; events?: string[]; environment?: 'test' | 'live' },
      ip: string | null,
      log: Pick<Logger, 'warn'>,
    ) {
      const agencyId = agencyOf(ctx, 'create');
      const environment = body.environment ?? 'test';
      if (!deps.config.keyEnvironments.includes(environment)) {
        throw badRequest(`environment ${environment} is not offered by this deployment`, 'invalid_request', {
          field: 'environment',
        });
      }
      const events = checkEvents(body.events) ?? [];
      const url = await checkEndpointUrl(body.url, deps.guard, log);
      const secret = newSigningSecret();
      const at = clock();
      const row = await insertEndpointWithin(
        db,
        {
          id: newId('whe'),
          agency_id: agencyId,
          environment,
          url: url.toString(),
          description: cleanDescription(body.description) ?? null,
          events,
          secret_sealed: deps.keyring.seal('webhook-secrets', secret),
          created_at: at,
          updated_at: at,
        },
        WEBHOOK_POLICY.maxEndpoints,
      );
      if (!row) {
        throw conflict(
          `an agency has at most ${WEBHOOK_POLICY.maxEndpoints} webhook endpoints per environment; delete one first`,
          'webhook_limit_reached',
        );
      }
      await audit(ctx, { kind: 'webhook_endpoint.created', row, ip });
      return { ...toRecord(row), secret };
    },

    async update(ctx: SessionContext, id: string, body: { description?: string; events?: string[] }, ip: string | null) {
      const row = await endpointOf(ctx, id, 'edit');
      if (body.description === undefined && body.events === undefined) {
        throw badRequest('request body must name at least one field to change: description, events', 'nothing_to_change');
      }
      const events = checkEvents(body.events);
      const updated = await updateEndpoint(
        db,
        { id: row.id, agencyId: row.agency_id },
        {
          ...(body.description !== undefined ? { description: cleanDescription(body.description) ?? null } : {}),
          ...(events ? { events } : {}),
        },
        clock(),
      );
      if (!updated) throw notFound(`no webhook endpoint ${id}`, 'webhook_not_found');
      await audit(ctx, { kind: 'webhook_endpoint.updated', row: updated, ip });
      return toRecord(updated);
    },

    async remove(ctx: SessionContext, id: string, ip: string | null) {
      const row = await endpointOf(ctx, id, 'delete');
      if (!(await deleteEndpoint(db, row.id, row.agency_id))) throw notFound(`no webhook endpoint ${id}`, 'webhook_not_found');
      await audit(ctx, { kind: 'webhook_endpoint.deleted', row, ip });
      return { status: 'deleted' };
    },

    async enable(ctx: SessionContext, id: string, ip: string | null) {
      const row = await endpointOf(ctx, id, 'enable');
      const enabled = await enableEndpoint(db, row.id, row.agency_id, clock());
      if (!enabled) throw notFound(`no webhook endpoint ${id}`, 'webhook_not_found');
      await audit(ctx, { kind: 'webhook_endpoint.enabled', row: enabled, ip, detail: { wasStatus: row.status } });
      return toRecord(enabled);
    },

    async deliveries(ctx: SessionContext, id: string, query: { limit?: number; cursor?: string }) {
      const row = await endpointOf(ctx, id, 'read');
      const limit = query.limit ?? 20;
      const rows = await listDeliveries(db, row.id, { limit, after: query.cursor ? decodeCursor(query.cursor) : null });
      return {
        deliveries: rows.map(toDelivery),
        next_cursor: rows.length === limit ? encodeCursor(rows[rows.length - 1]!) : null,
      };
    },

    async retry(ctx: SessionContext, id: string, deliveryId: string) {
      const row = await endpointOf(ctx, id, 'retry');
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
      const row = await endpointOf(ctx, id, 'test');
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

export type EndpointService = ReturnType<typeof createEndpointService>;

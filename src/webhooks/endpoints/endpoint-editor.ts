import type { Logger } from 'pino';
import type { OrderEventName } from '../../orders/event-outbox.js';
import { checkDisplayName } from '../../platform/display-name.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { SessionContext } from '../../identity/sessions/session-context.js';
import { newSigningSecret } from '../delivery/signer.js';
import { WEBHOOK_EVENTS, WEBHOOK_POLICY } from '../events.js';
import { agencyOf, auditEndpoint, endpointOf } from './endpoint-access.js';
import { toRecord, type EndpointRecord } from './endpoint-views.js';
import type { EndpointServiceDeps } from './service-deps.js';
import { deleteEndpoint, enableEndpoint, insertEndpointWithin, updateEndpoint } from './store.js';
import { checkEndpointUrl } from './url-rules.js';

/** What a new endpoint is made from. */
export interface NewEndpoint {
  url: string;
  description?: string;
  events?: string[];
  environment?: 'test' | 'live';
}

/** Changing where an agency's events go: create, edit, delete and re-enable an endpoint, each audited. */
export interface EndpointEditor {
  /** A new endpoint and, this once, its signing secret. */
  create(
    ctx: SessionContext,
    body: NewEndpoint,
    ip: string | null,
    log: Pick<Logger, 'warn'>,
  ): Promise<EndpointRecord & { secret: string }>;
  update(
    ctx: SessionContext,
    id: string,
    body: { description?: string; events?: string[] },
    ip: string | null,
  ): Promise<EndpointRecord>;
  remove(ctx: SessionContext, id: string, ip: string | null): Promise<{ status: string }>;
  /** Turns a switched-off endpoint back on. */
  enable(ctx: SessionContext, id: string, ip: string | null): Promise<EndpointRecord>;
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

/**
 * A description others of the agency read in the dashboard and the CLI: held to the display-name
 * rule (no control, line-break or bidi character); blank removes it.
 */
const cleanDescription = (d: string | undefined) =>
  d === undefined ? undefined : d.trim() === '' ? null : checkDisplayName('description', d, WEBHOOK_POLICY.descriptionMax);

export function createEndpointEditor(deps: EndpointServiceDeps): EndpointEditor {
  const { db, clock } = deps;
  return {
    async create(ctx: SessionContext, body: NewEndpoint, ip: string | null, log: Pick<Logger, 'warn'>) {
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
      await auditEndpoint(db, ctx, { kind: 'webhook_endpoint.created', row, ip });
      return { ...toRecord(row), secret };
    },

    async update(ctx: SessionContext, id: string, body: { description?: string; events?: string[] }, ip: string | null) {
      const row = await endpointOf(db, ctx, id, 'edit');
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
      await auditEndpoint(db, ctx, { kind: 'webhook_endpoint.updated', row: updated, ip });
      return toRecord(updated);
    },

    async remove(ctx: SessionContext, id: string, ip: string | null) {
      const row = await endpointOf(db, ctx, id, 'delete');
      if (!(await deleteEndpoint(db, row.id, row.agency_id))) throw notFound(`no webhook endpoint ${id}`, 'webhook_not_found');
      await auditEndpoint(db, ctx, { kind: 'webhook_endpoint.deleted', row, ip });
      return { status: 'deleted' };
    },

    async enable(ctx: SessionContext, id: string, ip: string | null) {
      const row = await endpointOf(db, ctx, id, 'enable');
      const enabled = await enableEndpoint(db, row.id, row.agency_id, clock());
      if (!enabled) throw notFound(`no webhook endpoint ${id}`, 'webhook_not_found');
      await auditEndpoint(db, ctx, { kind: 'webhook_endpoint.enabled', row: enabled, ip, detail: { wasStatus: row.status } });
      return toRecord(enabled);
    },
  };
}

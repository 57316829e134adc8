import type { SessionContext } from '../../identity/sessions/session-context.js';
import { agencyOf, endpointOf } from './endpoint-access.js';
import { createEndpointDeliveries, type EndpointDeliveries } from './endpoint-deliveries.js';
import { createEndpointEditor, type EndpointEditor } from './endpoint-editor.js';
import { toRecord, type EndpointRecord } from './endpoint-views.js';
import type { EndpointServiceDeps } from './service-deps.js';
import { listEndpoints } from './store.js';

export type { EndpointServiceDeps } from './service-deps.js';

/**
 * Endpoint management for the dashboard: reading endpoints (here), changing them
 * (endpoint-editor.ts) and their deliveries (endpoint-deliveries.ts). Who may do which is
 * endpoint-access.ts's rule; everything is scoped to the caller's agency.
 */
export interface EndpointService extends EndpointEditor, EndpointDeliveries {
  list(ctx: SessionContext): Promise<{ webhooks: EndpointRecord[] }>;
  get(ctx: SessionContext, id: string): Promise<EndpointRecord>;
}

export function createEndpointService(deps: EndpointServiceDeps): EndpointService {
  const { db } = deps;
  return {
    async list(ctx: SessionContext) {
      return { webhooks: (await listEndpoints(db, agencyOf(ctx, 'read'))).map(toRecord) };
    },
    async get(ctx: SessionContext, id: string) {
      return toRecord(await endpointOf(db, ctx, id, 'read'));
    },
    ...createEndpointEditor(deps),
    ...createEndpointDeliveries(deps),
  };
}

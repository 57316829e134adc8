import type { Db } from '../../platform/db/database.js';
import type { WebhookEndpointRow } from '../../platform/db/rows.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { agencyOfSession } from '../../identity/sessions/session-auth.js';
import type { SessionContext } from '../../identity/sessions/session-context.js';
import { recordSecurityEvent } from '../../identity/security-events/store.js';
import { findEndpoint } from './store.js';

export type Operation = 'read' | 'create' | 'edit' | 'delete' | 'enable' | 'retry' | 'test';
// A support session acts for an agency but must not point its events somewhere new, remove
// where they go, turn a switched-off endpoint back on, or post made-up events to its receiver.
const NOT_ON_SUPPORT: ReadonlySet<Operation> = new Set(['create', 'delete', 'enable', 'test']);

/**
 * Who may do what to an agency's endpoints. Who: the agency's owners and admins, on a session whose
 * second factor was verified (the contract: "by an agency owner or admin on a session opened with
 * a second factor"); a support session may look and retry, never create, delete or re-enable.
 * Everything is scoped to the caller's agency: another agency's id is 404.
 */
export function agencyOf(ctx: SessionContext, operation: Operation): string {
  if (ctx.supportSession) {
    if (NOT_ON_SUPPORT.has(operation)) {
      throw forbidden(`a support session cannot ${operation} webhook endpoints`, 'support_session_forbidden');
    }
    return agencyOfSession(ctx);
  }
  const agencyId = agencyOfSession(ctx);
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
  return agencyId;
}

/** The caller's endpoint `id`, once `operation` is allowed (404 for another agency's). */
export async function endpointOf(db: Db, ctx: SessionContext, id: string, operation: Operation): Promise<WebhookEndpointRow> {
  const agencyId = agencyOf(ctx, operation);
  const row = await findEndpoint(db, id, agencyId);
  if (!row) throw notFound(`no webhook endpoint ${id}`, 'webhook_not_found');
  return row;
}

/** Every change to an endpoint leaves a security event, naming the support session that made it. */
export function auditEndpoint(
  db: Db,
  ctx: SessionContext,
  { kind, row, ip, detail = {} }: { kind: string; row: WebhookEndpointRow; ip: string | null; detail?: Record<string, unknown> },
) {
  return recordSecurityEvent(db, {
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
}

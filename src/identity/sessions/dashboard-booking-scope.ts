import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/database.js';
import { forbidden } from '../../platform/errors.js';
import { findAgency } from '../agencies/store.js';
import { agencyOfSession, sessionOf, SUPPORT_PERMISSIONS } from './session-auth.js';

/** The environment a dashboard search, price or booking runs in: what an API key's environment would have said. */
export const DashboardEnvironmentQuery = Type.Object({
  environment: Type.Optional(
    Type.Union([Type.Literal('test'), Type.Literal('live')], {
      default: 'test',
      description:
        "`test` (the airlines' test systems, default) or `live` (production: the agency must be live, and the member its owner or an admin)",
    }),
  ),
});

export interface DashboardBookingScope {
  agencyId: string;
  environment: 'test' | 'live';
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once a dashboard search, price or booking knows its agency and environment: the request log records it as the agency's. */
    dashboardBooking: (DashboardBookingScope & { userId: string }) | null;
  }
}

/**
 * Who may search, price and book from the dashboard, and where: every member of the agency in
 * `test`; in `live`, which books and pays for real, only its owners and admins (the rule of live
 * API keys) and only once the agency is live. A support session needs the platform permission
 * orders.support, as for servicing the agency's orders.
 */
export async function dashboardBookingScope(
  db: Db,
  request: FastifyRequest,
  environment: 'test' | 'live' = 'test',
): Promise<DashboardBookingScope> {
  const session = sessionOf(request);
  const agencyId = agencyOfSession(session, { permission: SUPPORT_PERMISSIONS.write, doing: 'booking for the agency' });
  if (environment === 'live') {
    if (!session.supportSession && session.role !== 'owner' && session.role !== 'admin') {
      throw forbidden(
        `only the agency's owners and admins may search and book live (your role: ${session.role ?? 'none'})`,
        'role_forbidden',
      );
    }
    const agency = await findAgency(db, agencyId);
    if (!agency?.live)
      throw forbidden('live bookings can be made once the agency is live; use environment=test', 'agency_not_live');
  }
  request.dashboardBooking = { agencyId, environment, userId: session.userId };
  return { agencyId, environment };
}

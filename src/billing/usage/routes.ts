import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SESSION_SECURITY } from '../../identity/sessions/session-schemas.js';
import { agencyOfSession, requirePermission, sessionOf } from '../../identity/sessions/session-auth.js';
import { AgencyParams } from '../terms/schemas.js';
import { BILLING_PERMISSION } from '../terms/routes.js';
import { UsageQuerystring, UsageReport } from './schemas.js';
import type { UsageService } from './service.js';

const DESCRIPTION =
  'Served metered requests (not those refused with 402 or 429, nor failed with 5xx) of every key of the agency, by surface, in UTC ' +
  'day or hour buckets; searches (cached ones included), bookings and the look-to-book ratio; the one-off free allowance; the plan ' +
  'and the current billing period. Exact: counts not yet written to the database are written first. At most 400 days or 744 hours.';

export const usageRoutes: FastifyPluginAsyncTypebox<{ usage: UsageService }> = async (app, { usage }) => {
  app.get(
    '/v1/dev/usage',
    {
      schema: {
        operationId: 'getUsage',
        tags: ['portal'],
        summary: "The agency's usage",
        description: DESCRIPTION,
        security: SESSION_SECURITY,
        querystring: UsageQuerystring,
        response: { 200: UsageReport },
      },
    },
    async (request) => {
      return usage.report(agencyOfSession(sessionOf(request)), request.query);
    },
  );

  app.get(
    '/v1/admin/agencies/:id/usage',
    {
      schema: {
        operationId: 'getAgencyUsage',
        tags: ['admin'],
        summary: `An agency's usage (permission ${BILLING_PERMISSION})`,
        description: DESCRIPTION,
        security: SESSION_SECURITY,
        params: AgencyParams,
        querystring: UsageQuerystring,
        response: { 200: UsageReport },
      },
    },
    async (request) => {
      requirePermission(sessionOf(request), BILLING_PERMISSION);
      return usage.report(request.params.id, request.query);
    },
  );
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SESSION_SECURITY } from '../../identity/sessions/session-schemas.js';
import { requirePermission, sessionOf } from '../../identity/sessions/session-auth.js';
import { BILLING_PERMISSION } from '../terms/routes.js';
import { PLANS } from './catalogue.js';
import { PlanList } from './schemas.js';

/** GET /v1/admin/plans: the catalogue an operator picks an agency's plan from. */
export const planRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/admin/plans',
    {
      schema: {
        operationId: 'listPlans',
        tags: ['admin'],
        summary: `The plan catalogue (permission ${BILLING_PERMISSION})`,
        description:
          'Every plan an agency may be put on with `PATCH /v1/admin/agencies/{id}` `{"planCode": …}` (another code needs ' +
          '`force`), in catalogue order. Needs a session with a verified second factor and the billing.manage permission.',
        security: SESSION_SECURITY,
        response: { 200: PlanList },
      },
    },
    async (request) => {
      requirePermission(sessionOf(request), BILLING_PERMISSION);
      return {
        plans: PLANS.map(({ code, name, needsPaymentMethod, stopsAtAllowance, description }) => ({
          code,
          name,
          needs_payment_method: needsPaymentMethod,
          stops_at_allowance: stopsAtAllowance,
          description,
        })),
      };
    },
  );
};

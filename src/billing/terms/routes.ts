import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { forbidden } from '../../platform/errors.js';
import { SESSION_SECURITY } from '../../identity/sessions/session-schemas.js';
import { agencyOfSession, requirePermission, sessionOf } from '../../identity/sessions/session-auth.js';
import type { SessionContext } from '../../identity/sessions/session-context.js';
import {
  AgencyList,
  AgencyListQuery,
  AgencyParams,
  OwnAgencyPatchBody,
  OwnAgencyRecord,
  TermsPatchBody,
  TermsRecord,
} from './schemas.js';
import type { TermsService } from './service.js';
import { termsView, type AccountTerms } from './terms.js';
import { ownAgencyRecord, termsRecord, toChange } from './wire.js';

/** Platform permission of the billing admin paths. */
export const BILLING_PERMISSION = 'billing.manage';

/** The agency's own owners and admins, on their own session (not a support one). */
function ownAgency(ctx: SessionContext): string {
  const agencyId = agencyOfSession(ctx, { refuse: 'change the agency’s details' });
  if (ctx.role !== 'owner' && ctx.role !== 'admin') {
    throw forbidden(
      `only the agency's owners and admins may change its details (your role: ${ctx.role ?? 'none'})`,
      'role_forbidden',
    );
  }
  return agencyId;
}

export const termsRoutes: FastifyPluginAsyncTypebox<{ terms: TermsService; clock(): Date; defaultSearchRate: number }> = async (
  app,
  { terms, clock, defaultSearchRate },
) => {
  const view = (t: AccountTerms) => termsRecord(termsView(t, clock(), defaultSearchRate));
  const ownView = (t: AccountTerms) => ownAgencyRecord(termsView(t, clock(), defaultSearchRate));

  app.get(
    '/v1/admin/agencies',
    {
      schema: {
        operationId: 'listAgencies',
        description:
          'Pages through every agency with its plan, payment method, billing status and period, live flag, accreditation number and limits. Needs a session with a verified second factor and the billing.manage permission.',
        tags: ['admin'],
        summary: `Agencies with their account terms, newest first (permission ${BILLING_PERMISSION})`,
        security: SESSION_SECURITY,
        querystring: AgencyListQuery,
        response: { 200: AgencyList },
      },
    },
    async (request) => {
      requirePermission(sessionOf(request), BILLING_PERMISSION);
      const list = await terms.list({
        limit: request.query.limit ?? 100,
        ...(request.query.plan_code ? { planCode: request.query.plan_code } : {}),
      });
      return { agencies: list.map(view) };
    },
  );

  app.get(
    '/v1/admin/agencies/:id',
    {
      schema: {
        operationId: 'getAgency',
        description:
          "One agency's account terms as the standing check reads them; 404 for an unknown id. Needs a session with a verified second factor and the billing.manage permission.",
        tags: ['admin'],
        summary: `An agency's account terms: plan, payment method, billing status and period, live, accreditation, limits (permission ${BILLING_PERMISSION})`,
        security: SESSION_SECURITY,
        params: AgencyParams,
        response: { 200: TermsRecord },
      },
    },
    async (request) => {
      requirePermission(sessionOf(request), BILLING_PERMISSION);
      return view(await terms.get(request.params.id));
    },
  );

  app.patch(
    '/v1/admin/agencies/:id',
    {
      schema: {
        operationId: 'updateAgencyTerms',
        tags: ['admin'],
        summary: `Change an agency's account terms (permission ${BILLING_PERMISSION})`,
        description:
          'Only the named fields change; null clears a ceiling, the payment method, the accreditation number, or returns the allowance ' +
          'and search rate to their defaults. A plan code outside the catalogue is 400 `unknown_plan` unless `force` is true. Every ' +
          'change is a security event (`agency.terms_changed`); going live also records `agency.went_live` and mails the owners. ' +
          'Changes apply to the next request on every instance.',
        security: SESSION_SECURITY,
        params: AgencyParams,
        body: TermsPatchBody,
        response: { 200: TermsRecord },
      },
    },
    async (request) => {
      const ctx = sessionOf(request);
      requirePermission(ctx, BILLING_PERMISSION);
      return view(
        await terms.change(request.params.id, toChange(request.body), { userId: ctx.userId, ip: request.ip, via: 'admin' }),
      );
    },
  );

  app.get(
    '/v1/dev/agency',
    {
      schema: {
        operationId: 'getOwnAgency',
        tags: ['portal'],
        summary: "The agency's own terms: plan, live, accreditation number, billing status and period, search limits",
        description:
          'For any member of the agency (and a support session acting for it). The limits are what the search answers 429 ' +
          'against (`rate_limited`, `daily_ceiling`, `monthly_ceiling`, `look_to_book`); null ceilings are none. Operators ' +
          'change them (`PATCH /v1/admin/agencies/{id}`).',
        security: SESSION_SECURITY,
        response: { 200: OwnAgencyRecord },
      },
    },
    async (request) => {
      const agencyId = agencyOfSession(sessionOf(request));
      return ownView(await terms.get(agencyId));
    },
  );

  app.patch(
    '/v1/dev/agency',
    {
      schema: {
        operationId: 'updateOwnAgency',
        tags: ['portal'],
        summary: "Set or clear the agency's IATA/BSP accreditation number (owners and admins)",
        description:
          'Ticketing in production (a live-key order paid now, a commit, a change confirm that tickets) needs it: without it those answer ' +
          '403 `accreditation_required`. Audited as `agency.terms_changed`.',
        security: SESSION_SECURITY,
        body: OwnAgencyPatchBody,
        response: { 200: OwnAgencyRecord },
      },
    },
    async (request) => {
      const ctx = sessionOf(request);
      const agencyId = ownAgency(ctx);
      return ownView(
        await terms.change(
          agencyId,
          { iataNumber: request.body.iata_number },
          { userId: ctx.userId, ip: request.ip, via: 'portal' },
        ),
      );
    },
  );
};

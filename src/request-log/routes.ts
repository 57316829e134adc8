import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { SESSION_SECURITY } from '../identity/sessions/session-schemas.js';
import { sessionOf } from '../identity/sessions/session-auth.js';
import type { Db } from '../platform/db/database.js';
import { forbidden } from '../platform/errors.js';
import { RequestListQuery, RequestPage } from './schemas.js';
import { requestPage } from './service.js';

/** What a support session needs to read an agency's logs: what opened it, as for the agency's orders. */
const SUPPORT_READ_PERMISSION = 'support.session';

/**
 * Every member of the agency may read its log (owners, admins and developers: the log holds no
 * secret, and developers are who debug the integration); an operator's support session needs the
 * platform permission `support.session`, re-read on every request.
 */
function agencyOf(request: FastifyRequest): string {
  const session = sessionOf(request);
  if (session.supportSession && !session.permissions.includes(SUPPORT_READ_PERMISSION)) {
    throw forbidden(
      `reading the agency's request log on a support session needs the platform permission ${SUPPORT_READ_PERMISSION}`,
      'missing_permission',
    );
  }
  if (!session.agencyId) throw forbidden('this session acts for no agency', 'not_agency_account');
  return session.agencyId;
}

/** `GET /v1/dev/requests`: the dashboard's Logs (session bearer). */
export const requestLogRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/v1/dev/requests',
    {
      schema: {
        operationId: 'listApiRequests',
        tags: ['portal: request log'],
        summary: "The agency's API requests of the last 7 days, newest first (session, keyset pagination)",
        description:
          "Every request the agency's API keys made that the key gate admitted, kept 7 days: method, matched route, path " +
          '(never the query string), status, latency, key, request id and, for 4xx and 5xx, the error `code`. Never bodies or ' +
          'headers. Requests refused before a key was admitted (missing or unknown key, a restriction) are not here; ' +
          'refused restrictions are in the security events. Rows reach the log within about a second. Any member of the ' +
          'agency may read it; a support session needs the platform permission `support.session`. Filters combine; a bad ' +
          'one answers 400 naming it. `next_cursor` is null on the last page; a narrow filter over a long stretch may end a page ' +
          'with fewer than `limit` requests and a `next_cursor`, which goes on from where the search stopped.',
        security: SESSION_SECURITY,
        querystring: RequestListQuery,
        response: { 200: RequestPage },
      },
    },
    async (request) => requestPage(db, agencyOf(request), request.query),
  );
};

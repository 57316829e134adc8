import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { SESSION_SECURITY } from '../identity/sessions/session-schemas.js';
import { agencyOfSession, sessionOf, SUPPORT_PERMISSIONS } from '../identity/sessions/session-auth.js';
import type { Db } from '../platform/db/database.js';
import { requestBodies, type NotedAnswers } from './body-service.js';
import { RequestBodies, RequestBodiesParams, RequestListQuery, RequestPage } from './schemas.js';
import { requestPage } from './service.js';

/**
 * Every member of the agency may read its log (owners, admins and developers: the log holds no
 * secret, and developers are who debug the integration); an operator's support session needs the
 * platform permission `support.session`, re-read on every request.
 */
const agencyOf = (request: FastifyRequest): string =>
  agencyOfSession(sessionOf(request), { permission: SUPPORT_PERMISSIONS.read, doing: "reading the agency's request log" });

/** `GET /v1/dev/requests` and `GET /v1/dev/requests/{request_id}`: the dashboard's Logs (session bearer). */
export const requestLogRoutes: FastifyPluginAsyncTypebox<{ db: Db; noted: NotedAnswers }> = async (app, { db, noted }) => {
  app.get(
    '/v1/dev/requests',
    {
      schema: {
        operationId: 'listApiRequests',
        tags: ['portal: request log'],
        summary: "The agency's API requests of the last 7 days, newest first (session, keyset pagination)",
        description:
          "Every request the agency's API keys made that the key gate admitted, kept 7 days: method, matched route, path " +
          '(never the query string), status, latency, key, request id and, for 4xx and 5xx, the error `code`. Never headers; ' +
          'the bodies, redacted, are read one request at a time (`GET /v1/dev/requests/{request_id}`). Requests refused before a key was admitted (missing or unknown key, a restriction) are not here; ' +
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

  app.get(
    '/v1/dev/requests/:request_id',
    {
      schema: {
        operationId: 'getApiRequestBodies',
        tags: ['portal: request log'],
        summary: "A logged request's request and response bodies, redacted (session)",
        description:
          'The JSON a logged request sent and the JSON it was answered with, as the gateway read and serialized them ' +
          '(before compression), kept REQUEST_LOG_BODY_RETENTION_DAYS (3 by default). Redacted: the value of any field named ' +
          'like a secret (password, secret, token, api_key, authorization, cvc, cvv, security_code, expiry, pin and the like) ' +
          'is `[redacted]`, a card number (13-19 digits passing the Luhn check) keeps its last four digits, the `number` of ' +
          'a `card` object goes whatever it holds, and API-key-shaped values and bearer credentials are replaced. Each body ' +
          'is compact JSON cut at 16 KB, with the bytes dropped said after it and in `dropped_bytes`; any other content type ' +
          'is noted, not recorded, and so is a successful answer of public reference data (`/v1/aviation`, `/v1/reference`), ' +
          'which the same request answers again. 404 `request_bodies_not_found` when the agency keeps none for the id (unknown, another ' +
          "agency's, or aged out). Who may read it: as for the list.",
        security: SESSION_SECURITY,
        params: RequestBodiesParams,
        response: { 200: RequestBodies },
      },
    },
    async (request) => requestBodies(db, agencyOf(request), request.params.request_id, noted),
  );
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SESSION_SECURITY } from '../../identity/sessions/session-schemas.js';
import type { PortalServices } from '../services.js';
import { sessionOf } from '../../identity/sessions/session-auth.js';
import {
  AdminEvents,
  AdminEventsQuery,
  EventIdParams,
  Lockouts,
  OwnEvents,
  OwnEventsQuery,
  SecurityEvent,
  Unlocked,
  UserIdParams,
} from './schemas.js';

export const securityEventRoutes: FastifyPluginAsyncTypebox<{ services: PortalServices }> = async (app, { services }) => {
  const security = services.security;

  app.get(
    '/v1/dev/me/security-events',
    {
      schema: {
        operationId: 'listMySecurityEvents',
        tags: ['portal'],
        summary: "The caller's security events, newest first",
        description:
          "What the caller did or had done to their account, plus events on the caller's agency that no user caused " +
          '(requests refused by a key restriction) and support sessions opened or closed on its behalf. ' +
          'A support session is refused with 403 `support_session_forbidden`: it acts for the agency, not as the operator.',
        security: SESSION_SECURITY,
        querystring: OwnEventsQuery,
        response: { 200: OwnEvents },
      },
    },
    async (request) => security.listOwn(sessionOf(request), request.query),
  );

  app.get(
    '/v1/admin/security/events',
    {
      schema: {
        operationId: 'listSecurityEvents',
        description:
          'Operator view of the security events of every account, newest first; needs the platform permission platform.read.',
        tags: ['admin'],
        summary: 'Security events of every account, newest first (permission platform.read)',
        security: SESSION_SECURITY,
        querystring: AdminEventsQuery,
        response: { 200: AdminEvents },
      },
    },
    async (request) => security.listAll(sessionOf(request), request.query),
  );

  app.post(
    '/v1/admin/security/events/:id/ack',
    {
      schema: {
        operationId: 'acknowledgeSecurityEvent',
        description: 'Marks the event as seen by this operator; it stays in the log.',
        tags: ['admin'],
        summary: 'Acknowledge an event (permission platform.read)',
        security: SESSION_SECURITY,
        params: EventIdParams,
        response: { 200: SecurityEvent },
      },
    },
    async (request) => security.acknowledge(sessionOf(request), request.params.id),
  );

  app.get(
    '/v1/admin/security/lockouts',
    {
      schema: {
        operationId: 'listLockouts',
        description: 'Accounts whose sign-in is locked after repeated failures, and when each lock ends.',
        tags: ['admin'],
        summary: 'Accounts locked now, with when each lock ends (permission platform.read)',
        security: SESSION_SECURITY,
        response: { 200: Lockouts },
      },
    },
    async (request) => security.lockouts(sessionOf(request)),
  );

  app.post(
    '/v1/admin/security/lockouts/:userID/unlock',
    {
      schema: {
        operationId: 'unlockAccount',
        description: 'Lets the account sign in again at once and resets its failure count.',
        tags: ['admin'],
        summary: 'Lift a lock and reset the failure count (permission user.manage)',
        security: SESSION_SECURITY,
        params: UserIdParams,
        response: { 200: Unlocked },
      },
    },
    async (request) => security.unlock(sessionOf(request), request.params.userID, request.ip),
  );
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { INVITE_POLICY } from '../policy.js';
import { SESSION_SECURITY, StatusBody } from '../../identity/sessions/session-schemas.js';
import { NO_SECURITY } from '../schemas.js';
import type { PortalServices } from '../services.js';
import { sessionOf } from '../../identity/sessions/session-auth.js';
import { AcceptInviteBody, AcceptInviteResponse, CreateInviteBody, InviteIdParams, InviteList, InviteRecord } from './schemas.js';

const tags = ['portal: teammates'];

/** The agency's invitations, managed by its owner or admins. */
export const inviteRoutes: FastifyPluginAsyncTypebox<{ services: PortalServices }> = async (app, { services }) => {
  const invites = services.invites;

  app.post(
    '/v1/dev/invites',
    {
      schema: {
        operationId: 'createInvite',
        tags,
        summary: 'Invite a teammate into the agency',
        description:
          `Mails a one-time token, valid ${INVITE_POLICY.ttlMs / 86_400_000} days, to the address; inviting the same address again replaces the open invitation. ` +
          `Owner or admin only, with a verified e-mail address, never on a support session; at most ${INVITE_POLICY.maxOpen} open invitations per agency (409 \`too_many_open_invites\`).`,
        security: SESSION_SECURITY,
        body: CreateInviteBody,
        response: { 201: InviteRecord },
      },
    },
    async (request, reply) => reply.code(201).send(await invites.create(sessionOf(request), request.body, request.ip)),
  );

  app.get(
    '/v1/dev/invites',
    {
      schema: {
        operationId: 'listInvites',
        description: 'Invitations not yet accepted, revoked or expired.',
        tags,
        summary: "The agency's open invitations, newest first",
        security: SESSION_SECURITY,
        response: { 200: InviteList },
      },
    },
    async (request) => ({ invites: await invites.list(sessionOf(request)) }),
  );

  app.delete(
    '/v1/dev/invites/:id',
    {
      schema: {
        operationId: 'revokeInvite',
        description: 'The invitation link stops working at once.',
        tags,
        summary: 'Revoke an open invitation',
        security: SESSION_SECURITY,
        params: InviteIdParams,
        response: { 200: StatusBody },
      },
    },
    async (request) => invites.revoke(sessionOf(request), request.params.id, request.ip),
  );
};

/** Answering an invitation: no credential but the token the mail carried. */
export const inviteAcceptRoutes: FastifyPluginAsyncTypebox<{ services: PortalServices }> = async (app, { services }) => {
  app.post(
    '/v1/dev/invites/accept',
    {
      schema: {
        operationId: 'acceptInvite',
        tags,
        summary: 'Accept an invitation: the account is created in the agency with the invited role',
        description:
          'The e-mail address counts as verified (the token came through it). 400 `invalid_invite_token` for a used, revoked, unknown or expired token; ' +
          '409 `email_taken` when the address already has an account; a password the policy refuses is 400 and leaves the invitation usable.',
        security: NO_SECURITY,
        body: AcceptInviteBody,
        response: { 201: AcceptInviteResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await services.invites.accept(request.body.token, request.body.password, request.ip)),
  );
};

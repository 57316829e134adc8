import { findAgency } from '../../identity/agencies/store.js';
import type { Passwords } from '../../identity/passwords/passwords.js';
import { recordSecurityEvent } from '../../identity/security-events/store.js';
import { EMAIL_TAKEN, findUserByEmail, insertUser } from '../../identity/users/store.js';
import type { AgencyInviteRow } from '../../platform/db/rows.js';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { Mailer } from '../../platform/mail.js';
import type { Platform } from '../../platform/platform.js';
import { accountMailCap } from '../accounts/account-mail-cap.js';
import { dashboardLink } from '../dashboard-links.js';
import { ACCOUNT_MAIL_PER_HOUR, INVITE_POLICY } from '../policy.js';
import { agencyOfSession } from '../../identity/sessions/session-auth.js';
import type { SessionContext } from '../../identity/sessions/session-context.js';
import { hashToken, newToken } from '../sessions/tokens.js';
import * as store from './store.js';

const invalidInvite = () =>
  badRequest('this invitation is invalid, used, revoked or expired: ask for a new one', 'invalid_invite_token');
const emailTaken = () => conflict('this address already has an account, and an account belongs to one agency', 'email_taken');

/** An open invitation as the portal shows it. */
export interface InviteView {
  id: string;
  email: string;
  role: AgencyInviteRow['role'];
  invited_by: string;
  created_at: string;
  expires_at: string;
}

export interface InviteService {
  /** Invites an address to the caller's agency (owner or admin), replacing its open invitation, and mails the one-time link. */
  create(ctx: SessionContext, body: { email: string; role: AgencyInviteRow['role'] }, ip: string | null): Promise<InviteView>;
  /** The agency's open invitations (owner or admin). */
  list(ctx: SessionContext): Promise<InviteView[]>;
  /** Revokes an open invitation of the caller's agency; 404 `invite_not_found`. */
  revoke(ctx: SessionContext, id: string, ip: string | null): Promise<{ status: 'revoked' }>;
  /** Creates the invited account with the chosen password; 400 `invalid_invite_token`, 409 `email_taken`. */
  accept(
    token: string,
    password: string,
    ip: string | null,
  ): Promise<{ status: 'joined'; user_id: string; agency_id: string; role: AgencyInviteRow['role'] }>;
}

const view = (row: AgencyInviteRow): InviteView => ({
  id: row.id,
  email: row.email,
  role: row.role,
  invited_by: row.invited_by,
  created_at: row.created_at.toISOString(),
  expires_at: row.expires_at.toISOString(),
});

/**
 * Teammates: an agency's owner or admin invites an address with a role (admin or developer);
 * the invitation's one-time token, mailed to that address, creates the account there with a
 * verified e-mail when its holder picks a password. Inviting the same address again replaces
 * the open invitation.
 */
export function createInviteService(
  platform: Pick<Platform, 'db' | 'config' | 'clock' | 'logger' | 'redis' | 'metrics'>,
  deps: { passwords: Passwords; mailer: Mailer },
): InviteService {
  const { db, config, clock, logger } = platform;
  // Re-inviting replaces the open invitation but mails again: capped per agency and address, so an
  // agency cannot flood someone's inbox, and one agency learns nothing of another's invitations.
  const perAddress = accountMailCap(platform, { name: 'invite', perHour: ACCOUNT_MAIL_PER_HOUR.invite });

  function managedAgency(ctx: SessionContext): string {
    const agencyId = agencyOfSession(ctx, { refuse: 'manage invitations' });
    if (ctx.role !== 'owner' && ctx.role !== 'admin')
      throw forbidden('inviting teammates needs the owner or admin role', 'role_forbidden');
    return agencyId;
  }

  async function mailInvite(invite: AgencyInviteRow, token: string) {
    const agency = await findAgency(db, invite.agency_id);
    try {
      await deps.mailer.send({
        to: invite.email,
        subject: `You are invited to ${agency?.name ?? 'an agency'} on the Flight Gateway`,
        text: [
          `You are invited to join ${agency?.name ?? 'an agency'} on the Flight Gateway developer portal as ${invite.role}.`,
          `To accept, open this link within ${INVITE_POLICY.ttlMs / 86_400_000} days and choose a password (it works once):`,
          dashboardLink(config.publicUrl, 'accept-invite', token),
          'If you did not expect this, ignore this message: no account is made without it.',
        ].join('\n\n'),
      });
    } catch (err) {
      // The invitation exists either way; inviting the address again sends a new one.
      logger.error({ err, inviteId: invite.id }, 'could not send an invitation');
    }
  }

  return {
    async create(ctx, body, ip) {
      const agencyId = managedAgency(ctx);
      if (!ctx.emailVerified) {
        throw forbidden('verify your e-mail address first (POST /v1/dev/me/verify-email)', 'email_unverified');
      }
      const email = body.email.trim();
      const cap = await perAddress(`${agencyId}:${email.toLowerCase()}`, { agencyId });
      if (!cap.allowed) {
        throw tooManyRequests(
          `too many invitations mailed to this address: at most ${ACCOUNT_MAIL_PER_HOUR.invite} an hour`,
          cap.retryAfterSeconds,
        );
      }
      const now = clock();
      await store.revokeInvites(db, agencyId, { email }, now);
      if ((await store.listOpenInvites(db, agencyId, now)).length >= INVITE_POLICY.maxOpen) {
        throw conflict(
          `the agency has ${INVITE_POLICY.maxOpen} open invitations: revoke some or wait for answers`,
          'too_many_open_invites',
        );
      }
      const token = newToken('fainv');
      const invite = await store.insertInvite(db, {
        id: newId('inv'),
        agency_id: agencyId,
        email,
        role: body.role,
        token_hash: hashToken(token),
        invited_by: ctx.userId,
        created_at: now,
        expires_at: new Date(now.getTime() + INVITE_POLICY.ttlMs),
      });
      await recordSecurityEvent(db, {
        kind: 'invite.created',
        userId: ctx.userId,
        agencyId,
        ip,
        detail: { inviteId: invite.id, email, role: body.role },
      });
      await mailInvite(invite, token);
      return view(invite);
    },

    async list(ctx) {
      return (await store.listOpenInvites(db, managedAgency(ctx), clock())).map(view);
    },

    async revoke(ctx, id, ip) {
      const agencyId = managedAgency(ctx);
      const [revoked] = await store.revokeInvites(db, agencyId, { id }, clock());
      if (!revoked) throw notFound('no open invitation with this id in your agency', 'invite_not_found');
      await recordSecurityEvent(db, { kind: 'invite.revoked', userId: ctx.userId, agencyId, ip, detail: { inviteId: id } });
      return { status: 'revoked' as const };
    },

    async accept(token, password, ip) {
      const invite = await store.findOpenInvite(db, hashToken(token), clock());
      if (!invite) throw invalidInvite();
      if (await findUserByEmail(db, invite.email)) throw emailTaken();
      // Checked before the invitation is spent: a refused password leaves it usable.
      deps.passwords.check(password, { email: invite.email });
      const hash = await deps.passwords.hash(password);
      const user = await db.transaction().execute(async (trx) => {
        const now = clock();
        if (!(await store.acceptInvite(trx, invite.id, now))) throw invalidInvite();
        const created = await insertUser(trx, {
          id: newId('usr'),
          agency_id: invite.agency_id,
          email: invite.email,
          password_hash: hash,
          role: invite.role,
          permissions: [],
          // The token came through this mailbox: the address is proven.
          email_verified_at: now,
        });
        // Another account took the address since the check above: the invitation stays unspent.
        if (created === EMAIL_TAKEN) throw emailTaken();
        await recordSecurityEvent(trx, {
          kind: 'invite.accepted',
          userId: created.id,
          agencyId: invite.agency_id,
          ip,
          detail: { inviteId: invite.id, invitedBy: invite.invited_by, role: invite.role },
        });
        return created;
      });
      return { status: 'joined' as const, user_id: user.id, agency_id: invite.agency_id, role: invite.role };
    },
  };
}

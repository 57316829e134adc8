import { AGENCY_NAME_MAX_LENGTH } from '../../identity/account-service.js';
import { normalizeIata } from '../../identity/agencies/iata.js';
import { verifyAgencyOwnedBy } from '../../identity/agencies/store.js';
import type { Identity } from '../../identity/identity.js';
import { recordSecurityEvent } from '../../identity/security-events/store.js';
import { isEmailAddress } from '../../identity/users/email-address.js';
import { findUser, findUserByEmail, markEmailVerified } from '../../identity/users/store.js';
import { badRequest, conflict, forbidden, AppError, tooManyRequests } from '../../platform/errors.js';
import { checkDisplayName } from '../../platform/display-name.js';
import type { Mailer } from '../../platform/mail.js';
import type { Platform } from '../../platform/platform.js';
import type { ClientAddressLimit } from '../../platform/rate-limit/client-address-limit.js';
import { ACCOUNT_MAIL_PER_HOUR, EMAIL_VERIFICATION_TTL_MS } from '../policy.js';
import type { SessionContext } from '../../identity/sessions/session-context.js';
import { hashToken, newToken } from '../sessions/tokens.js';
import { dashboardLink } from '../dashboard-links.js';
import { accountMailCap } from './account-mail-cap.js';
import * as store from './store.js';

/** A sign-up form: the owner's address and password, and optionally the agency's name and IATA number. */
export interface SignupInput {
  email: string;
  password: string;
  agency_name?: string;
  iata_number?: string;
}

export interface SignupService {
  /** Creates the agency and its owner and mails a verification link; the same answer for an address that has an account. */
  signup(input: SignupInput, ip: string | null): Promise<{ status: 'verification_sent' }>;
  /** Verifies the address through its link (and the agency of its owner); 400 `invalid_verification_token`. */
  verifyEmail(token: string, ip: string | null): Promise<{ status: 'verified' }>;
  /** Mails the signed-in user a new verification link, within the per-account cap; 409 when verified already. */
  resendVerification(ctx: SessionContext): Promise<{ status: 'verification_sent' }>;
}

/**
 * Sign-up and e-mail verification. Sign-up answers the same whether or not the address already
 * has an account (the owner of an existing one is told by mail instead), so it cannot be used to
 * find out who is a customer.
 */
export function createSignupService(
  platform: Pick<Platform, 'db' | 'config' | 'clock' | 'logger' | 'redis' | 'metrics'>,
  deps: { identity: Identity; mailer: Mailer; limit: ClientAddressLimit },
): SignupService {
  const { db, config, clock, logger } = platform;
  const { identity, mailer, limit } = deps;
  // Verification links and "someone tried to sign up with your address" notices share one cap.
  const perAccount = accountMailCap(platform, { name: 'verification', perHour: ACCOUNT_MAIL_PER_HOUR.verification });

  async function send(to: string, subject: string, text: string) {
    try {
      await mailer.send({ to, subject, text });
    } catch (err) {
      // The account exists either way; the user can ask for another link.
      logger.error({ err, mail: { to, subject } }, 'could not send mail');
    }
  }

  async function sendVerification(user: { id: string; email: string }) {
    const token = newToken('fav');
    const now = clock();
    await store.insertEmailVerification(db, {
      token_hash: hashToken(token),
      user_id: user.id,
      email: user.email,
      created_at: now,
      expires_at: new Date(now.getTime() + EMAIL_VERIFICATION_TTL_MS),
    });
    const link = dashboardLink(config.publicUrl, 'verify-email', token);
    await send(
      user.email,
      'Confirm your e-mail address',
      [
        'Welcome to the Flight Gateway developer portal.',
        `Confirm your e-mail address by opening this link within ${EMAIL_VERIFICATION_TTL_MS / 3_600_000} hours:`,
        link,
        'Until then you can sign in, but not create API keys. If you did not sign up, ignore this message.',
      ].join('\n\n'),
    );
  }

  return {
    async signup(input, ip) {
      const email = input.email.trim();
      // The account service's own address rule, checked before an agency is made for it.
      if (!isEmailAddress(email)) throw badRequest('email must be a valid e-mail address');
      identity.passwords.check(input.password, { email });
      const iataNumber = normalizeIata('iata_number', input.iata_number ?? null);
      // Named as the form names it, before anything is written or mailed.
      // A blank one is no name: the agency is named after the address's domain.
      const agencyName = input.agency_name?.trim()
        ? checkDisplayName('agency_name', input.agency_name, AGENCY_NAME_MAX_LENGTH)
        : null;
      // Every sign-up that gets this far sends a mail, to an address nobody has proven to own.
      await limit(ip);
      const existing = await findUserByEmail(db, email);
      if (existing) {
        // Same work, same answer as a new account: only the mailbox owner learns the difference.
        await identity.passwords.hash(input.password);
        // Over the account's cap: the same answer, no mail.
        if (!(await perAccount(existing.id, { userId: existing.id })).allowed) return { status: 'verification_sent' as const };
        await send(
          existing.email,
          'Someone tried to sign up with your address',
          'A sign-up was attempted with this e-mail address, which already has an account. If it was you, sign in instead; if not, no action is needed.',
        );
        return { status: 'verification_sent' as const };
      }
      const agency = await identity.createAgency({
        // No plan code: an agency without one is on billing's default plan, the free one (docs/plans.md).
        name: agencyName ?? email.split('@')[1]!,
        iataNumber,
        verified: false,
      });
      let user;
      try {
        // Two sign-ups racing for one address: the loser's agency stays empty, its answer the same.
        user = await identity.createUser({
          agencyId: agency.id,
          email,
          password: input.password,
          role: 'owner',
          emailVerified: false,
        });
      } catch (err) {
        if (err instanceof AppError && err.code === 'email_taken') return { status: 'verification_sent' as const };
        throw err;
      }
      await recordSecurityEvent(db, {
        kind: 'account.created',
        userId: user.id,
        agencyId: agency.id,
        ip,
        detail: { via: 'signup' },
      });
      // A new account's first link counts towards its cap, as later ones do.
      if ((await perAccount(user.id, { userId: user.id })).allowed) await sendVerification(user);
      return { status: 'verification_sent' as const };
    },

    async verifyEmail(token, ip) {
      const now = clock();
      const link = await store.spendEmailVerification(db, hashToken(token), now);
      // Only while the account still has the address the link was sent to.
      const verified = link ? await markEmailVerified(db, link.user_id, link.email, now) : null;
      if (!verified)
        throw badRequest('this verification link is invalid, used or expired: ask for a new one', 'invalid_verification_token');
      if (verified.agency_id) await verifyAgencyOwnedBy(db, verified.agency_id, verified.id, now);
      await recordSecurityEvent(db, { kind: 'email.verified', userId: verified.id, agencyId: verified.agency_id, ip });
      return { status: 'verified' as const };
    },

    async resendVerification(ctx) {
      if (ctx.supportSession) throw forbidden('a support session cannot change the account', 'support_session_forbidden');
      const user = await findUser(db, ctx.userId);
      if (!user || user.email_verified_at) throw conflict('the e-mail address is already verified', 'email_already_verified');
      // The caller owns the account: nothing to hide, so it is told when to try again.
      const cap = await perAccount(user.id, { userId: user.id });
      if (!cap.allowed) {
        throw tooManyRequests(
          `too many verification mails to this account: at most ${ACCOUNT_MAIL_PER_HOUR.verification} an hour`,
          cap.retryAfterSeconds,
        );
      }
      await sendVerification(user);
      return { status: 'verification_sent' as const };
    },
  };
}

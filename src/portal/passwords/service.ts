import type { Passwords } from '../../identity/passwords/passwords.js';
import { recordUserEvent } from '../../identity/security-events/store.js';
import { findUser, findUserByEmail, setPasswordHash } from '../../identity/users/store.js';
import type { Db } from '../../platform/db/database.js';
import type { UserRow } from '../../platform/db/rows.js';
import { badRequest, forbidden, unauthorized } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mail.js';
import type { Platform } from '../../platform/platform.js';
import type { ClientAddressLimit } from '../../platform/rate-limit/client-address-limit.js';
import { accountMailCap } from '../accounts/account-mail-cap.js';
import { dashboardLink } from '../dashboard-links.js';
import { ACCOUNT_MAIL_PER_HOUR, PASSWORD_RESET_TTL_MS } from '../policy.js';
import type { SessionContext } from '../../identity/sessions/session-context.js';
import type { RequireStepUp } from '../sessions/step-up.js';
import { revokeUserSessions } from '../sessions/store.js';
import { hashToken, newToken } from '../sessions/tokens.js';
import * as store from './store.js';

const invalidResetLink = () =>
  badRequest('this reset link is invalid, used or expired: ask for a new one', 'invalid_reset_token');

export interface PasswordService {
  /** Mails a one-time reset link when the address has an account; the same answer, as fast, when it has none. */
  requestReset(email: string, ip: string | null): Promise<{ status: 'reset_sent' }>;
  /** Sets a new password through a reset link and ends every session; 400 `invalid_reset_token` when the link is not usable. */
  confirmReset(token: string, password: string, ip: string | null): Promise<{ status: 'password_reset' }>;
  /** Changes the signed-in user's password (the current one as step-up) and ends every other session. */
  change(ctx: SessionContext, current: string, next: string, ip: string | null): Promise<{ status: 'password_changed' }>;
}

/**
 * Changing a password (signed in, with the current one) and resetting a forgotten one (through
 * a one-time link mailed to the account's address). Either way every other session of the
 * account ends, the change is a security event, and the owner is told by mail.
 */
export function createPasswordService(
  platform: Pick<Platform, 'db' | 'config' | 'clock' | 'logger' | 'redis' | 'metrics'>,
  deps: { passwords: Passwords; mailer: Mailer; requireStepUp: RequireStepUp; limit: ClientAddressLimit },
): PasswordService {
  const { db, config, clock, logger } = platform;
  const { passwords, mailer, requireStepUp, limit } = deps;
  const perAccount = accountMailCap(platform, { name: 'password-reset', perHour: ACCOUNT_MAIL_PER_HOUR.passwordReset });

  async function notify(user: UserRow, subject: string, text: string) {
    try {
      await mailer.send({ to: user.email, subject, text });
    } catch (err) {
      // The change is made either way; the notice is a courtesy.
      logger.warn({ err, userId: user.id }, 'could not send a password notice');
    }
  }

  async function sendResetLink(user: UserRow, ip: string | null) {
    // Over the account's cap: no link, no mail; the caller has already answered the same 202.
    if (!(await perAccount(user.id, { userId: user.id })).allowed) return;
    const token = newToken('fapr');
    const now = clock();
    await store.insertPasswordReset(db, {
      token_hash: hashToken(token),
      user_id: user.id,
      created_at: now,
      expires_at: new Date(now.getTime() + PASSWORD_RESET_TTL_MS),
    });
    await recordUserEvent(db, user, { kind: 'password.reset_requested', ip });
    await mailer.send({
      to: user.email,
      subject: 'Reset your password',
      text: [
        'Someone, hopefully you, asked to reset the password of your developer account.',
        `Choose a new password by opening this link within ${PASSWORD_RESET_TTL_MS / 60_000} minutes (it works once):`,
        dashboardLink(config.publicUrl, 'reset-password', token),
        'Every session of the account ends when the password is reset. If you did not ask for this, ignore this message: your password stays as it is.',
      ].join('\n\n'),
    });
  }

  /**
   * The new password's part of a reset or a change, inside the caller's transaction: the hash
   * (a reset, proven through the mailbox, also lifts a timed lock), the sessions that end (all
   * of them, or all but `keep`), and the event.
   */
  async function replacePassword(
    trx: Db,
    user: UserRow,
    hash: string,
    how: { via: 'reset' | 'change'; keep: string | null; ip: string | null },
  ) {
    const reset = how.via === 'reset';
    await setPasswordHash(trx, user.id, hash, reset);
    const reason = reset ? 'password_reset' : 'password_changed';
    const sessionsRevoked = await revokeUserSessions(trx, user.id, { at: clock(), reason, keep: how.keep });
    await recordUserEvent(trx, user, {
      kind: reset ? 'password.reset' : 'password.changed',
      ip: how.ip,
      detail: { sessionsRevoked },
    });
  }

  return {
    // Same answer, as fast, whether or not the address has an account or is over its mail cap: the
    // link is sent after it.
    async requestReset(email, ip) {
      await limit(ip);
      const user = await findUserByEmail(db, email.trim());
      if (user) {
        void sendResetLink(user, ip).catch((err: unknown) =>
          logger.error({ err, userId: user.id }, 'could not send a password reset link'),
        );
      }
      return { status: 'reset_sent' as const };
    },

    async confirmReset(token, password, ip) {
      const tokenHash = hashToken(token);
      const reset = await store.findUsableReset(db, tokenHash, clock());
      const user = reset ? await findUser(db, reset.user_id) : null;
      if (!user) throw invalidResetLink();
      // The link is checked but not spent before the new password passes the policy: a refused
      // password leaves the link usable for the next try.
      passwords.check(password, { email: user.email });
      const hash = await passwords.hash(password);
      await db.transaction().execute(async (trx) => {
        if (!(await store.spendResets(trx, tokenHash, user.id, clock()))) throw invalidResetLink();
        await replacePassword(trx, user, hash, { via: 'reset', keep: null, ip });
      });
      await notify(
        user,
        'Your password was reset',
        'The password of your developer account was reset through a link sent to this address, and every session of the account was ended. If this was not you, reset it again at once and tell support.',
      );
      return { status: 'password_reset' as const };
    },

    async change(ctx, current, next, ip) {
      if (ctx.supportSession) throw forbidden('a support session cannot change the password', 'support_session_forbidden');
      const user = await findUser(db, ctx.userId);
      if (!user) throw unauthorized('invalid or expired session', 'invalid_session');
      passwords.check(next, { email: user.email });
      // A wrong current password counts towards the lockout, as any step-up does.
      await requireStepUp(ctx, current, ip);
      const hash = await passwords.hash(next);
      await db.transaction().execute((trx) => replacePassword(trx, user, hash, { via: 'change', keep: ctx.sessionId, ip }));
      await notify(
        user,
        'Your password was changed',
        'The password of your developer account was changed, and every other session of the account was ended. If this was not you, reset your password at once and tell support.',
      );
      return { status: 'password_changed' as const };
    },
  };
}

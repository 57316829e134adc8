import crypto from 'node:crypto';
import type { Passwords } from '../../identity/passwords/passwords.js';
import { recordSecurityEvent, recordUserEvent } from '../../identity/security-events/store.js';
import * as users from '../../identity/users/store.js';
import type { UserRow } from '../../platform/db/rows.js';
import { unauthorized } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mail.js';
import type { Platform } from '../../platform/platform.js';
import { lockAfter } from '../policy.js';

export type FailureReason = 'password' | 'second_factor' | 'step_up_password' | 'step_up_second_factor';

/** One sentence for a wrong address, a wrong password and a locked account alike. */
export const invalidCredentials = () => unauthorized('invalid e-mail or password', 'invalid_credentials');

export function isLocked(user: Pick<UserRow, 'locked_at' | 'locked_until'>, now: Date): boolean {
  return user.locked_at !== null && (user.locked_until === null || user.locked_until.getTime() > now.getTime());
}

export interface CredentialService {
  /** Counts a failure for an existing account and locks it when the policy says so. */
  fail(user: UserRow, reason: FailureReason, ip: string | null): Promise<void>;
  /** The first step of a login: the user behind a right password, or the generic 401. */
  checkLogin(email: string, password: string, ip: string | null): Promise<UserRow>;
  /** Step-up by password inside a session: a wrong one counts towards the lockout like a login. */
  checkStepUpPassword(userId: string, password: string, ip: string | null): Promise<boolean>;
  /** The account for a second-factor step, with an expired lock lifted; null when it is locked. */
  usableAccount(userId: string, ip: string | null): Promise<UserRow | null>;
  /** A whole login went through: the failure streak is over. */
  succeeded(userId: string): Promise<void>;
}

/**
 * Password checks and the lockout that guards them. Every path costs one scrypt hash, whether the
 * account exists, is locked or not, so response time says nothing about which it was.
 */
export function createCredentialService(
  platform: Pick<Platform, 'db' | 'clock' | 'logger'>,
  deps: { passwords: Passwords; mailer: Mailer },
): CredentialService {
  const { db, clock, logger } = platform;
  const { passwords, mailer } = deps;
  // Hashed once, at the configured cost, to spend the same time on addresses that have no account.
  const dummyHash = passwords.hash(crypto.randomBytes(16).toString('hex'));
  dummyHash.catch((err: unknown) => logger.error({ err }, 'could not prepare the timing-equaliser hash'));

  async function notifyLocked(user: UserRow, until: Date | null) {
    const when = until ? `until ${until.toISOString()}` : 'until an operator unlocks it';
    try {
      await mailer.send({
        to: user.email,
        subject: 'Your developer account was locked',
        text: [
          `After ${user.failed_logins} failed sign-in attempts your account is locked ${when}.`,
          'If these attempts were not yours, someone may know your e-mail address; no action is needed to keep them out.',
          'If they were yours, wait for the lock to end or ask support to unlock the account.',
        ].join('\n\n'),
      });
    } catch (err) {
      logger.warn({ err, userId: user.id }, 'could not send the lockout notice');
    }
  }

  async function fail(user: UserRow, reason: FailureReason, ip: string | null): Promise<void> {
    const now = clock();
    const failures = await users.addFailedLogin(db, user.id);
    const kind = reason.startsWith('step_up') ? 'step_up.failed' : 'login.failed';
    await recordUserEvent(db, user, { kind, ip, detail: { reason, failedLogins: failures } });
    const until = lockAfter(failures, now);
    if (until === undefined) return;
    await users.lockUser(db, user.id, now, until);
    await recordUserEvent(db, user, {
      kind: 'account.locked',
      ip,
      detail: { failedLogins: failures, lockedUntil: until?.toISOString() ?? null },
    });
    await notifyLocked({ ...user, failed_logins: failures }, until);
  }

  /** A lock whose time is up is lifted (and that unlock recorded) before the account is used. */
  async function liftExpiredLock(user: UserRow, ip: string | null): Promise<UserRow> {
    const now = clock();
    if (user.locked_at === null || isLocked(user, now)) return user;
    if (await users.clearExpiredLock(db, user.id, now)) {
      await recordUserEvent(db, user, { kind: 'account.unlocked', ip, detail: { via: 'expiry' } });
    }
    return { ...user, locked_at: null, locked_until: null };
  }

  return {
    fail,

    async checkLogin(email, password, ip) {
      const found = await users.findUserByEmail(db, email);
      if (!found) {
        await passwords.verify(password, await dummyHash);
        await recordSecurityEvent(db, { kind: 'login.failed', ip, detail: { reason: 'unknown_account' } });
        throw invalidCredentials();
      }
      const user = await liftExpiredLock(found, ip);
      const ok = await passwords.verify(password, user.password_hash);
      if (isLocked(user, clock())) {
        await recordUserEvent(db, user, { kind: 'login.failed', ip, detail: { reason: 'locked' } });
        throw invalidCredentials();
      }
      if (!ok) {
        await fail(user, 'password', ip);
        throw invalidCredentials();
      }
      return user;
    },

    async checkStepUpPassword(userId, password, ip) {
      const found = await users.findUser(db, userId);
      if (!found) return false;
      const user = await liftExpiredLock(found, ip);
      const ok = await passwords.verify(password, user.password_hash);
      if (isLocked(user, clock())) return false;
      if (!ok) await fail(user, 'step_up_password', ip);
      return ok;
    },

    async usableAccount(userId, ip) {
      const found = await users.findUser(db, userId);
      if (!found) return null;
      const user = await liftExpiredLock(found, ip);
      return isLocked(user, clock()) ? null : user;
    },

    async succeeded(userId) {
      await users.resetFailedLogins(db, userId);
    },
  };
}

/**
 * Every number the portal's security rests on, in one place, so docs/portal.md and the code
 * cannot drift apart.
 */
export const SESSION_POLICY = {
  /** A session ends this long after login whatever happens (OWASP: hours, not days, for admin-capable apps). */
  absoluteMs: 12 * 60 * 60_000,
  /** ...or after this long without a request. */
  idleMs: 30 * 60_000,
  /** Last use is written at most this often, so a busy dashboard does not write on every request. */
  touchEveryMs: 60_000,
  /** Support sessions act on someone else's agency: short-lived on purpose. */
  supportAbsoluteMs: 60 * 60_000,
} as const;

export const LOGIN_CHALLENGE_POLICY = {
  /** Time to type the second factor after the password was accepted. */
  ttlMs: 5 * 60_000,
  /** Wrong codes on one challenge before it is spent (each also counts towards the lockout). */
  maxAttempts: 5,
} as const;

/** A second factor verified this recently satisfies step-up without the password. */
export const STEP_UP_WINDOW_MS = 10 * 60_000;

/**
 * Lockout: after every `threshold` consecutive failures the account locks, first for
 * `firstLockMs`, doubling on each further lock up to `maxLockMs`. At `ceiling` consecutive
 * failures (NIST 800-63B allows at most 100) it stays locked until an operator unlocks it.
 */
export const LOCKOUT_POLICY = {
  threshold: 5,
  firstLockMs: 15 * 60_000,
  maxLockMs: 24 * 60 * 60_000,
  ceiling: 100,
} as const;

export const EMAIL_VERIFICATION_TTL_MS = 48 * 60 * 60_000;

/** A password reset link is spent on use and lapses after this (OWASP: short-lived). */
export const PASSWORD_RESET_TTL_MS = 60 * 60_000;

/** An invitation into an agency lasts a week, and an agency holds at most this many open at once. */
export const INVITE_POLICY = { ttlMs: 7 * 24 * 60 * 60_000, maxOpen: 50 } as const;

export const RECOVERY_CODE_COUNT = 10;

/**
 * Mail to one account per rolling hour, per kind (password reset links; verification links and
 * sign-up notices; invitations, per agency and address), on top of the per-client-address limits:
 * many addresses cannot flood one inbox.
 */
export const ACCOUNT_MAIL_PER_HOUR = { passwordReset: 5, verification: 5, invite: 5 } as const;

/**
 * When the lock that a failure count triggers ends: `undefined` for no lock, `null` for a lock
 * only an operator lifts.
 */
export function lockAfter(failures: number, now: Date): Date | null | undefined {
  const { threshold, firstLockMs, maxLockMs, ceiling } = LOCKOUT_POLICY;
  if (failures >= ceiling) return null;
  if (failures === 0 || failures % threshold !== 0) return undefined;
  const nth = failures / threshold;
  return new Date(now.getTime() + Math.min(firstLockMs * 2 ** (nth - 1), maxLockMs));
}

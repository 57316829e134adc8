import { recordSecurityEvent, recordUserEvent } from '../../identity/security-events/store.js';
import type { UserRow } from '../../platform/db/rows.js';
import { AppError, unauthorized } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { Platform } from '../../platform/platform.js';
import type { ClientFailureBudget } from '../../platform/rate-limit/client-address-limit.js';
import { invalidCredentials, type CredentialService } from '../accounts/credentials.js';
import type { MfaService } from '../mfa/service.js';
import { LOGIN_CHALLENGE_POLICY } from '../policy.js';
import type { ClientInfo, SessionService, SessionView } from './service.js';
import * as store from './store.js';
import { hashToken, newToken } from './tokens.js';

export type LoginResult =
  { mfa_required: false; token: string; session: SessionView } | { mfa_required: true; challenge: string; expires_at: string };

export interface LoginService {
  /** The password step: a session, or a second-factor challenge when the account has one; 401 on wrong credentials. */
  login(email: string, password: string, client: ClientInfo): Promise<LoginResult>;
  /** The second step: a TOTP or recovery code against the challenge opens the session; 401 `invalid_mfa_challenge` otherwise. */
  completeMfa(challengeToken: string, code: string, client: ClientInfo): Promise<LoginResult>;
}

const invalidChallenge = () => unauthorized('invalid or expired login challenge, or wrong code', 'invalid_mfa_challenge');

/**
 * Login in one step (password) or two (password, then a TOTP or recovery code against a
 * short-lived challenge). Wrong second factors count towards the same lockout as wrong passwords,
 * and every 401 also counts against the client address (`failures`), which is refused for a while
 * once it has failed too often, whatever the account.
 */
export function createLoginService(
  platform: Pick<Platform, 'db' | 'clock'>,
  deps: { credentials: CredentialService; sessions: SessionService; mfa: MfaService; failures: ClientFailureBudget },
): LoginService {
  const { db, clock } = platform;
  const { credentials, sessions, mfa, failures } = deps;

  /** Runs one login step behind the address's failure budget. */
  async function attempt(client: ClientInfo, step: () => Promise<LoginResult>): Promise<LoginResult> {
    await failures.check(client.ip);
    try {
      return await step();
    } catch (err) {
      if (err instanceof AppError && err.status === 401) await failures.record(client.ip);
      throw err;
    }
  }

  async function openSession(user: UserRow, client: ClientInfo, secondFactor: string | null) {
    await credentials.succeeded(user.id);
    const opened = await sessions.open({
      userId: user.id,
      agencyId: user.agency_id,
      kind: 'user',
      mfaVerified: secondFactor !== null,
      client,
    });
    await recordUserEvent(db, user, {
      kind: 'login.succeeded',
      ip: client.ip,
      detail: { sessionId: opened.session.id, secondFactor },
    });
    return { mfa_required: false as const, ...opened };
  }

  async function passwordStep(email: string, password: string, client: ClientInfo): Promise<LoginResult> {
    const user = await credentials.checkLogin(email, password, client.ip);
    if (!user.totp_secret) return openSession(user, client, null);
    const now = clock();
    const challenge = newToken('fac');
    const expiresAt = new Date(now.getTime() + LOGIN_CHALLENGE_POLICY.ttlMs);
    await store.insertChallenge(db, {
      id: newId('chl'),
      token_hash: hashToken(challenge),
      user_id: user.id,
      ip: client.ip,
      created_at: now,
      expires_at: expiresAt,
    });
    return { mfa_required: true, challenge, expires_at: expiresAt.toISOString() };
  }

  async function secondFactorStep(challengeToken: string, code: string, client: ClientInfo): Promise<LoginResult> {
    const challenge = await store.findChallenge(db, hashToken(challengeToken));
    const now = clock();
    if (
      !challenge ||
      challenge.consumed_at !== null ||
      challenge.expires_at.getTime() <= now.getTime() ||
      challenge.attempts >= LOGIN_CHALLENGE_POLICY.maxAttempts
    ) {
      throw invalidChallenge();
    }
    const user = await credentials.usableAccount(challenge.user_id, client.ip);
    if (!user) {
      await recordSecurityEvent(db, {
        kind: 'login.failed',
        userId: challenge.user_id,
        ip: client.ip,
        detail: { reason: 'locked' },
      });
      throw invalidCredentials();
    }
    const factor = await mfa.verifySecondFactor(user, code, client.ip);
    if (!factor) {
      await store.countChallengeAttempt(db, challenge.id);
      await credentials.fail(user, 'second_factor', client.ip);
      throw invalidChallenge();
    }
    if (!(await store.consumeChallenge(db, challenge.id, now))) throw invalidChallenge();
    return openSession(user, client, factor);
  }

  return {
    login: (email, password, client) => attempt(client, () => passwordStep(email, password, client)),

    completeMfa: (challengeToken, code, client) => attempt(client, () => secondFactorStep(challengeToken, code, client)),
  };
}

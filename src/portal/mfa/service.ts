import { Secret, TOTP } from 'otpauth';
import { recordUserEvent } from '../../identity/security-events/store.js';
import { advanceTotpCounter, clearTotp, enableTotp, findUser, setPendingTotp } from '../../identity/users/store.js';
import type { UserRow } from '../../platform/db/rows.js';
import { conflict, badRequest, forbidden, notFound } from '../../platform/errors.js';
import type { Platform } from '../../platform/platform.js';
import type { CredentialService } from '../accounts/credentials.js';
import { RECOVERY_CODE_COUNT, STEP_UP_WINDOW_MS } from '../policy.js';
import type { SessionService } from '../sessions/service.js';
import type { SessionContext } from '../../identity/sessions/session-context.js';
import type { RequireStepUp } from '../sessions/step-up.js';
import { newRecoveryCode, normalizeRecoveryCode, recoveryCodeCandidates, recoveryCodeHash } from './recovery-codes.js';
import * as store from './store.js';

const ISSUER = 'Flight Gateway';
// One step either side absorbs a phone clock that is up to 30 seconds off.
const TOTP_WINDOW = 1;

export type SecondFactor = 'totp' | 'recovery_code';

/** Whether a user has TOTP on, an enrolment waiting for its first code, and how many recovery codes are left. */
export interface MfaStatus {
  totp_enabled: boolean;
  totp_enabled_at: string | null;
  enrolment_pending: boolean;
  recovery_codes_left: number;
}

/** A new TOTP secret to put on the device: the secret, its otpauth:// URI and its parameters. */
export interface TotpEnrolment {
  secret: string;
  otpauth_uri: string;
  digits: number;
  period: number;
  algorithm: string;
}

export interface MfaService {
  /** A TOTP code (each usable once) or an unused recovery code; null when neither matches. */
  verifySecondFactor(user: UserRow, code: string, ip: string | null): Promise<SecondFactor | null>;
  /** The user's second-factor state (all off for an unknown user). */
  status(userId: string): Promise<MfaStatus>;
  /** Starts enrolment after step-up: a fresh secret, sealed, pending until a code from it is confirmed. */
  startTotp(ctx: SessionContext, password: string | undefined, ip: string | null): Promise<TotpEnrolment>;
  /** A code from the new secret proves the device has it: enable, and show recovery codes once. */
  confirmTotp(
    ctx: SessionContext,
    code: string,
    ip: string | null,
  ): Promise<{ status: 'enabled'; recovery_codes: string[]; mfa_verified_at: string }>;
  /** Step-up inside a session: a fresh second factor satisfies sensitive actions for the window. */
  verify(
    ctx: SessionContext,
    code: string,
    ip: string | null,
  ): Promise<{ mfa_verified_at: string; fresh_until: string; factor: SecondFactor }>;
  /** Removes TOTP and its recovery codes after step-up. */
  removeTotp(ctx: SessionContext, password: string | undefined, ip: string | null): Promise<{ status: 'disabled' }>;
  /** Replaces the recovery codes after step-up; the new ones are shown once. */
  regenerateRecoveryCodes(
    ctx: SessionContext,
    password: string | undefined,
    ip: string | null,
  ): Promise<{ recovery_codes: string[] }>;
}

export function createMfaService(
  platform: Pick<Platform, 'db' | 'keyring' | 'clock'>,
  deps: { credentials: CredentialService; sessions: SessionService; requireStepUp: RequireStepUp },
): MfaService {
  const { db, keyring, clock } = platform;
  const { credentials, sessions, requireStepUp } = deps;

  const totpFor = (sealed: string, label: string) =>
    new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(keyring.open('totp-seeds', sealed)), digits: 6, period: 30 });

  /** The time step a code belongs to, or null when it matches none in the window. */
  function matchTotp(sealed: string, code: string, now: Date): number | null {
    const totp = totpFor(sealed, '');
    const delta = totp.validate({ token: code, timestamp: now.getTime(), window: TOTP_WINDOW });
    return delta === null ? null : totp.counter({ timestamp: now.getTime() }) + delta;
  }

  async function ownAccount(ctx: SessionContext): Promise<UserRow> {
    if (ctx.supportSession) throw forbidden('a support session cannot change second factors', 'support_session_forbidden');
    const user = await findUser(db, ctx.userId);
    if (!user) throw notFound('user not found', 'user_not_found');
    return user;
  }

  async function issueRecoveryCodes(userId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await store.replaceRecoveryCodes(
      db,
      userId,
      codes.map((c) => recoveryCodeHash(keyring, userId, c)),
    );
    return codes;
  }

  async function verifySecondFactor(user: UserRow, code: string, ip: string | null): Promise<SecondFactor | null> {
    if (!user.totp_secret) return null;
    const now = clock();
    const normalized = normalizeRecoveryCode(code);
    if (/^\d{6}$/.test(normalized)) {
      const counter = matchTotp(user.totp_secret, normalized, now);
      return counter !== null && (await advanceTotpCounter(db, user.id, counter)) ? 'totp' : null;
    }
    if (!(await store.useRecoveryCode(db, user.id, recoveryCodeCandidates(keyring, user.id, normalized), now))) return null;
    const left = await store.countUnusedRecoveryCodes(db, user.id);
    await recordUserEvent(db, user, { kind: 'mfa.recovery_code_used', ip, detail: { left } });
    return 'recovery_code';
  }

  return {
    verifySecondFactor,

    async status(userId) {
      const user = await findUser(db, userId);
      return {
        totp_enabled: user?.totp_enabled_at != null,
        totp_enabled_at: user?.totp_enabled_at?.toISOString() ?? null,
        enrolment_pending: user?.totp_pending_secret != null,
        recovery_codes_left: user?.totp_enabled_at ? await store.countUnusedRecoveryCodes(db, userId) : 0,
      };
    },

    async startTotp(ctx, password, ip) {
      const user = await ownAccount(ctx);
      if (user.totp_secret) throw conflict('a second factor is already enabled; remove it first', 'mfa_already_enabled');
      await requireStepUp(ctx, password, ip);
      const secret = new Secret({ size: 20 });
      await setPendingTotp(db, user.id, keyring.seal('totp-seeds', secret.base32));
      const totp = new TOTP({ issuer: ISSUER, label: user.email, secret, digits: 6, period: 30 });
      return { secret: secret.base32, otpauth_uri: totp.toString(), digits: 6, period: 30, algorithm: 'SHA1' };
    },

    async confirmTotp(ctx, code, ip) {
      const user = await ownAccount(ctx);
      if (user.totp_secret) throw conflict('a second factor is already enabled', 'mfa_already_enabled');
      if (!user.totp_pending_secret)
        throw conflict('start TOTP enrolment first (POST /v1/dev/me/mfa/totp)', 'mfa_enrolment_not_started');
      const now = clock();
      const counter = matchTotp(user.totp_pending_secret, normalizeRecoveryCode(code), now);
      if (counter === null)
        throw badRequest(
          'code does not match the new secret: check the device clock and try the current code',
          'invalid_mfa_code',
        );
      if (!(await enableTotp(db, user.id, { sealedSecret: user.totp_pending_secret, counter, at: now }))) {
        throw conflict('enrolment changed meanwhile: start it again', 'mfa_enrolment_not_started');
      }
      const recoveryCodes = await issueRecoveryCodes(user.id);
      const mfaVerifiedAt = await sessions.markMfaVerified(ctx.sessionId);
      await recordUserEvent(db, user, { kind: 'mfa.enabled', ip, detail: { factor: 'totp' } });
      return { status: 'enabled' as const, recovery_codes: recoveryCodes, mfa_verified_at: mfaVerifiedAt.toISOString() };
    },

    async verify(ctx, code, ip) {
      if (ctx.supportSession) throw forbidden('a support session cannot verify a second factor', 'support_session_forbidden');
      const user = await credentials.usableAccount(ctx.userId, ip);
      if (!user) throw forbidden('step-up failed: the account is locked', 'step_up_failed');
      if (!user.totp_secret) throw conflict('no second factor is enabled on this account', 'mfa_not_enabled');
      const factor = await verifySecondFactor(user, code, ip);
      if (!factor) {
        await credentials.fail(user, 'step_up_second_factor', ip);
        throw forbidden('step-up failed: the code is not valid', 'step_up_failed');
      }
      const at = await sessions.markMfaVerified(ctx.sessionId);
      return { mfa_verified_at: at.toISOString(), fresh_until: new Date(at.getTime() + STEP_UP_WINDOW_MS).toISOString(), factor };
    },

    async removeTotp(ctx, password, ip) {
      const user = await ownAccount(ctx);
      if (!user.totp_secret && !user.totp_pending_secret)
        throw conflict('no second factor is enabled on this account', 'mfa_not_enabled');
      await requireStepUp(ctx, password, ip);
      await db.transaction().execute(async (trx) => {
        await clearTotp(trx, user.id);
        await store.deleteRecoveryCodes(trx, user.id);
        await recordUserEvent(trx, user, { kind: 'mfa.disabled', ip, detail: { factor: 'totp' } });
      });
      return { status: 'disabled' as const };
    },

    async regenerateRecoveryCodes(ctx, password, ip) {
      const user = await ownAccount(ctx);
      if (!user.totp_secret) throw conflict('no second factor is enabled on this account', 'mfa_not_enabled');
      await requireStepUp(ctx, password, ip);
      const recoveryCodes = await issueRecoveryCodes(user.id);
      await recordUserEvent(db, user, { kind: 'mfa.recovery_codes_regenerated', ip });
      return { recovery_codes: recoveryCodes };
    },
  };
}

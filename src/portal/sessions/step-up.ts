import { forbidden } from '../../platform/errors.js';
import type { CredentialService } from '../accounts/credentials.js';
import { STEP_UP_WINDOW_MS } from '../policy.js';
import type { SessionContext } from '../../identity/sessions/session-context.js';

export type StepUpProof = 'password' | 'second_factor';

/** Resolves with what proved the user is there, or throws 403 `step_up_failed` / `step_up_required`. */
export type RequireStepUp = (ctx: SessionContext, password: string | undefined, ip: string | null) => Promise<StepUpProof>;

/**
 * Sensitive actions (revealing a key, removing the second factor) ask again who is there: the
 * current password in the body, or a second factor verified in this session within the window.
 * A wrong password counts towards the lockout, so a stolen session cannot guess it for long.
 */
export function createStepUp(credentials: CredentialService, clock: () => Date): RequireStepUp {
  return async function requireStepUp(ctx, password, ip) {
    if (password !== undefined) {
      if (await credentials.checkStepUpPassword(ctx.userId, password, ip)) return 'password';
      throw forbidden('step-up failed: the password is not correct', 'step_up_failed');
    }
    if (ctx.mfaVerifiedAt && clock().getTime() - ctx.mfaVerifiedAt.getTime() <= STEP_UP_WINDOW_MS) return 'second_factor';
    throw forbidden(
      `this action needs step-up: send your current password as "password", or verify your second factor ` +
        `(POST /v1/dev/me/mfa/verify) no more than ${STEP_UP_WINDOW_MS / 60_000} minutes before`,
      'step_up_required',
    );
  };
}

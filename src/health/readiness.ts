import { activeKeyIds } from '../platform/keyring/keyring-store.js';
import type { Platform } from '../platform/platform.js';
import { isDraining } from './drain.js';
import { sharedAirlineCheck } from './shared-airline.js';

export type CheckStatus = 'ok' | 'degraded' | 'failing' | 'not_configured' | 'draining';

export interface Readiness {
  status: 'ready' | 'not_ready';
  checks: Record<string, CheckStatus>;
  keys: { active: number; loaded: number; missing: number };
  /** What an operator must fix, in a sentence, when a check fails for a reason of configuration. */
  problems?: string[];
}

// A readiness probe that hangs is worse than one that says "failing".
const CHECK_BUDGET_MS = 2_000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref())]);
}

/**
 * Ready means: the database answers, a keyring was built, and every key id the registry marks
 * active was loaded by this process. A keyring always holds every purpose (Keyring refuses one
 * that lacks any, and a generated keyring file is extended at start), so the registry comparison is
 * what tells instances apart: one without another's `offer-ids` key would refuse the offer ids that
 * instance issued, and is not ready. Optional dependencies that are not configured are reported
 * as such, never as failures. Only coarse statuses and counts leave this function.
 *
 * An instance shutting down (SIGTERM) reports `shutdown: "draining"` and is not ready, whatever
 * else holds, so a balancer routes around it while it still serves (docs/operations.md, Shutdown).
 */
export async function checkReadiness(platform: Platform): Promise<Readiness> {
  const checks: Record<string, CheckStatus> = { shutdown: isDraining(platform) ? 'draining' : 'ok' };
  const keys = { active: 0, loaded: platform.keyring.keyIds().length, missing: 0 };

  try {
    // One statement answers both: the key registry's read is also the proof the database answers
    // (a probe runs every few seconds on every instance; a `select 1` before it added nothing).
    const active = await within(activeKeyIds(platform.db), CHECK_BUDGET_MS);
    checks.database = 'ok';
    keys.active = active.length;
    keys.missing = active.filter((id) => !platform.keyring.has(id)).length;
    checks.keyring = keys.missing === 0 ? 'ok' : 'failing';
  } catch {
    checks.database = 'failing';
    checks.keyring = 'failing';
  }

  // Reads may work while the disk refuses every write (full, read-only): not ready until one succeeds.
  checks.storage = platform.database.storage.failing ? 'failing' : 'ok';

  if (platform.redis) {
    try {
      await within(platform.redis.ping(), CHECK_BUDGET_MS);
      // Commands work, but until the broadcast subscription holds this instance does not hear key
      // revocations and plan changes from the others (only its caches' lifetimes bound them).
      checks.redis = platform.broadcast.subscribed() ? 'ok' : 'degraded';
    } catch {
      checks.redis = 'failing';
    }
  } else {
    checks.redis = 'not_configured';
  }
  checks.smtp = platform.config.mail.smtpUrl ? 'ok' : 'not_configured';

  // Only `flightagg serve` on PostgreSQL is watched (src/health/shared-airline.ts).
  const problems: string[] = [];
  const airline = sharedAirlineCheck(platform);
  if (airline) {
    checks.aa_test_system = airline.status;
    if (airline.problem) problems.push(airline.problem);
  }

  const ready =
    checks.shutdown === 'ok' &&
    checks.database === 'ok' &&
    checks.storage === 'ok' &&
    checks.keyring === 'ok' &&
    checks.redis !== 'failing' &&
    checks.aa_test_system !== 'failing';
  return { status: ready ? 'ready' : 'not_ready', checks, keys, ...(problems.length > 0 ? { problems } : {}) };
}

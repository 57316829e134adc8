import type { Logger } from 'pino';
import type { ConnectorRegistry } from '../../connectors/connector-registry.js';
import type { Db } from '../../platform/db/database.js';
import type { BookingIntentRow } from '../../platform/db/rows.js';
import { completeBooking, releaseBooking } from './completion.js';
import { purgeResolvedIntents, recordAttemptFailure, takeDueIntents } from './intent-store.js';
import { IDEMPOTENCY_RETENTION_MS } from './idempotency-service.js';
import { releaseOrphanKeys } from './idempotency-store.js';

export const BOOKING_RECOVERY_JOB = 'orders.booking-recovery';

/** How often the job looks for intents whose booking request died or lost its answer. */
export const BOOKING_RECOVERY_INTERVAL_MS = 30_000;

/**
 * A pending intent is the request's own for this long after it was written. OrderCreate's time
 * budget is 30 s (AA_PROFILE.budgetsMs), and an airline may still finish a booking a moment after
 * the caller stopped waiting; four times the budget covers that, the order insert after the
 * answer, and clock skew between instances. Asking the airline earlier could be answered "not
 * found" for a booking still being made, and freeing the key then would let it book twice.
 */
export const BOOKING_LEASE_MS = 120_000;

/** Unanswered lookups are retried after 30 s, doubling up to 30 min; after 12 (about 3.5 h) an operator must look. */
const RETRY = { baseMs: 30_000, maxMs: 30 * 60_000 };
export const MAX_RECOVERY_ATTEMPTS = 12;
/** Intents handled per run: each costs one airline lookup, and the next run takes the rest. */
const BATCH = 50;
const RECOVERED_BY = 'booking-recovery';

export interface RecoveryDeps {
  db: Db;
  connectors: ConnectorRegistry;
  clock: () => Date;
  logger: Logger;
}

export interface RecoveryReport {
  completed: number;
  released: number;
  retried: number;
  unresolved: number;
  orphanKeysReleased: number;
}

/**
 * One run, once per cluster: every pending intent past its lease is looked up at its airline by
 * the seller reference it carried. Found: the order is recorded exactly as the request would have
 * (its key then replays it). Not found: the key and the travel claim are freed for a safe retry.
 * No answer: the intent waits for a later run, a bounded number of times.
 */
export async function runBookingRecovery(deps: RecoveryDeps): Promise<RecoveryReport> {
  const now = deps.clock();
  const report: RecoveryReport = { completed: 0, released: 0, retried: 0, unresolved: 0, orphanKeysReleased: 0 };
  for (const intent of await takeDueIntents(deps.db, now, RETRY, BATCH)) {
    try {
      report[await recoverIntent(deps, intent)]++;
    } catch (err) {
      // The lease already moved on: a later run tries again.
      deps.logger.error({ err, intentId: intent.id }, 'booking recovery could not finish an intent');
      report.retried++;
    }
  }
  // Keys whose request died before it handed them to an intent: nothing was booked under them.
  report.orphanKeysReleased = await releaseOrphanKeys(deps.db, new Date(now.getTime() - BOOKING_LEASE_MS));
  await purgeResolvedIntents(deps.db, new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS));
  if (report.completed + report.released + report.retried + report.unresolved + report.orphanKeysReleased > 0)
    deps.logger.info({ ...report }, 'booking recovery run');
  return report;
}

async function recoverIntent(
  deps: RecoveryDeps,
  intent: BookingIntentRow,
): Promise<Exclude<keyof RecoveryReport, 'orphanKeysReleased'>> {
  const connector = deps.connectors.get(intent.airline);
  const found = connector ? await connector.findOrderBySellerReference(intent.id, { environment: intent.environment }) : null;
  if (found?.ok && found.value) {
    const done = await completeBooking(deps.db, {
      intentId: intent.id,
      airlineOrder: found.value,
      now: deps.clock(),
      recoveredBy: RECOVERED_BY,
    });
    if (done.afterRelease)
      deps.logger.error(
        { intentId: intent.id },
        'an airline booking turned up after its intent was released; recorded as an order',
      );
    deps.logger.warn(
      { intentId: intent.id, airlineOrderId: found.value.airlineOrderId },
      'booking recovery recorded an order the airline made',
    );
    return 'completed';
  }
  if (found?.ok) {
    await releaseBooking(deps.db, {
      intentId: intent.id,
      now: deps.clock(),
      reason: 'not booked at the airline',
      freeKey: true,
    });
    deps.logger.warn({ intentId: intent.id }, 'booking recovery released an intent the airline never booked');
    return 'released';
  }
  const reason = found ? found.failure.message : `no connector for airline ${intent.airline}`;
  const giveUp = intent.attempts >= MAX_RECOVERY_ATTEMPTS;
  await recordAttemptFailure(deps.db, { id: intent.id, error: reason, giveUp, now: deps.clock() });
  if (giveUp) {
    deps.logger.error(
      { intentId: intent.id, attempts: intent.attempts, reason },
      'booking recovery gave up: the airline never said whether it booked; key and travel stay held',
    );
    return 'unresolved';
  }
  deps.logger.warn(
    { intentId: intent.id, attempts: intent.attempts, reason },
    'booking recovery could not ask the airline; will retry',
  );
  return 'retried';
}

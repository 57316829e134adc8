import { WEBHOOK_POLICY } from '../events.js';
import type { AttemptRecorder } from './attempt-recorder.js';
import { deliveryBody } from './body.js';
import type { DispatcherDeps } from './dispatcher-deps.js';
import { retryDelayMs } from './retry-schedule.js';
import type { SignedSender } from './signed-sender.js';
import type { AttemptOutcome, ClaimedDelivery } from './store.js';
import { announceSwitchOff } from './switch-off-notice.js';

/**
 * One attempt at a claimed delivery: send it signed, decide what follows (delivered, a retry at
 * its back-off, or dead after the last attempt), record it, count it, and announce an endpoint that
 * the failure switched off.
 */
export function createDeliveryAttempt(
  deps: DispatcherDeps,
  { send }: SignedSender,
  recorder: AttemptRecorder,
): (delivery: ClaimedDelivery) => Promise<void> {
  const { clock, logger } = deps;
  const random = deps.random ?? Math.random;
  return async function deliver(delivery: ClaimedDelivery): Promise<void> {
    const body = deliveryBody(delivery.event, delivery.payload, { test: delivery.event_test });
    const attemptedAt = clock();
    const result = await send({
      url: delivery.url,
      secretSealed: delivery.secret_sealed,
      event: delivery.event,
      deliveryId: delivery.id,
      body,
      at: attemptedAt,
      test: delivery.event_test,
      attempt: delivery.attempt_count + 1,
    });
    const failures = delivery.attempt_count + 1;
    let outcome: AttemptOutcome;
    if (result.error === null) outcome = { kind: 'delivered' };
    else {
      const delay = retryDelayMs(failures, random);
      outcome =
        delay === null
          ? {
              kind: 'dead',
              switchOffAfter: WEBHOOK_POLICY.switchOffAfter,
              reason: `${WEBHOOK_POLICY.switchOffAfter} consecutive deliveries failed (last: ${result.error})`.slice(0, 500),
            }
          : { kind: 'retry', nextAttemptAt: new Date(attemptedAt.getTime() + result.durationMs + delay) };
    }
    const finished = await recorder.record(
      delivery,
      {
        attemptedAt,
        durationMs: Math.round(result.durationMs),
        statusCode: result.statusCode,
        error: result.error,
        responseBody: result.responseBody,
        requestBody: body,
      },
      outcome,
    );
    deps.metrics.attempts.inc({ outcome: outcome.kind });
    deps.metrics.attemptSeconds.observe({ outcome: outcome.kind }, result.durationMs / 1000);
    if (!finished.recorded) logger.warn({ deliveryId: delivery.id }, 'webhook attempt finished after its lease was lost');
    if (finished.switchedOff) await announceSwitchOff(deps, finished.switchedOff);
  };
}

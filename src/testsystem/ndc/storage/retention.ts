// The retention purge on a schedule: an airline drops PNRs some time after travel, and so does the
// test system, so a long-running one (the compose stack, a shared test airline) neither grows its
// tables nor the bookings it loads into memory at start without bound.

import type { Logger } from 'pino';
import type { SystemClock } from '../system-clock.js';
import type { AirlineState, PurgeResult } from './airline-state.js';

const DAY_MS = 86_400_000;
const HOURLY_MS = 3_600_000;

/** Purges bookings whose last flight landed more than `days` ago, now and then hourly; 0 days: never. */
export function startRetention(state: AirlineState, clock: SystemClock, days: number, logger: Logger | null): { stop(): void } {
  if (days <= 0) return { stop() {} };
  const run = () =>
    void purgeOlderThan(state, clock, days).then(
      (done) => {
        if (done.bookings > 0 || done.flights > 0)
          logger?.info({ ...done, retentionDays: days }, 'test system purged past travel');
      },
      (err: unknown) => logger?.warn({ err }, 'test system retention purge failed; it runs again within the hour'),
    );
  run();
  const timer = setInterval(run, HOURLY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** One purge of what landed more than `days` ago by the test system's clock (which tests move). */
export function purgeOlderThan(state: AirlineState, clock: SystemClock, days: number): Promise<PurgeResult> {
  return state.purge(clock.now() - days * DAY_MS);
}

import type { Config } from '../../platform/config.js';
import type { Db } from '../../platform/db/database.js';
import type { RateLimiter } from '../../platform/rate-limit/sliding-window-limiter.js';
import type { Keyring } from '../../platform/keyring/keyring.js';
import type { GuardOptions } from '../delivery/ssrf-guard.js';
import type { TestDeliveryDeps } from './test-delivery.js';

/** What the endpoint service is built from. */
export interface EndpointServiceDeps {
  db: Db;
  keyring: Keyring;
  config: Readonly<Pick<Config, 'keyEnvironments'>>;
  clock: () => Date;
  guard: GuardOptions;
  /** The dispatcher's signed sender, for test events. */
  send: TestDeliveryDeps['send'];
  /** Counts test events per endpoint (WEBHOOK_POLICY.testsPerMinute). */
  testLimiter: RateLimiter;
}

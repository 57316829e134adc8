import type { Logger } from 'pino';
import type { Db } from '../../platform/db/database.js';
import type { Keyring } from '../../platform/keyring/keyring.js';
import type { Mailer } from '../../platform/mail.js';
import type { WebhookMetrics } from './metrics.js';
import type { GuardOptions } from './ssrf-guard.js';

/** What the delivery worker is built from. */
export interface DispatcherDeps {
  db: Db;
  keyring: Keyring;
  clock: () => Date;
  logger: Logger;
  mailer: Mailer;
  metrics: WebhookMetrics;
  guard: GuardOptions;
  /** Extra trusted CAs for receivers (tests); production uses NODE_EXTRA_CA_CERTS. */
  ca?: string | Buffer | undefined;
  /** One attempt's time-out (WEBHOOK_POLICY.attemptTimeoutMs; shorter in tests). */
  attemptTimeoutMs: number;
  /** How long a claimed delivery is held (WEBHOOK_DELIVERY_LEASE_MS). */
  leaseMs: number;
  publicUrl: string;
  random?: () => number;
}

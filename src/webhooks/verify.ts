/**
 * The receivers' verifier lives in the installable package `packages/webhooks` (plain JavaScript
 * with hand-written types, `import { verifyWebhook } from 'flightagg/webhooks'` or
 * `@flightagg/webhooks`); the gateway's code and tests use that one copy through this module.
 */
export { DEFAULT_TOLERANCE_SECONDS, verifyWebhook, WebhookVerificationError } from '../../packages/webhooks/index.js';
export type {
  OrderLifecycleEvent,
  TicketingDeadlineApproachingEvent,
  VerifyOptions,
  WebhookEvent,
  WebhookEventName,
} from '../../packages/webhooks/index.js';

import { RETRY_LATER_CONFLICTS } from './generated/error-codes.js';

/**
 * When a call is sent again, and after how long. 429 and 503 are refusals made before anything
 * was done (rate limit, allowance burst, order writes switched off, a dependency down), so any call
 * may be repeated; a failed connection or a time-out may have reached the gateway, so only a call
 * that cannot act twice is repeated: a read, or a write carrying an Idempotency-Key.
 */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([429, 503]);

const LATER_CONFLICTS: ReadonlySet<string> = new Set(RETRY_LATER_CONFLICTS);

/**
 * Whether an error answer may be sent again as it is: a 429 or 503; a 409 whose code the gateway
 * says nothing was done for (`order_busy`: another write of the order was running); and, for a call
 * with an Idempotency-Key, `idempotency_key_in_flight` (its first request still runs: the repeat
 * answers that request's result once it is done, and never books twice).
 */
export function retryableAnswer(status: number, code: string | null, keyed: boolean): boolean {
  if (RETRY_STATUSES.has(status)) return true;
  if (status !== 409 || code === null) return false;
  return LATER_CONFLICTS.has(code) || (keyed && code === 'idempotency_key_in_flight');
}

export interface RetrySettings {
  /** Attempts after the first. */
  maxRetries: number;
  /** The longest wait the client sits through; an answer asking for longer is thrown at once. */
  maxRetryDelayMs: number;
}

/** The first back-off when no `Retry-After` is given; it doubles per attempt, with jitter. */
const BASE_DELAY_MS = 500;

/**
 * `Retry-After` in milliseconds: delta-seconds or an HTTP date (RFC 9110 10.2.3); null when absent
 * or unreadable, 0 for a date already past.
 */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Exponential back-off with full jitter for attempt `attempt` (0 = the first retry), capped. */
export function backoffMs(attempt: number, capMs: number, random = Math.random): number {
  const ceiling = Math.min(capMs, BASE_DELAY_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * The wait before retry `attempt`: what the server asked for (never less), or the back-off; null
 * when the server asked for longer than `maxRetryDelayMs` (the caller decides, with the error's
 * `retryAfterMs`, whether to wait that long).
 */
export function retryDelayMs(attempt: number, asked: number | null, settings: RetrySettings): number | null {
  if (asked !== null) return asked <= settings.maxRetryDelayMs ? asked : null;
  return backoffMs(attempt, settings.maxRetryDelayMs);
}

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

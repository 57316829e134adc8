import type { IncomingMessage } from 'node:http';
import { randomBase62 } from '../ids.js';

/**
 * A caller's own X-Request-Id: at most 64 characters of letters, digits and `. : -`. The
 * alphabet has no `_`, so a caller's id can never spell one the gateway mints.
 */
export const CALLER_REQUEST_ID = /^[A-Za-z0-9.:-]{1,64}$/;

// Request ids must be unique, not secret: a random prefix per process (so instances never
// collide) and a counter. Drawing random bytes for every request showed up in profiles.
const PROCESS_PREFIX = randomBase62(10);
let counter = 0;

/**
 * Every request gets an id the gateway minted, so one id names one request: a support lookup, a
 * log search or the dashboard's request filter never finds another request (another agency's)
 * under an id a caller chose. A caller's acceptable X-Request-Id is kept after the minted part
 * (`req_<20 characters>_<caller's id>`), so the caller still finds its own trace id in the answer
 * and the logs; an unacceptable one is dropped.
 */
export function requestIdFor(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  const minted = newRequestId();
  if (typeof incoming === 'string' && CALLER_REQUEST_ID.test(incoming)) return `${minted}_${incoming}`;
  return minted;
}

/** A fresh id, also for answers given before any request exists (client-errors.ts). */
export function newRequestId(): string {
  counter = (counter + 1) % 0x1000000000;
  return `req_${PROCESS_PREFIX}${counter.toString(36).padStart(10, '0')}`;
}

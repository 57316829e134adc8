import type { IncomingMessage } from 'node:http';
import { randomBase62 } from '../ids.js';

const ACCEPTABLE = /^[A-Za-z0-9._:-]{1,128}$/;

// Request ids must be unique, not secret: a random prefix per process (so instances never
// collide) and a counter. Drawing random bytes for every request showed up in profiles.
const PROCESS_PREFIX = randomBase62(10);
let counter = 0;

/** A caller's own X-Request-Id is kept when it is safe to echo and log; otherwise we mint one. */
export function requestIdFor(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  if (typeof incoming === 'string' && ACCEPTABLE.test(incoming)) return incoming;
  return newRequestId();
}

/** A fresh id, also for answers given before any request exists (client-errors.ts). */
export function newRequestId(): string {
  counter = (counter + 1) % 0x1000000000;
  return `req_${PROCESS_PREFIX}${counter.toString(36).padStart(10, '0')}`;
}

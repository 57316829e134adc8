import type { IncomingMessage } from 'node:http';
import { randomBase62 } from '../ids.js';

const ACCEPTABLE = /^[A-Za-z0-9._:-]{1,128}$/;

/** A caller's own X-Request-Id is kept when it is safe to echo and log; otherwise we mint one. */
export function requestIdFor(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  if (typeof incoming === 'string' && ACCEPTABLE.test(incoming)) return incoming;
  return `req_${randomBase62(20)}`;
}

// The contract every NDC message implements. Adding OrderCreate and friends later means one new
// handler file and one line in message-router.ts; auth, validation and faults stay in the router.

import type { ParsedMessage } from '../wire/ndc-request-parser.js';
import type { TestSystemDeps } from '../test-system-deps.js';

export interface HandlerResult {
  status: number;
  body: string;
}

export interface MessageHandler {
  /** The path segment after /ndc/21.3/, e.g. "AirShopping". */
  message: string;
  requestRoot: string;
  responseRoot: string;
  /** The route a request concerns (e.g. "DFW-ABI"), used to fire route-triggered faults. */
  route(parsed: ParsedMessage, deps: TestSystemDeps): string | undefined;
  handle(parsed: ParsedMessage, deps: TestSystemDeps): HandlerResult;
}

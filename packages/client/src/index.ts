/** @flightagg/client: the official TypeScript client of a flightagg gateway (README.md). */
export { createClient, type FlightaggClient } from './client.js';
export type { ClientOptions, CallOptions } from './transport.js';
export {
  FlightaggConnectionError,
  FlightaggError,
  isFlightaggError,
  type AnsweredCode,
  type ErrorCode,
  type ErrorDetails,
} from './errors.js';
export { ERROR_CODES } from './generated/error-codes.js';
export { airlineOfOrderId, type OrderCallOptions } from './resources/order-scope.js';
export type { CreateOrderOptions } from './resources/orders.js';
export type { EventStreamOptions, StreamedEvent } from './resources/events.js';
export type { SearchStreamEvent } from './resources/offers.js';
export { PageIterator, type CursorPage } from './pages.js';
export type * from './operation-types.js';
export type { components, operations, paths } from './generated/openapi.js';

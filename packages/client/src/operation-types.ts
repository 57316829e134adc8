import type { components, operations } from './generated/openapi.js';

/**
 * The request and response types of each operation, read from the generated description by its
 * operationId, so no method of the client spells a field of its own.
 */
export type OperationId = keyof operations;

type JsonOf<Part> = Part extends { content: { 'application/json': infer Body } } ? Body : never;

/** The JSON body an operation takes. */
export type RequestBody<Op extends OperationId> = operations[Op] extends { requestBody?: infer Body }
  ? JsonOf<NonNullable<Body>>
  : never;

/** The query parameters an operation takes (`never` when it takes none). */
export type QueryOf<Op extends OperationId> = operations[Op]['parameters'] extends { query?: infer Query }
  ? NonNullable<Query>
  : never;

type Responses<Op extends OperationId> = operations[Op]['responses'];

/** The JSON an operation answers on success (200, 201 or 202; nothing for a 204). */
export type ResponseBody<Op extends OperationId> = {
  [Status in keyof Responses<Op>]: Status extends 200 | 201 | 202 ? JsonOf<Responses<Op>[Status]> : never;
}[keyof Responses<Op>];

/** A schema of the description by name (`Schema<'Order'>`). */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

export type Offer = Schema<'Offer'>;
export type SearchResult = Schema<'SearchResult'>;
export type PricedOffer = Schema<'PricedOffer'>;
export type Order = Schema<'Order'>;
export type OrderList = Schema<'OrderList'>;
export type OrderQuote = Schema<'OrderQuote'>;
export type ReshopResult = Schema<'ReshopResult'>;
export type CancellationQuote = Schema<'CancellationQuote'>;
export type OrderEvent = Schema<'Event'>;
export type EventList = Schema<'EventList'>;

import { describe, expect, it } from 'vitest';
import { operationsOf, type Schema, servedTestApp } from './served-document.js';

/**
 * Generated clients name types after `components.schemas`: every shared record has a name there,
 * and every error response says which `code` values it carries and when.
 */
const served = servedTestApp();

const ERROR_BODY = '#/components/schemas/ErrorBody';

/** The `x-error-codes` of an error response built on ErrorBody, or null when it is not one. */
function errorCodes(schema: Schema | undefined): string[] | null {
  const parts = (schema?.allOf as Schema[] | undefined) ?? [];
  if (!parts.some((part) => part.$ref === ERROR_BODY)) return null;
  return (schema?.['x-error-codes'] as string[] | undefined) ?? [];
}

describe('components.schemas', () => {
  it('names every shared record, and nothing is left as def-N', () => {
    const names = Object.keys(served.document.components.schemas ?? {});
    expect(names).toEqual(
      expect.arrayContaining([
        'Offer',
        'Slice',
        'Segment',
        'PricedOffer',
        'SearchResult',
        'Order',
        'OrderList',
        'Passenger',
        'SeatMap',
        'Service',
        'OrderQuote',
        'CancellationQuote',
        'ErrorBody',
        'ErrorEnvelope',
        'AirportEnvelope',
        'AirportPageEnvelope',
        'AirlineEnvelope',
        'ApiKey',
        'WebhookEndpoint',
      ]),
    );
    expect(names.filter((name) => /^def-\d+$/.test(name))).toEqual([]);
  });

  it('refers to them from the operations', () => {
    const okSchema = (name: string) =>
      operationsOf(served.document).find((o) => o.name === name)?.operation.responses['200']?.content?.['application/json']
        ?.schema;
    expect(JSON.stringify(okSchema('GET /v1/orders/{orderID}'))).toContain('#/components/schemas/Order');
    expect(JSON.stringify(okSchema('GET /v1/offers/{offerID}/seats'))).toContain('#/components/schemas/SeatMap');
    expect(JSON.stringify(okSchema('GET /v1/aviation/airports/{id}'))).toContain('#/components/schemas/AirportEnvelope');
  });
});

describe('error responses', () => {
  it('list the code values each can carry, and say when for each', () => {
    const silent: string[] = [];
    for (const { name, operation } of operationsOf(served.document)) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        const codes = errorCodes(response.content?.['application/json']?.schema);
        if (codes === null) continue;
        if (codes.length === 0 || codes.some((code) => !response.description.includes(`\`${code}\``)))
          silent.push(`${name} ${status}`);
      }
    }
    expect(silent).toEqual([]);
  });

  it("carry the orders' own codes where the contract names them", () => {
    const codesOf = (name: string, status: number) =>
      errorCodes(
        operationsOf(served.document).find((o) => o.name === name)?.operation.responses[String(status)]?.content?.[
          'application/json'
        ]?.schema,
      );
    expect(codesOf('GET /v1/orders/{orderID}', 404)).toContain('order_not_found');
    expect(codesOf('GET /v1/orders/{orderID}', 400)).toContain('airline_mismatch');
    expect(codesOf('POST /v1/orders', 409)).toEqual(expect.arrayContaining(['order_conflict', 'idempotency_key_reused']));
    expect(codesOf('POST /v1/orders', 404)).toEqual(expect.arrayContaining(['offer_not_found', 'offer_not_available']));
    expect(codesOf('POST /v1/orders', 503)).toContain('coming_soon');
    expect(codesOf('POST /v1/offers/price', 404)).toContain('offer_not_found');
    expect(codesOf('POST /v1/orders/{orderID}/cancel', 502)).toEqual(
      expect.arrayContaining(['airline_refused', 'airline_timeout']),
    );
  });
});

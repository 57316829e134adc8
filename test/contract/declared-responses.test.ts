import { describe, expect, it } from 'vitest';
import { AIRLINE_REQUIRED } from '../../src/platform/http/error-codes/operation-groups.js';
import { operationById, operationsOf, servedTestApp, type Operation, type Schema } from './served-document.js';

/**
 * /openapi.json says what the server does: the parameters it refuses a call without, the bounds it
 * enforces, the headers and error fields it sends, and response bodies stay open to fields added later.
 */
const served = servedTestApp();

type Responses = Record<
  string,
  { headers?: Record<string, { required?: boolean; schema: Schema }>; content?: Record<string, { schema: Schema }> }
>;

const operation = (operationId: string) => operationById(served.document, operationId) as Operation & { responses: Responses };

describe('the OpenAPI description', () => {
  it('declares airline required exactly on the order operations the contract marks (R), as the catalogue lists them', () => {
    const withAirline = operationsOf(served.document)
      .filter(({ name }) => name.includes(' /v1/orders/{orderID}'))
      .map(({ operation: op }) => ({
        id: op.operationId,
        airline: op.parameters?.find((p) => p.in === 'query' && p.name === 'airline'),
      }))
      .filter(({ airline }) => airline !== undefined);
    const required = withAirline.filter(({ airline }) => airline?.required === true).map(({ id }) => id);
    expect(required.sort()).toEqual([...AIRLINE_REQUIRED].sort());
    expect(withAirline.map(({ id }) => id)).toEqual(expect.arrayContaining(['getOrder', 'getOrderHistory']));
  });

  it('bounds Idempotency-Key to 1-128 characters, as the server enforces', () => {
    for (const id of ['createOrder', 'createDashboardOrder']) {
      const header = operation(id).parameters?.find((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key');
      expect(header?.schema, id).toMatchObject({ type: 'string', minLength: 1, maxLength: 128 });
    }
  });

  it('marks offer_id required on change confirm', () => {
    const body = operation('confirmOrderChange').requestBody?.content['application/json']?.schema as Schema;
    expect(body.required).toContain('offer_id');
  });

  it("gives the monitoring record's status, kind and environment an enum", () => {
    const record = JSON.stringify(operation('getAirlineHealth').responses['200']?.content?.['application/json']?.schema);
    expect(record).toContain('"enum":["up","degraded","down","unknown"]');
    expect(record).toContain('"enum":["airline","aggregator"]');
    expect(record).toContain('"enum":["live","test"]');
  });

  it("lists the error body's structured fields", () => {
    const body = served.document.components.schemas?.ErrorBody as {
      properties: Record<string, unknown>;
      additionalProperties?: unknown;
    };
    for (const field of [
      'error',
      'code',
      'request_id',
      'documentation_url',
      'field',
      'reason',
      'message',
      'plan_code',
      'period_start',
      'period_end',
      'docs_url',
      'did_you_mean',
      'order_id',
    ])
      expect(Object.keys(body.properties), field).toContain(field);
    expect(body.additionalProperties).not.toBe(false);
  });

  it('declares X-Request-Id on every response, Retry-After on every 429 and 503, and the booking replay header', () => {
    for (const { name, operation: op } of operationsOf(served.document)) {
      for (const [status, response] of Object.entries((op as { responses: Responses }).responses)) {
        expect(response.headers?.['X-Request-Id']?.required, `${name} ${status}`).toBe(true);
        if (status === '429' || status === '503') expect(response.headers?.['Retry-After'], `${name} ${status}`).toBeDefined();
        for (const header of Object.values(response.headers ?? {})) expect(header.schema.required).toBeUndefined();
      }
    }
    expect(operation('createOrder').responses['200']?.headers?.['Idempotent-Replayed']?.required).toBe(true);
    expect(operation('createOrder').responses['201']?.headers?.['Idempotent-Replayed']).toBeUndefined();
    expect(operation('searchOffers').responses['200']?.headers).toHaveProperty('RateLimit-Remaining');
    expect(operation('getAirportByIata').responses['304']?.headers?.ETag?.required).toBe(true);
  });

  it('keeps every response body open to fields added later (no additionalProperties: false)', () => {
    const closed: string[] = [];
    const walk = (value: unknown, at: string, seen: Set<string>) => {
      if (Array.isArray(value)) return value.forEach((item, i) => walk(item, `${at}/${i}`, seen));
      if (typeof value !== 'object' || value === null) return;
      const schema = value as Schema;
      if (schema.additionalProperties === false) closed.push(at);
      const ref = typeof schema.$ref === 'string' ? schema.$ref.replace('#/components/schemas/', '') : null;
      if (ref !== null && !seen.has(ref))
        walk(served.document.components.schemas?.[ref], `${at} -> ${ref}`, new Set([...seen, ref]));
      for (const [key, child] of Object.entries(schema)) walk(child, `${at}/${key}`, seen);
    };
    for (const { name, operation: op } of operationsOf(served.document))
      walk((op as { responses: Responses }).responses, name, new Set());
    expect(closed).toEqual([]);
  });
});

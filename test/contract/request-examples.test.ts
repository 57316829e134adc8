import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shoppingFixture, type ShoppingFixture } from '../shopping/shopping-fixture.js';
import { operationsOf, servedDocument, type Schema, type ServedDocument } from './served-document.js';

/**
 * The example requests of /openapi.json are valid against their own body schemas, their dates are
 * never in the past, and the search examples find offers on the AA test system.
 */
let f: ShoppingFixture;
let document: ServedDocument;
beforeAll(async () => {
  f = await shoppingFixture();
  document = await servedDocument(f.app);
});
afterAll(() => f?.close());

const WITH_EXAMPLES = [
  'searchOffers',
  'streamOffers',
  'priceOffers',
  'createOrder',
  'changeOrder',
  'payOrder',
  'reshopOrder',
  'quoteOrderChange',
  'confirmOrderChange',
  'quoteOrderCancellation',
  'confirmOrderCancellation',
];

function jsonBody(operationId: string) {
  const found = operationsOf(document).find(({ operation }) => operation.operationId === operationId);
  const json = found?.operation.requestBody?.content['application/json'];
  return { operation: found?.operation, schema: json?.schema ?? {}, examples: json?.examples ?? {} };
}

/** Every string value under a key ending in `date`, at any depth. */
function datesIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(datesIn);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, v]) => (key.endsWith('date') && typeof v === 'string' ? [v] : datesIn(v)));
}

describe('example request bodies', () => {
  it('are given for search, price, booking and servicing', () => {
    for (const id of WITH_EXAMPLES) expect(Object.keys(jsonBody(id).examples).length, id).toBeGreaterThan(0);
  });

  it('are each valid against the body schema the description declares (strict bodies included)', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const invalid: string[] = [];
    for (const id of WITH_EXAMPLES) {
      const { schema, examples } = jsonBody(id);
      // The body schema refers to #/components/schemas/...: compiled with the components beside it.
      const validate = ajv.compile({ ...schema, components: document.components } as Schema);
      for (const [name, example] of Object.entries(examples)) {
        if (!validate(example.value)) invalid.push(`${id} ${name}: ${ajv.errorsText(validate.errors)}`);
      }
    }
    expect(invalid).toEqual([]);
  });

  it('carry dates computed when served: none is in the past', () => {
    const today = new Date().toISOString().slice(0, 10);
    const dates = WITH_EXAMPLES.flatMap((id) => Object.values(jsonBody(id).examples).flatMap((e) => datesIn(e.value)));
    expect(dates.length).toBeGreaterThan(0);
    expect(dates.filter((date) => date < today)).toEqual([]);
  });

  it('find offers on the AA test system when sent as they are (search)', async () => {
    for (const [name, example] of Object.entries(jsonBody('searchOffers').examples)) {
      const res = await f.search(example.value as Record<string, unknown>);
      expect(res.statusCode, `${name}: ${res.body.slice(0, 300)}`).toBe(200);
      expect(res.json().offers.length, name).toBeGreaterThan(0);
    }
  });
});

describe('required lists', () => {
  it('match validation on POST /v1/orders', async () => {
    expect(jsonBody('createOrder').schema.required).toEqual(expect.arrayContaining(['offer_id', 'passengers']));
    const res = await f.app.inject({
      method: 'POST',
      url: '/v1/orders',
      headers: { 'x-api-key': f.key },
      payload: { offer_id: 'AA|x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('passengers is required');
  });

  it('say a body whose fields are all optional may be left out', () => {
    for (const id of ['payOrder', 'reshopOrder', 'quoteOrderChange', 'quoteOrderCancellation', 'confirmOrderCancellation'])
      expect(jsonBody(id).operation?.requestBody, id).toMatchObject({ required: false });
    expect(jsonBody('createOrder').operation?.requestBody).toMatchObject({ required: true });
  });
});

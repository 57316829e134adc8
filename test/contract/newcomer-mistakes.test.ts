import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysAhead, shoppingFixture, type ShoppingFixture } from '../shopping/shopping-fixture.js';

/**
 * The newcomer's ten mistakes (issue 48): what a developer gets wrong on the first day, each
 * answered with a 4xx whose body says what to fix, and a documentation_url that opens the code's
 * own section of the error reference.
 */
let f: ShoppingFixture;
beforeAll(async () => {
  f = await shoppingFixture({ env: { PUBLIC_URL: 'https://api.gateway.test', SEARCH_RATE_LIMIT_PER_MINUTE: '1000' } });
});
afterAll(async () => f?.close());

const json = { 'content-type': 'application/json' };
const keyed = () => ({ 'x-api-key': f.key });

/** The plain error body, checked to link its code's section of the rendered reference. */
function refusal(res: LightMyRequestResponse, status: number, code: string): Record<string, unknown> {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<Record<string, unknown>>();
  expect(body.code).toBe(code);
  expect(body.documentation_url).toBe(`https://api.gateway.test/docs/errors#${code}`);
  return body;
}

/** An offer 18-24 days out on a route: thin routes do not fly every day. */
async function searchedOffer(origin: string, destination: string): Promise<{ offer_id: string; expires_at: string }> {
  for (let days = 18; days < 25; days++) {
    const res = await f.search({ origin, destination, departure_date: daysAhead(days), adults: 1 });
    const offer = (res.json().offers ?? [])[0];
    if (offer) return offer;
  }
  throw new Error(`no offer ${origin}-${destination}`);
}

const search = { origin: 'JFK', destination: 'LAX', departure_date: daysAhead(20), adults: 1 };

describe("the newcomer's ten mistakes each get an error that says what to fix", () => {
  it('1. no X-API-Key: 401 naming the header', async () => {
    const res = await f.app.inject({ method: 'POST', url: '/v1/shopping/offers', payload: search });
    expect(refusal(res, 401, 'missing_api_key').error).toBe('missing X-API-Key');
  });

  it('2. the key sent as Authorization: Bearer: 401 saying to send it in X-API-Key instead', async () => {
    const headers = { authorization: `Bearer ${f.key}` };
    const res = await f.app.inject({ method: 'POST', url: '/v1/shopping/offers', headers, payload: search });
    const body = refusal(res, 401, 'missing_api_key');
    expect(body.error).toBe('missing X-API-Key');
    expect(body.detail).toMatch(/X-API-Key header, not in Authorization/);
  });

  it('3. offerId instead of offer_id: 400 naming the unknown field and the one meant', async () => {
    const res = await f.app.inject({
      method: 'POST',
      url: '/v1/offers/price',
      headers: keyed(),
      payload: { offerId: 'AA|x' },
    });
    const body = refusal(res, 400, 'invalid_request');
    expect(body.field).toBe('offerId');
    expect(body.error).toBe('unknown field offerId; did you mean offer_id?');
  });

  it('4. a departure date in the past, then one in the wrong format: 400 naming the field and the rule', async () => {
    const past = await f.search({ ...search, departure_date: '2020-01-15' });
    expect(refusal(past, 400, 'invalid_request').error).toBe('invalid departure_date: 2020-01-15 is in the past');
    const format = await f.search({ ...search, departure_date: '15/01/2027' });
    expect(refusal(format, 400, 'invalid_request').error).toMatch(/departure_date.*YYYY-MM-DD/);
  });

  it('5. a city name for an airport: 400 saying a three-letter code is wanted', async () => {
    const res = await f.search({ ...search, origin: 'New York' });
    expect(refusal(res, 400, 'invalid_request').error).toBe('origin must be a three-letter airport code (got "New York")');
  });

  it('6. an offer id without its airline prefix: 400 unknown airline, saying what an offer id looks like', async () => {
    const offer = await searchedOffer('JFK', 'LAX');
    const trimmed = offer.offer_id.slice(offer.offer_id.indexOf('|') + 1);
    const res = await f.app.inject({ method: 'POST', url: '/v1/offers/price', headers: keyed(), payload: { offer_id: trimmed } });
    const body = refusal(res, 400, 'unknown_airline');
    expect(body.error).toBe('unknown airline');
    expect(body.detail).toMatch(/AA\|…/);
    expect(body.detail).toMatch(/no such prefix/);
  });

  it('7. booking an offer that has expired: 404 saying it expired, and when', async () => {
    // The test system's MIA-TPA offers are born expired.
    const offer = await searchedOffer('MIA', 'TPA');
    const passenger = {
      type: 'adult',
      given_name: 'Ada',
      family_name: 'Lovelace',
      born_on: '1985-12-10',
      email: 'ada@example.com',
    };
    const res = await f.app.inject({
      method: 'POST',
      url: '/v1/orders',
      headers: keyed(),
      payload: { offer_id: offer.offer_id, passengers: [passenger] },
    });
    const expiredAt = new Date(offer.expires_at).toISOString();
    const body = refusal(res, 404, 'offer_not_available');
    expect(body.error).toBe('offer no longer available at airline');
    expect(body.expired_at).toBe(expiredAt);
    expect(body.detail).toContain(`the offer expired at ${expiredAt}`);
  });

  it('8. JSON with a trailing comma: 400 invalid request body naming the line and column', async () => {
    const payload = '{\n  "origin": "JFK",\n  "destination": "LAX",\n}';
    const res = await f.app.inject({ method: 'POST', url: '/v1/shopping/offers', headers: { ...keyed(), ...json }, payload });
    const body = refusal(res, 400, 'invalid_request_body');
    expect(body.error).toBe('invalid request body');
    expect(body.position).toEqual({ line: 4, column: 1, offset: 45 });
    expect(body.detail).toBe('not valid JSON at line 4, column 1: a comma before "}": remove the trailing comma');
  });

  it('9. an order call marked (R) without airline: 400 naming the query parameter', async () => {
    const res = await f.app.inject({ method: 'POST', url: '/v1/orders/ord_123/quote', headers: keyed() });
    const body = refusal(res, 400, 'airline_required');
    expect(body.error).toBe('airline is required');
    expect(body.field).toBe('airline');
  });

  it('10. a wrong method, then a misspelt path: 405 with Allow, 404 naming the path meant', async () => {
    const method = await f.app.inject({ method: 'GET', url: '/v1/shopping/offers', headers: keyed() });
    expect(refusal(method, 405, 'method_not_allowed').error).toBe('method GET is not allowed here; use POST');
    expect(method.headers.allow).toBe('POST');
    const path = await f.app.inject({ method: 'POST', url: '/v1/shoping/offers', headers: keyed(), payload: search });
    const body = refusal(path, 404, 'not_found');
    expect(body.error).toBe('no such endpoint: POST /v1/shoping/offers; did you mean POST /v1/shopping/offers?');
  });

  it('and a passenger missing a name: 400 naming the passenger and the field', async () => {
    const offer = await searchedOffer('JFK', 'LAX');
    const passenger = { type: 'adult', given_name: 'Ada', born_on: '1985-12-10', email: 'ada@example.com' };
    const res = await f.app.inject({
      method: 'POST',
      url: '/v1/orders',
      headers: keyed(),
      payload: { offer_id: offer.offer_id, passengers: [passenger] },
    });
    const body = refusal(res, 400, 'invalid_request');
    expect(body.error).toMatch(/passengers\[0\]\.family_name/);
  });
});

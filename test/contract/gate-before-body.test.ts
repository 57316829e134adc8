import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * The contract answers the gate and the permission before it reads the body: an incomplete body
 * is only a 400 for a caller who may make the request at all.
 */
describe('POST /v1/orders with an incomplete body', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('is 403 for a static read-only key, not 400', async () => {
    const { secret } = await t.agencyWithKey({ kind: 'static' });
    const res = await t.app.inject({ method: 'POST', url: '/v1/orders', headers: { 'x-api-key': secret }, payload: {} });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error).toBe('a static read-only key cannot create orders; use an agency key');
  });

  it('is still 400 naming the field for an agency key', async () => {
    const { secret } = await t.agencyWithKey();
    const res = await t.app.inject({ method: 'POST', url: '/v1/orders', headers: { 'x-api-key': secret }, payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('offer_id is required');
  });
});

describe('order writes switched off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { ORDER_WRITES_ENABLED: 'false' } });
  });
  afterAll(() => t.close());

  it('answers an incomplete or unknown-field body 503 coming_soon, before validation', async () => {
    const { secret } = await t.agencyWithKey();
    const headers = { 'x-api-key': secret };
    const bodies: [string, string, unknown][] = [
      ['POST', '/v1/orders', {}],
      ['POST', '/v1/orders', { offer_id: 42 }],
      ['PUT', '/v1/orders/AA-ord_x', { seat: 'wrong' }],
      ['POST', '/v1/orders/AA-ord_x/change/confirm', { cabin_class: 'business' }],
    ];
    for (const [method, url, payload] of bodies) {
      const res = await t.app.inject({ method: method as 'POST', url, headers, payload: payload as object });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(503);
      expect(res.json().error).toBe('coming_soon');
      expect(res.headers['retry-after']).toBe('3600');
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderFixture, type OrderFixture } from '../orders/order-fixture.js';

/**
 * Order-id paths compare with the stored order first (the contract's rules 1 and 2): an `airline`
 * that is not the order's carrier is a mismatch, and an id the agency does not hold is 404
 * whatever `airline` says. The connector registry only speaks when no order is involved.
 */
let f: OrderFixture;
let orderPath: string;
beforeAll(async () => {
  f = await orderFixture();
  const held = await f.hold((await f.offer('JFK', 'LAX', /MAIN$/, 33)).offer_id);
  expect(held.statusCode, held.body).toBe(201);
  orderPath = `/v1/orders/${encodeURIComponent(held.json().order_id as string)}`;
});
afterAll(async () => f?.close());

describe('airline on an order-id path', () => {
  it('is 400 `airline does not match the order` for BA on an AA order, on reads and writes', async () => {
    for (const [method, url] of [
      ['GET', `${orderPath}?airline=BA`],
      ['GET', `${orderPath}/history?airline=BA`],
      ['POST', `${orderPath}/cancel?airline=BA`],
      ['POST', `${orderPath}/quote?airline=ZZ`],
    ] as const) {
      const res = await f.call(method, url);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ error: 'airline does not match the order', code: 'airline_mismatch' });
    }
  });

  it("is 404 order_not_found for an id the agency doesn't hold, whatever airline says", async () => {
    for (const url of [
      '/v1/orders/AA-ord_notours0000000000000?airline=BA',
      '/v1/orders/AA-ord_notours0000000000000?airline=ZZ',
      '/v1/orders/no-prefix-at-all',
      '/v1/orders/no-prefix-at-all/cancel?airline=XX',
    ]) {
      const res = await f.call(url.includes('/cancel') ? 'POST' : 'GET', url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(404);
      expect(res.json().code).toBe('order_not_found');
    }
  });

  it('is 404 for an id with no airline prefix and no airline (not 400 unknown airline), and 400 airline_required on an (R) path', async () => {
    for (const [method, url] of [
      ['GET', '/v1/orders/no-prefix-at-all'],
      ['GET', '/v1/orders/no-prefix-at-all/history'],
      ['GET', '/v1/orders/ZZ-ord_nocarrierconnected00'],
    ] as const) {
      const res = await f.call(method, url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(404);
      expect(res.json()).toMatchObject({ code: 'order_not_found' });
    }
    const required = await f.call('POST', '/v1/orders/no-prefix-at-all/cancel');
    expect(required.statusCode, required.body).toBe(400);
    expect(required.json()).toMatchObject({
      error: expect.stringMatching(/^airline is required/),
      code: 'airline_required',
    });
  });

  it('says so in the OpenAPI description of the orders tag', async () => {
    const doc = (await f.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const orders = (doc.tags as { name: string; description: string }[]).find((t) => t.name === 'orders');
    expect(orders?.description).toContain('404 `order_not_found` whatever `airline` is sent, with or without an airline prefix');
    expect(orders?.description).toContain('400 `airline is required` before the lookup');
  });

  it('keeps working when airline is the order carrier, in any case', async () => {
    expect((await f.call('GET', `${orderPath}?airline=aa`)).statusCode).toBe(200);
  });
});

describe('an offer id the gateway does not hold', () => {
  it('is 404 `connection offer not found or expired` when priced, booked or asked for seats', async () => {
    const forged = 'AA|1.not-an-offer-this-gateway-issued';
    const answers = [
      await f.call('POST', '/v1/offers/price', { offer_id: forged }),
      await f.hold(forged),
      await f.call('GET', `/v1/offers/${encodeURIComponent(forged)}/seats`),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error).toBe('connection offer not found or expired');
    }
  });
});

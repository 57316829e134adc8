import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysAhead } from '../shopping/shopping-fixture.js';
import { orderFixture, PASSENGER, type OrderFixture } from '../orders/order-fixture.js';

/**
 * Unknown body fields are refused, naming the field as Stripe does, at any depth; a body whose
 * fields are all optional may be left out or sent empty.
 */
let f: OrderFixture;
beforeAll(async () => {
  f = await orderFixture();
});
afterAll(async () => f?.close());

describe('an unknown field in a JSON body', () => {
  it('is 400 `unknown field cabin_class` on search, not economy offers', async () => {
    const res = await f.search({
      origin: 'JFK',
      destination: 'LAX',
      departure_date: daysAhead(20),
      adults: 1,
      cabin_class: 'business',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'unknown field cabin_class', code: 'invalid_request', field: 'cabin_class' });
  });

  it('names a nested field by its path', async () => {
    const res = await f.call('POST', '/v1/orders', {
      offer_id: 'AA|x',
      passengers: [{ ...PASSENGER, middle_name: 'Byron' }],
      payment: { type: 'hold' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'unknown field passengers[0].middle_name', field: 'passengers[0].middle_name' });
  });

  it('is refused on price, on the portal and on webhooks alike', async () => {
    const price = await f.call('POST', '/v1/offers/price', { offer_id: 'AA|x', currency: 'EUR' });
    expect(price.json().error).toBe('unknown field currency');
    const login = await f.app.inject({
      method: 'POST',
      url: '/v1/dev/login',
      payload: { email: 'a@example.com', password: 'x', remember_me: true },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json().error).toBe('unknown field remember_me');
  });
});

describe('a body whose fields are all optional', () => {
  it('may be absent or empty on the servicing POSTs', async () => {
    const held = await f.hold((await f.offer('JFK', 'LAX', /MAIN$/, 41)).offer_id);
    expect(held.statusCode, held.body).toBe(201);
    const id = encodeURIComponent(held.json().order_id as string);
    for (const path of ['cancel', 'reshop', 'change']) {
      for (const headers of [{}, { 'content-type': 'application/json' }]) {
        const res = await f.app.inject({
          method: 'POST',
          url: `/v1/orders/${id}/${path}?airline=AA`,
          headers: { 'x-api-key': f.key, ...headers },
        });
        expect(res.statusCode, `${path} ${JSON.stringify(headers)}: ${res.body}`).not.toBe(400);
        expect(res.statusCode, `${path}: ${res.body}`).toBeLessThan(500);
      }
    }
    const commit = await f.app.inject({ method: 'POST', url: `/v1/orders/${id}/commit`, headers: { 'x-api-key': f.key } });
    expect(commit.json().error ?? '').not.toMatch(/request body|JSON object/);
    const confirm = await f.app.inject({
      method: 'POST',
      url: `/v1/orders/${id}/cancel/confirm?airline=AA`,
      headers: { 'x-api-key': f.key },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json().status).toBe('cancelled');
  });
});

import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { SUBSCRIPTION_KEY } from '../shopping/shopping-fixture.js';
import { orderFixture, PASSENGER, type OrderFixture } from './order-fixture.js';

// Two gateway instances need one database: only PostgreSQL is shared between processes.
const shared = inject('databaseUrl') !== null;

let f: OrderFixture;
let second: TestApp;
beforeAll(async () => {
  if (!shared) return;
  f = await orderFixture();
  second = await buildTestApp({ env: { AA_TEST_SUBSCRIPTION_KEY: SUBSCRIPTION_KEY }, app: { testSystemUrls: { AA: f.aa.url } } });
});
afterAll(async () => {
  await second?.close();
  await f?.close();
});

describe.runIf(shared)('two gateway instances on one database', () => {
  it('make exactly one airline booking for one Idempotency-Key sent to both at once', async () => {
    const offer = await f.offer('JFK', 'LAX', /MAIN$/, 41);
    const state = async () =>
      ((await (await fetch(`${f.aa.url}/control/state`)).json()) as { store: { orders: number } }).store.orders;
    const before = await state();
    const body = { offer_id: offer.offer_id, passengers: [PASSENGER], payment: { type: 'hold' } };
    const headers = { 'x-api-key': f.key, 'idempotency-key': 'two-instances' };
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 === 0 ? f.app : second.app).inject({ method: 'POST', url: '/v1/orders', headers, payload: body }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.every((a) => [200, 201, 409].includes(a.statusCode))).toBe(true);
    expect(await state()).toBe(before + 1);
    const replay = await second.app.inject({ method: 'POST', url: '/v1/orders', headers, payload: body });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
  });

  it('make exactly one airline booking for the same people and flights sent to both under different keys', async () => {
    const offer = await f.offer('JFK', 'LAX', /MAIN$/, 43);
    const state = async () =>
      ((await (await fetch(`${f.aa.url}/control/state`)).json()) as { store: { orders: number } }).store.orders;
    const before = await state();
    const body = { offer_id: offer.offer_id, passengers: [PASSENGER], payment: { type: 'hold' } };
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 === 0 ? f.app : second.app).inject({
          method: 'POST',
          url: '/v1/orders',
          headers: { 'x-api-key': f.key, 'idempotency-key': `two-instances-travel-${i}` },
          payload: body,
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409 && a.json().code === 'order_conflict')).toHaveLength(7);
    expect(await state()).toBe(before + 1);
  });
});

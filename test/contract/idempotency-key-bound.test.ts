import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderExamples } from '../../src/orders/booking/schemas.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * `Idempotency-Key` is 1 to 128 characters, as /openapi.json declares: one outside the bound is
 * 400 `invalid_idempotency_key` naming the header, and nothing is booked or claimed.
 */
describe('Idempotency-Key bound', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await buildTestApp();
    key = (await t.agencyWithKey()).secret;
  });
  afterAll(() => t?.close());

  const body = () => createOrderExamples(new Date()).hold!.value;
  const book = (idempotencyKey: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/orders',
      headers: { 'x-api-key': key, 'idempotency-key': idempotencyKey },
      payload: body() as object,
    });

  it.each([
    ['longer than 128 characters', 'k'.repeat(129), 'idempotency-key must be at most 128 characters'],
    ['empty', '', 'idempotency-key must not be empty'],
  ])('is 400 invalid_idempotency_key when %s, with nothing claimed', async (_what, idempotencyKey, message) => {
    const res = await book(idempotencyKey);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_idempotency_key', error: message });
    // This key only: other files' bookings share the table on PostgreSQL.
    const claimed = await t.platform.db
      .selectFrom('order_idempotency_keys')
      .select('idempotency_key')
      .where('idempotency_key', '=', idempotencyKey)
      .execute();
    expect(claimed).toEqual([]);
  });
});

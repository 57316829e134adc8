import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderFixture, type OrderFixture } from './order-fixture.js';

let f: OrderFixture;
let orderId: string;
beforeAll(async () => {
  f = await orderFixture();
  const created = await f.hold((await f.offer('JFK', 'LAX', /MAIN$/, 33)).offer_id);
  orderId = created.json().order_id;
});
afterAll(async () => f?.close());

const put = (body?: unknown) => f.call('PUT', `/v1/orders/${encodeURIComponent(orderId)}?airline=AA`, body);

describe('PUT /v1/orders/{orderID}: the change request, keys matched case-insensitively', () => {
  it('validates a key in any case against the schema, naming the field', async () => {
    const badEmail = await put({ Contact: { EMAIL: 'not-an-email' } });
    expect(badEmail.statusCode, badEmail.body).toBe(400);
    expect(badEmail.json().error).toMatch(/^contact\.email /);

    const badSeats = await put({ SEATS: 'every window' });
    expect(badSeats.statusCode, badSeats.body).toBe(400);
    expect(badSeats.json().error).toMatch(/^seats /);

    const badDesignator = await put({ Seats: [{ Segment_Id: 'x', PASSENGER_ID: 'PAX1', Designator: 'window' }] });
    expect(badDesignator.statusCode, badDesignator.body).toBe(400);
    expect(badDesignator.json().error).toMatch(/^seats\[0\]\.designator /);
  });

  it('applies a change written in any case', async () => {
    const res = await put({ CONTACT: { Email: 'grace@example.com', PHONE: '+1 555 0100' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().contact).toEqual({ email: 'grace@example.com', phone: '+1 555 0100' });
    const read = await f.call('GET', `/v1/orders/${encodeURIComponent(orderId)}`);
    expect(read.json().contact).toEqual({ email: 'grace@example.com', phone: '+1 555 0100' });
  });

  it('refuses a request without a body or naming nothing to change with 400', async () => {
    expect((await put()).statusCode).toBe(400);
    const empty = await put({});
    expect(empty.statusCode, empty.body).toBe(400);
    expect(empty.json().code).toBe('empty_change');
  });
});

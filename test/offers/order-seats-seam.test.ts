import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OrderSeatResolver } from '../../src/offers/offer-service.js';
import { shoppingFixture, type ShoppingFixture } from '../shopping/shopping-fixture.js';

// The orders module plugs order ids into the seats path through app.orderSeatResolver; this fake
// one stands in for it to prove the seam reaches the airline with an order, not an offer.
const seen: { id: string; agencyId: string | null }[] = [];
const resolver: OrderSeatResolver = {
  async resolve(id, agencyId) {
    seen.push({ id, agencyId });
    return id.startsWith('ord_') ? { airline: 'AA', airlineOrderId: 'AAORDERX1' } : null;
  },
};

let f: ShoppingFixture;
beforeAll(async () => {
  f = await shoppingFixture();
  f.app.orderSeatResolver = resolver;
});
afterAll(async () => f?.close());

it('an order id on the seats path is resolved by the orders module and asked of the airline as an order', async () => {
  const res = await f.app.inject({ method: 'GET', url: '/v1/offers/ord_abc123/seats', headers: { 'x-api-key': f.key } });
  expect(seen).toEqual([{ id: 'ord_abc123', agencyId: f.agencyId }]);
  // The test system knows no such order: its own words come back, not `unknown airline`.
  expect(res.statusCode).toBe(502);
  expect(res.json().error).toBe('[304] Order AAORDERX1 not found');
});

// The gateway refuses a hold of an offer whose hold_available is false itself (issue 20): a 422
// naming `payment`, before the airline is asked to book, with nothing stored.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysAhead } from '../shopping/shopping-fixture.js';
import { orderFixture, PASSENGER, type OrderFixture } from './order-fixture.js';

let f: OrderFixture;
beforeAll(async () => {
  f = await orderFixture();
});
afterAll(async () => f?.close());

interface OfferJson {
  offer_id: string;
  hold_available: boolean;
  slices: { segments: unknown[] }[];
}

/** A non-stop offer three days out: inside AA's 7 days, so it cannot be held. */
async function unholdableOffer(): Promise<OfferJson> {
  const res = await f.search({ origin: 'JFK', destination: 'LAX', departure_date: daysAhead(3), adults: 1 });
  expect(res.statusCode, res.body).toBe(200);
  const offer = (res.json().offers as OfferJson[]).find((o) => o.slices.every((s) => s.segments.length === 1));
  if (!offer) throw new Error('no non-stop offer 3 days out');
  expect(offer.hold_available).toBe(false);
  return offer;
}

describe('a hold of an offer that cannot be held', () => {
  it('answers 422 hold_not_available naming payment, stores nothing, and the same offer paid at once books', async () => {
    const offer = await unholdableOffer();
    const before = (await f.call('GET', '/v1/orders')).json().orders.length as number;

    const refused = await f.hold(offer.offer_id, {}, { 'idempotency-key': 'hold-refused-1' });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'hold_not_available',
      field: 'payment',
      error: expect.stringMatching(/^payment: AA does not hold this offer \(its hold_available is false\)/),
    });
    // No payment at all is a hold too.
    const { payment: _none, ...withoutPayment } = { offer_id: offer.offer_id, passengers: [PASSENGER], payment: null };
    const implicit = await f.call('POST', '/v1/orders', withoutPayment);
    expect(implicit.statusCode, implicit.body).toBe(422);
    expect(implicit.json().code).toBe('hold_not_available');
    expect((await f.call('GET', '/v1/orders')).json().orders).toHaveLength(before);

    // The refusal kept no claim on the travel and no idempotency record: the key books the same
    // passenger on the same flights once paid at once (AA would answer a duplicate otherwise).
    const paid = await f.call(
      'POST',
      '/v1/orders',
      { offer_id: offer.offer_id, passengers: [PASSENGER], payment: { type: 'agency_account' } },
      { 'idempotency-key': 'hold-refused-1' },
    );
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().status).toBe('ticketed');
  });
});

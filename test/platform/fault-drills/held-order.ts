import { expect } from 'vitest';
import { PASSENGER } from '../../orders/order-fixture.js';
import { daysAhead } from '../../shopping/shopping-fixture.js';
import { call } from './children.js';

/**
 * A held order through a running gateway's API, as the restore drills seed theirs: the first offer
 * of a JFK search made with one key, held with another (so both keys are shown to work); its id.
 */
export async function holdFirstOffer(
  url: string,
  keys: { search: string; hold: string },
  destination: string,
  days: number,
): Promise<string> {
  const search = await call(`${url}/v1/shopping/offers`, {
    method: 'POST',
    headers: { 'x-api-key': keys.search },
    body: { origin: 'JFK', destination, departure_date: daysAhead(days), adults: 1 },
  });
  expect(search.status, JSON.stringify(search.body)).toBe(200);
  const offer = (search.body.offers as { offer_id: string }[])[0]!;
  const order = await call(`${url}/v1/orders`, {
    method: 'POST',
    headers: { 'x-api-key': keys.hold },
    body: { offer_id: offer.offer_id, passengers: [PASSENGER], payment: { type: 'hold' } },
  });
  expect(order.status, JSON.stringify(order.body)).toBe(201);
  return order.body.order_id as string;
}

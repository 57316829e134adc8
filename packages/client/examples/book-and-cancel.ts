import type { FlightaggClient } from '@flightagg/client';
import { daysFromToday, runWhenStarted, TRAVELLER } from './run-example.js';

/** Search → price → book (paid and ticketed in one call) → read it back → cancel: quote, then confirm. */
export async function bookAndCancel(client: FlightaggClient) {
  const { offers } = await client.offers.search({
    origin: 'JFK',
    destination: 'LAX',
    departure_date: daysFromToday(30),
    adults: 1,
  });
  const offer = offers?.[0];
  if (!offer) throw new Error('no offer JFK-LAX');

  // Re-pricing confirms the fare and answers a new offer id: book that one.
  const priced = await client.offers.price(offer.offer_id);

  // One Idempotency-Key per call is made for you (and kept across its retries); pass your own to
  // make a repeat after a crash answer the first booking: { idempotencyKey: 'booking-42' }.
  const order = await client.orders.create({
    offer_id: priced.offer_id,
    passengers: [TRAVELLER],
    payment: { type: 'agency_account' },
  });

  const read = await client.orders.get(order.order_id);

  // The calls on an order name its airline (`?airline=AA`) for you, from the order id.
  const quote = await client.orders.cancel(order.order_id);
  const cancelled = await client.orders.confirmCancel(order.order_id, { cancellation_quote_id: quote.cancellation_quote_id });

  return {
    orderId: order.order_id,
    booked: order.status,
    read: read.status,
    refund: quote.refund,
    cancelled: cancelled.status,
  };
}

await runWhenStarted(import.meta, bookAndCancel);

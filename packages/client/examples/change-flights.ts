import type { FlightaggClient } from '@flightagg/client';
import { daysFromToday, runWhenStarted, TRAVELLER } from './run-example.js';

/** Book a fare that allows changes → reshop for two days later → confirm the new flight. */
export async function changeFlights(client: FlightaggClient) {
  const { offers } = await client.offers.search({
    origin: 'JFK',
    destination: 'LAX',
    departure_date: daysFromToday(40),
    adults: 1,
  });
  const offer = offers?.find((candidate) => candidate.conditions?.change?.allowed);
  if (!offer) throw new Error('no offer JFK-LAX whose fare allows changes');
  const priced = await client.offers.price(offer.offer_id);
  const order = await client.orders.create({
    offer_id: priced.offer_id,
    passengers: [TRAVELLER],
    payment: { type: 'agency_account' },
  });

  // The alternatives, each with what the change costs (`amount_due`).
  const { offers: alternatives } = await client.orders.reshop(order.order_id, {
    slices: [{ departure_date: daysFromToday(42) }],
  });
  const chosen = alternatives[0];
  if (!chosen) throw new Error('no flight to change to');
  await client.orders.confirmChange(order.order_id, { offer_id: chosen.offer_id });
  // The confirmation may answer only `{order_id, status}`: the order itself says what it holds now.
  const changed = await client.orders.get(order.order_id);

  return {
    orderId: order.order_id,
    before: order.segments.map((segment) => segment.departing_at),
    amountDue: chosen.amount_due,
    after: changed.segments.map((segment) => segment.departing_at),
    status: changed.status,
  };
}

await runWhenStarted(import.meta, changeFlights);

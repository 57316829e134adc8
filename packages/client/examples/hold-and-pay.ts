import type { FlightaggClient } from '@flightagg/client';
import { daysFromToday, runWhenStarted, TRAVELLER } from './run-example.js';

/** Search → price → book a hold (seats kept, nothing paid) → pay it → its events and the agency's holds. */
export async function holdAndPay(client: FlightaggClient) {
  const { offers } = await client.offers.search({
    origin: 'JFK',
    destination: 'LAX',
    departure_date: daysFromToday(35),
    adults: 1,
  });
  const offer = offers?.find((candidate) => candidate.hold_available);
  if (!offer) throw new Error('no offer JFK-LAX that can be held');
  const priced = await client.offers.price(offer.offer_id);

  const hold = await client.orders.create({ offer_id: priced.offer_id, passengers: [TRAVELLER], payment: { type: 'hold' } });

  // The agency's holds, newest first, read page by page as the loop goes: it stops at this one.
  let listedAmongHolds = false;
  for await (const listed of client.orders.list({ status: 'hold', limit: 20 })) {
    if (listed.order_id !== hold.order_id) continue;
    listedAmongHolds = true;
    break;
  }

  const paid = await client.orders.pay(hold.order_id, { payment: { type: 'agency_account' } });

  const events: string[] = [];
  for await (const event of client.events.list({ order_id: hold.order_id })) events.push(event.type);

  return {
    orderId: hold.order_id,
    held: hold.status,
    paymentDeadline: hold.payment_deadline,
    listedAmongHolds,
    paid: paid.status,
    tickets: paid.tickets.map((ticket) => ticket.ticket_number),
    events: events.reverse(),
  };
}

await runWhenStarted(import.meta, holdAndPay);

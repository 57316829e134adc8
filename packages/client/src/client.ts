import { eventsResource } from './resources/events.js';
import { offersResource } from './resources/offers.js';
import { ordersResource } from './resources/orders.js';
import { Transport, type ClientOptions } from './transport.js';

/**
 * A client of one gateway: `createClient({ apiKey, baseUrl })`, then `client.offers.search(…)`,
 * `client.orders.create(…)`, `client.events.stream()`. Every body, query and answer is typed from
 * the gateway's /openapi.json; an error answer is thrown as a FlightaggError.
 */
export function createClient(options: ClientOptions) {
  const transport = new Transport(options);
  return {
    offers: offersResource(transport),
    orders: ordersResource(transport),
    events: eventsResource(transport),
  };
}

export type FlightaggClient = ReturnType<typeof createClient>;

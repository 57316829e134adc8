import { errorFromAnswer } from '../errors.js';
import type { Offer, QueryOf, RequestBody, ResponseBody, Schema } from '../operation-types.js';
import { sseMessages } from '../sse-parser.js';
import type { CallOptions, Transport } from '../transport.js';

/**
 * One event of a streamed search, by its `event` name (docs/shopping.md): `search` first, then an
 * `offers` batch as each airline answers (a cache hit sends one), then `done`. A terminal `error`
 * event is thrown as a FlightaggError (`status` 200: the stream had answered) instead.
 */
export type SearchStreamEvent =
  | { event: 'search'; data: { search_id: string; expires_at: string } }
  | { event: 'offers'; data: { offers: Offer[] } }
  | {
      event: 'done';
      data: {
        /** The offers sent in the `offers` events. */
        total: number;
        connectors: Schema<'ConnectorStatus'>[];
        /** Only when there is something to warn of (an airport code no data set knows). */
        warnings?: (Schema<'UnknownAirportWarning'> | Schema<'CurrencyWarning'>)[];
      };
    };

const STREAM_EVENTS: ReadonlySet<string> = new Set(['search', 'offers', 'done']);

/** Search, price, seat maps and services: what is on sale before anything is booked. */
export function offersResource(transport: Transport) {
  return {
    /** POST /v1/shopping/offers: one search across every connected airline. */
    search(body: RequestBody<'searchOffers'>, options: CallOptions = {}) {
      return transport.json<ResponseBody<'searchOffers'>>({ method: 'POST', path: '/v1/shopping/offers', body, ...options });
    },

    /**
     * POST /v1/shopping/offers/stream: `for await (const { event, data } of client.offers.searchStream(body))`,
     * the same search with each airline's offers as they arrive. The loop ends after `done`; breaking
     * out of it (or aborting `signal`) closes the stream, which cancels the airline calls. A 400 or
     * 429 answered before the stream opens is thrown, or retried, as any call's.
     */
    async *searchStream(
      body: RequestBody<'streamOffers'>,
      options: CallOptions = {},
    ): AsyncGenerator<SearchStreamEvent, void, undefined> {
      const response = await transport.open({ method: 'POST', path: '/v1/shopping/offers/stream', body, ...options });
      for await (const message of sseMessages(response.body ?? new ReadableStream())) {
        const data = JSON.parse(message.data) as unknown;
        if (message.event === 'error') throw errorFromAnswer(response, { body: data, retryAfterMs: null });
        // An event a newer gateway added is passed over, as the contract lets it add.
        if (!STREAM_EVENTS.has(message.event)) continue;
        const event = { event: message.event, data } as SearchStreamEvent;
        yield event;
        if (event.event === 'done') return;
      }
    },

    /**
     * POST /v1/offers/price: confirms the price and terms. It answers a new `offer_id`: book that
     * one. Takes an offer id, or the whole body (several offers priced together).
     */
    price(offer: string | RequestBody<'priceOffers'>, options: CallOptions = {}) {
      const body = typeof offer === 'string' ? { offer_id: offer } : offer;
      return transport.json<ResponseBody<'priceOffers'>>({ method: 'POST', path: '/v1/offers/price', body, ...options });
    },

    /** GET /v1/offers/{offerID}/seats: the seat map of an offer (or of an order's flights). */
    seats(offerId: string, query: QueryOf<'getOfferSeatMap'> = {}, options: CallOptions = {}) {
      return transport.json<ResponseBody<'getOfferSeatMap'>>({
        method: 'GET',
        path: `/v1/offers/${encodeURIComponent(offerId)}/seats`,
        query,
        ...options,
      });
    },

    /** GET /v1/offers/{offerID}/services: the bags and other extras sold with an offer. */
    services(offerId: string, query: QueryOf<'listOfferServices'> = {}, options: CallOptions = {}) {
      return transport.json<ResponseBody<'listOfferServices'>>({
        method: 'GET',
        path: `/v1/offers/${encodeURIComponent(offerId)}/services`,
        query,
        ...options,
      });
    },
  };
}

export type OffersResource = ReturnType<typeof offersResource>;

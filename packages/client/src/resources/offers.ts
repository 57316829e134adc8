import type { QueryOf, RequestBody, ResponseBody } from '../operation-types.js';
import type { CallOptions, Transport } from '../transport.js';

/** Search, price, seat maps and services: what is on sale before anything is booked. */
export function offersResource(transport: Transport) {
  return {
    /** POST /v1/shopping/offers: one search across every connected airline. */
    search(body: RequestBody<'searchOffers'>, options: CallOptions = {}) {
      return transport.json<ResponseBody<'searchOffers'>>({ method: 'POST', path: '/v1/shopping/offers', body, ...options });
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

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { badRequest } from '../platform/errors.js';
import { API_KEY_ROUTE } from '../platform/http/route-policy.js';
import {
  OfferPathSchema,
  PricedOfferSchema,
  priceExamples,
  PriceRequestSchema,
  SeatMapResponseSchema,
  SeatsQuerySchema,
  ServiceSchema,
  ServicesQuerySchema,
} from './offer-schemas.js';
import { withExamples } from '../platform/http/request-examples.js';
import type { OfferService, BookedOrderResolver } from './offer-service.js';

const AIRLINE_NOTE =
  "The airline is inferred from the id prefix unless `airline` is given; no recognisable prefix and no `airline`: 400 `unknown airline`. A 502 carries the airline's own text, bracketed code included.";

/** POST /v1/offers/price, GET /v1/offers/{offerID}/seats, GET /v1/offers/{offerID}/services. */
export interface OfferRoutesOptions {
  offers: OfferService;
  /** Lets the seats and services paths take an order id of the caller's agency; null, only offer ids are. */
  bookedOrders: BookedOrderResolver | null;
}

/** The offer ids a price request names (`offers[]` or `offer_id`): 400 `offer_id_required` when none or an empty one. */
export function offerIdsOf(body: { offers?: { offer_id?: string }[]; offer_id?: string }): string[] {
  const ids = body.offers ? body.offers.map((o) => o.offer_id ?? '') : body.offer_id ? [body.offer_id] : [];
  if (ids.length === 0 || ids.some((id) => id === '')) throw badRequest('offer_id is required', 'offer_id_required');
  return ids;
}

export const offerRoutes: FastifyPluginAsyncTypebox<OfferRoutesOptions> = async (app, { offers: service, bookedOrders }) => {
  const env = (request: { apiKey: { environment: 'test' | 'live' } | null }) => request.apiKey?.environment ?? 'test';

  app.post(
    '/v1/offers/price',
    {
      config: API_KEY_ROUTE,
      schema: {
        operationId: 'priceOffers',
        tags: ['offers'],
        summary: 'Re-price offers at the airline: confirmed price and terms',
        description:
          '404 `connection offer not found or expired` for an offer id this gateway did not issue (forged, altered or from an ' +
          'older release) and `offer no longer available at airline` when the airline no longer holds the offer. At most 6 ' +
          `offers of one trip per call; a repeated id is priced once. ${AIRLINE_NOTE}`,
        body: withExamples(PriceRequestSchema, priceExamples),
        response: { 200: PricedOfferSchema },
      },
    },
    async (request) => {
      const body = request.body ?? {};
      return service.price(offerIdsOf(body), body.airline, env(request));
    },
  );

  app.get(
    '/v1/offers/:offerID/seats',
    {
      config: API_KEY_ROUTE,
      schema: {
        operationId: 'getOfferSeatMap',
        tags: ['offers'],
        summary: 'Seat maps of an offer (or of a booked order)',
        description: `Every seat carries \`segment_id\`. With \`segment_id\`, only that segment's map; 404 \`seat_map_segment_not_found\` when the carrier publishes no map for it. ${AIRLINE_NOTE}`,
        params: OfferPathSchema,
        querystring: SeatsQuerySchema,
        response: { 200: SeatMapResponseSchema },
      },
    },
    async (request) =>
      service.seats(request.params.offerID, request.query, {
        agencyId: request.apiKey?.agencyId ?? null,
        environment: env(request),
        orders: bookedOrders,
      }),
  );

  app.get(
    '/v1/offers/:offerID/services',
    {
      config: API_KEY_ROUTE,
      schema: {
        operationId: 'listOfferServices',
        tags: ['offers'],
        summary: 'Ancillary services sold with an offer (or that can be added to a booked order)',
        description:
          'An order id of your agency is accepted as well as an offer id: the services that can be added to that booked order, ' +
          "with the `service_id`s a `POST /v1/orders/{orderID}/change` `ancillaries` change takes (its airline is the order's). " +
          AIRLINE_NOTE,
        params: OfferPathSchema,
        querystring: ServicesQuerySchema,
        response: { 200: Type.Array(ServiceSchema) },
      },
    },
    async (request) =>
      service.services(request.params.offerID, request.query.airline, {
        agencyId: request.apiKey?.agencyId ?? null,
        environment: env(request),
        orders: bookedOrders,
      }),
  );
};

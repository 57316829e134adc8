import { Type, type Static } from '@sinclair/typebox';
import type { RequestExamples } from '../platform/http/request-examples.js';
import { MAX_OFFER_ID_LENGTH } from '../connectors/offer-id-auth.js';
import { MAX_SLICES } from '../connectors/trip-limits.js';
import { OfferSchema } from '../shopping/offer-schema.js';
import { Nullable } from '../platform/http/responses.js';

const OfferId = Type.String({
  minLength: 1,
  maxLength: MAX_OFFER_ID_LENGTH,
  description: 'Canonical offer id from a search (percent-encode `|` as %7C in paths)',
});
const Airline = Type.String({ description: 'IATA airline code; inferred from the id prefix when omitted' });

export const PriceRequestSchema = Type.Object(
  {
    offer_id: Type.Optional(OfferId),
    offers: Type.Optional(
      Type.Array(Type.Object({ offer_id: Type.Optional(OfferId) }), {
        minItems: 1,
        // One trip: at most one offer per slice of a multi-city search.
        maxItems: MAX_SLICES,
        description: `Several offers of one airline priced together (e.g. separately shopped slices), at most ${MAX_SLICES}; alternative to \`offer_id\``,
      }),
    ),
    airline: Type.Optional(Airline),
  },
  { description: 'Give `offer_id`, or `offers: [{offer_id}]`' },
);
export type PriceRequest = Static<typeof PriceRequestSchema>;

export const PricedOfferSchema = Type.Intersect(
  [
    OfferSchema,
    Type.Object({
      priced_at: Type.String({ description: 'When the airline confirmed this price' }),
      warnings: Type.Array(Type.String(), { description: "The airline's warnings, e.g. a price change since the search" }),
    }),
  ],
  { $id: 'PricedOffer' },
);
export type PricedOffer = Static<typeof PricedOfferSchema>;

export const OfferPathSchema = Type.Object({
  offerID: Type.String({ description: 'Percent-encoded offer id (an order id is also accepted for seats)' }),
});

export const SeatsQuerySchema = Type.Object({
  airline: Type.Optional(Airline),
  segment_id: Type.Optional(Type.String({ description: 'Only the seat map of this segment (a `segment_id` of the offer)' })),
});

export const ServicesQuerySchema = Type.Object({ airline: Type.Optional(Airline) });

const Price = { price_amount: Nullable(Type.Number()), currency: Nullable(Type.String()) };

export const SeatMapResponseSchema = Type.Object(
  {
    offer_id: Type.String(),
    seat_maps: Type.Array(
      Type.Object({
        segment_id: Type.String(),
        cabin: Nullable(Type.String()),
        columns: Type.Array(Type.String()),
        seats: Type.Array(
          Type.Object({
            segment_id: Type.String(),
            seat: Type.String({ description: 'Row and column, e.g. 12A' }),
            row: Type.Integer(),
            column: Type.String(),
            available: Type.Boolean(),
            characteristics: Type.Array(Type.String(), {
              description: 'IATA seat characteristic codes (W window, A aisle, E exit row, ...)',
            }),
            ...Price,
          }),
        ),
      }),
    ),
  },
  { $id: 'SeatMap' },
);
export type SeatMapAnswer = Static<typeof SeatMapResponseSchema>;

export const ServiceSchema = Type.Object(
  {
    service_id: Type.String({ description: "The airline's offer item id for this service" }),
    code: Nullable(Type.String()),
    name: Type.String(),
    description: Nullable(Type.String()),
    category: Nullable(Type.String()),
    ...Price,
    segment_ids: Type.Array(Type.String()),
    passenger_ids: Type.Array(Type.String()),
  },
  { $id: 'Service' },
);
export type ServiceAnswer = Static<typeof ServiceSchema>;

/** An offer id as a search returns it (copy yours from the search answer). */
export const EXAMPLE_OFFER_ID = 'AA|1.eyJvIjpbWyJBQURPTS1NQUlOIiwiQUEiXV19.hV3kq9Xc2Lw';

/** Example price requests for the docs page. */
export const priceExamples = (): RequestExamples => ({
  one_offer: { summary: 'Price one offer from a search', value: { offer_id: EXAMPLE_OFFER_ID } },
  several_offers: {
    summary: 'Price separately shopped slices of one trip together',
    value: { offers: [{ offer_id: EXAMPLE_OFFER_ID }, { offer_id: 'AA|1.eyJvIjpbWyJBQURPTS1NQUlOIiwiQUEiXV19.k2Pw8Rt7Ynq' }] },
  },
});

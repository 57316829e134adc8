import { Type, type Static } from '@sinclair/typebox';
import type { Segment } from '../connectors/connector-types.js';
import { Nullable } from '../platform/http/responses.js';

/**
 * The one JSON shape of a flight segment: offers (search, price), orders and reshop offers all
 * answer with it, so the same flight reads the same wherever it appears. Orders add `status`.
 */

// A plain enum (not a union of literals) so a wrong value reads `cabin must be one of: ...`.
export const CabinSchema = Type.Unsafe<'economy' | 'premium_economy' | 'business' | 'first'>({
  type: 'string',
  enum: ['economy', 'premium_economy', 'business', 'first'],
  description: 'Cabin class',
});

export const SegmentSchema = Type.Object(
  {
    segment_id: Type.String({
      description:
        'Stable id of the segment (`AA2687-JFKLAX-20261212`: marketing carrier and flight number, city pair, local departure date); the same in the offer, its order and a reshop offer. Select a seat map with it',
    }),
    origin: Type.String({ description: 'IATA airport code' }),
    destination: Type.String({ description: 'IATA airport code' }),
    departing_at: Type.String({ description: 'Local date-time at the origin airport, as the airline publishes it' }),
    arriving_at: Type.String({ description: 'Local date-time at the destination airport' }),
    marketing_carrier: Type.String({ description: 'IATA code of the airline that sells the flight under its own number' }),
    flight_number: Type.String({
      description:
        'Marketing flight number, digits only (`2687`); the flight is `marketing_carrier` + `flight_number` (`AA2687`). The same in offers, orders and reshop offers',
    }),
    operating_carrier: Type.String({
      description: 'IATA code of the airline that flies the segment (disclosed on every segment)',
    }),
    operating_carrier_name: Nullable(Type.String({ description: 'Name of the operating airline, where the airline gives it' })),
    operating_flight_number: Nullable(
      Type.String({ description: "The operating airline's own flight number, digits only; null when not given" }),
    ),
    aircraft: Nullable(Type.String({ description: 'IATA aircraft type code' })),
    cabin: Nullable(CabinSchema),
    cabin_marketing_name: Nullable(
      Type.String({
        description:
          "The airline's name for the cabin on this aircraft, e.g. `Flagship Business` on American's 777-300ER and A321T; null when the airline gives none",
      }),
    ),
    booking_class: Nullable(Type.String({ description: 'Reservation booking designator (RBD) of the fare, e.g. `Y`' })),
    duration_minutes: Nullable(Type.Integer({ description: 'Flying time of the segment' })),
  },
  { $id: 'Segment' },
);

export type SegmentJson = Static<typeof SegmentSchema>;

export function segmentJson(s: Segment): SegmentJson {
  return {
    segment_id: s.segmentId,
    origin: s.origin,
    destination: s.destination,
    departing_at: s.departingAt,
    arriving_at: s.arrivingAt,
    marketing_carrier: s.marketingCarrier,
    flight_number: s.marketingFlightNumber,
    operating_carrier: s.operatingCarrier,
    operating_carrier_name: s.operatingCarrierName,
    operating_flight_number: s.operatingFlightNumber,
    aircraft: s.aircraft,
    cabin: s.cabin,
    cabin_marketing_name: s.cabinMarketingName ?? null,
    booking_class: s.bookingClass,
    duration_minutes: s.durationMinutes,
  };
}

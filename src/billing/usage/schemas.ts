import { Type } from '@sinclair/typebox';
import { Nullable } from '../../platform/http/responses.js';
import { METER_SURFACES } from '../../platform/http/route-policy.js';

export const UsageQuerystring = Type.Object({
  from: Type.Optional(
    Type.String({ maxLength: 40, description: 'Date or date-time (UTC); default: the start of the billing period' }),
  ),
  to: Type.Optional(Type.String({ maxLength: 40, description: 'Date or date-time, exclusive; default: now' })),
  granularity: Type.Optional(Type.Union([Type.Literal('day'), Type.Literal('hour')], { default: 'day' })),
});

const BySurface = Type.Object(
  Object.fromEntries(METER_SURFACES.map((s) => [s, Type.Integer()])) as Record<
    (typeof METER_SURFACES)[number],
    ReturnType<typeof Type.Integer>
  >,
  { description: 'Served metered requests per surface' },
);

export const UsageReport = Type.Object({
  agencyId: Type.String(),
  planCode: Type.String(),
  periodStart: Type.String({ format: 'date-time' }),
  periodEnd: Type.String({ format: 'date-time' }),
  from: Type.String({ format: 'date-time' }),
  to: Type.String({ format: 'date-time' }),
  granularity: Type.Union([Type.Literal('day'), Type.Literal('hour')]),
  allowance: Type.Object({
    size: Type.Integer({ description: 'The one-off free allowance, in metered requests of developer-portal keys' }),
    used: Type.Integer(),
    left: Type.Integer(),
    stopsService: Type.Boolean({
      description: 'True on the free plan: past the allowance, portal keys answer 402 `payment_required`',
    }),
  }),
  totals: Type.Object({
    requests: BySurface,
    totalRequests: Type.Integer(),
    searches: Type.Integer({ description: 'Searches, cached ones included (they count as looks)' }),
    bookings: Type.Integer(),
    lookToBook: Nullable(Type.Number({ description: 'Searches per booking; null without bookings' })),
    byAirline: Type.Array(
      Type.Object({
        airline: Type.String({ description: 'IATA airline code' }),
        searches: Type.Integer({
          description: 'Searches that reached this airline (cache hits reach none), by UTC day of the range',
        }),
        bookings: Type.Integer({ description: 'Bookings this airline confirmed' }),
        lookToBook: Nullable(Type.Number({ description: "This airline's searches per booking; null without bookings" })),
      }),
      {
        description:
          'Look-to-book per airline, as each airline measures it on its own traffic: one search fanned out to two airlines is one look for each. Whole UTC days; searches are written every 5 s.',
      },
    ),
  }),
  buckets: Type.Array(
    Type.Object({
      start: Type.String({ format: 'date-time' }),
      requests: BySurface,
      searches: Type.Integer(),
      bookings: Type.Optional(Type.Integer({ description: 'Day buckets only' })),
    }),
  ),
});

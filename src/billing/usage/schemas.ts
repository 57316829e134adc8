import { Type } from '@sinclair/typebox';
import { withFormerSpellings } from '../../platform/http/deprecated-fields.js';
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

export const UsageReport = withFormerSpellings(
  Type.Object({
    agency_id: Type.String(),
    plan_code: Type.String(),
    period_start: Type.String({ format: 'date-time' }),
    period_end: Type.String({ format: 'date-time' }),
    from: Type.String({ format: 'date-time' }),
    to: Type.String({ format: 'date-time' }),
    granularity: Type.Union([Type.Literal('day'), Type.Literal('hour')]),
    allowance: withFormerSpellings(
      Type.Object({
        size: Type.Integer({ description: 'The one-off free allowance, in metered requests of developer-portal keys' }),
        used: Type.Integer(),
        left: Type.Integer(),
        stops_service: Type.Boolean({
          description: 'True on the free plan: past the allowance, portal keys answer 402 `payment_required`',
        }),
      }),
      ['stops_service'],
    ),
    totals: withFormerSpellings(
      Type.Object({
        requests: BySurface,
        total_requests: Type.Integer(),
        searches: Type.Integer({ description: 'Searches, cached ones included (they count as looks)' }),
        bookings: Type.Integer(),
        look_to_book: Nullable(Type.Number({ description: 'Searches per booking; null without bookings' })),
        by_airline: Type.Array(
          withFormerSpellings(
            Type.Object({
              airline: Type.String({ description: 'IATA airline code' }),
              searches: Type.Integer({
                description: 'Searches that reached this airline (cache hits reach none), by UTC day of the range',
              }),
              bookings: Type.Integer({ description: 'Bookings this airline confirmed' }),
              look_to_book: Nullable(Type.Number({ description: "This airline's searches per booking; null without bookings" })),
            }),
            ['look_to_book'],
          ),
          {
            description:
              'Look-to-book per airline, as each airline measures it on its own traffic: one search fanned out to two airlines is one look for each. Whole UTC days; searches are written every 5 s.',
          },
        ),
      }),
      ['total_requests', 'look_to_book', 'by_airline'],
    ),
    buckets: Type.Array(
      Type.Object({
        start: Type.String({ format: 'date-time' }),
        requests: BySurface,
        searches: Type.Integer(),
        bookings: Type.Optional(Type.Integer({ description: 'Day buckets only' })),
      }),
    ),
  }),
  ['agency_id', 'plan_code', 'period_start', 'period_end'],
);

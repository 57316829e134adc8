import { Type, type Static } from '@sinclair/typebox';
import { dateAhead, type RequestExamples } from '../platform/http/request-examples.js';
import { MAX_PASSENGERS, MAX_SLICES } from '../connectors/trip-limits.js';

/** The most airlines one search's `airlines` filter names. */
export const MAX_AIRLINES_FILTER = 20;
import { OfferSchema } from './offer-schema.js';
import { CabinSchema } from './segment-view.js';

// Codes, dates and the origin/destination pair are checked in search-validation.ts, not here, so
// their messages are the contract's own (`origin and destination are required`, `invalid departure_date`).
const AirportCode = Type.String({ description: 'Three-letter IATA airport code', examples: ['JFK'] });
const CalendarDate = Type.String({
  description: 'Calendar date YYYY-MM-DD, local to the origin; not in the past, and at most 331 days ahead (as airlines sell)',
  examples: ['2026-12-01'],
});

export const SliceRequestSchema = Type.Object(
  { origin: AirportCode, destination: AirportCode, departure_date: CalendarDate },
  { additionalProperties: false },
);

export const SearchRequestSchema = Type.Object(
  {
    origin: Type.Optional(
      Type.String({
        ...AirportCode,
        description:
          'Three-letter IATA airport code; must be in a different city from destination (JFK, LGA and EWR are one city). Required unless `slices` is given.',
      }),
    ),
    destination: Type.Optional(
      Type.String({ ...AirportCode, description: 'Three-letter IATA airport code. Required unless `slices` is given.' }),
    ),
    departure_date: Type.Optional(CalendarDate),
    return_date: Type.Optional(
      Type.String({
        description: 'Makes the search a round trip (destination back to origin) on this date; not before departure_date',
        examples: ['2026-12-08'],
      }),
    ),
    slices: Type.Optional(
      Type.Array(SliceRequestSchema, {
        minItems: 1,
        maxItems: MAX_SLICES,
        description:
          'Multi-city: one entry per flown slice, in travel order. Use instead of origin/destination/departure_date/return_date.',
      }),
    ),
    adults: Type.Integer({ minimum: 1, maximum: MAX_PASSENGERS, description: 'Passengers aged 12 or more; at least 1' }),
    children: Type.Optional(
      Type.Integer({ minimum: 0, maximum: MAX_PASSENGERS - 1, default: 0, description: 'Passengers aged 2 to 11' }),
    ),
    infants: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: MAX_PASSENGERS,
        default: 0,
        description: "Passengers under 2 on an adult's lap; not more than adults",
      }),
    ),
    cabin: Type.Optional(CabinSchema),
    max_connections: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 3,
        description: 'Most connections per slice (0: non-stop only). Default: whatever the airlines offer.',
      }),
    ),
    airlines: Type.Optional(
      Type.Array(Type.String({ pattern: '^[A-Za-z0-9]{2}$', description: 'IATA airline code' }), {
        minItems: 1,
        maxItems: MAX_AIRLINES_FILTER,
        description:
          'Only offers these airlines own (an offer\'s `airline`), whichever source sells them: `["BA"]` asks every source that can sell British Airways and keeps BA\'s offers. A source whose airlines are known and include none of them (AA\'s own connection for `["BA"]`) is not asked and has no `connectors` entry; an aggregator is asked for any airline. The same airline from two sources answers both sources\' offers, each with its own `source`. When no source can sell any of them, `offers` is null and `connectors` empty. Default: every airline',
      }),
    ),
    currency: Type.Optional(
      Type.String({
        description:
          "ISO 4217 code (three upper-case letters) to be priced in. Each source is asked for it where its protocol can ask (NDC `ResponseParameters/CurParameter`); an airline that does not sell in it answers in its own currency, and the answer then has a `currency_not_honoured` warning for that source. Amounts are never converted by the gateway. Default: each airline's currency for the point of departure.",
        examples: ['USD'],
      }),
    ),
    include_partner_operated: Type.Optional(
      Type.Boolean({
        default: false,
        description:
          'Include connections on which a partner airline operates a leg. Withheld by default: the carrier does not confirm them at booking, and order creation refuses them. Non-stop codeshares are always included.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type SearchRequestBody = Static<typeof SearchRequestSchema>;

export const ConnectorStatusSchema = Type.Object(
  {
    source: Type.String({
      description: 'The source asked (`AA`, `VS`, `DUFFEL`): one entry per source, whatever airlines its offers belong to',
    }),
    airline: Type.String({ description: 'The same code as `source`, under the name this entry first had' }),
    status: Type.Union([Type.Literal('answered'), Type.Literal('timed_out'), Type.Literal('failed')], {
      description:
        '`answered`: the airline replied (possibly with no flights); `timed_out`: no reply within the aggregator time-out; `failed`: the airline or the connection to it failed',
    }),
    offers: Type.Integer({ description: 'Offers this source contributed after filters' }),
    duration_ms: Type.Integer(),
    error: Type.Optional(Type.String({ description: 'Why it failed or timed out' })),
  },
  { $id: 'ConnectorStatus' },
);

export const UnknownAirportWarningSchema = Type.Object(
  {
    code: Type.Literal('unknown_airport', {
      description: '`unknown_airport`: a well-formed airport code that no imported data set knows (docs/shopping.md)',
    }),
    message: Type.String({ description: 'What is wrong, naming the field and the code' }),
    field: Type.String({ description: 'The request field, as sent: `origin`, `destination`, `slices[1].destination`' }),
    airport: Type.String({ description: 'The code that field carried, upper case' }),
  },
  { $id: 'UnknownAirportWarning' },
);
export type UnknownAirportWarning = Static<typeof UnknownAirportWarningSchema>;

export const CurrencyWarningSchema = Type.Object(
  {
    code: Type.Literal('currency_not_honoured', {
      description:
        "`currency_not_honoured`: offers of this source and airline are in another currency than the request's `currency` (docs/shopping.md)",
    }),
    message: Type.String({ description: 'What was asked, what came, and why when known' }),
    source: Type.String({ description: 'The source whose offers these are (`AA`, `VS`, `DUFFEL`)' }),
    airline: Type.String({ description: "The offers' owner airline (`airline` of each offer)" }),
    requested_currency: Type.String({ description: 'The `currency` of the request' }),
    currency: Type.String({
      description: 'The ISO 4217 currency those offers are in, as the airline sold them (never converted)',
    }),
  },
  { $id: 'CurrencyWarning' },
);
export type CurrencyWarning = Static<typeof CurrencyWarningSchema>;

/** The codes of a search answer's warnings: not error codes (the answer is a 200), so not in the error catalogue. */
export const SEARCH_WARNING_CODES = ['unknown_airport', 'currency_not_honoured'] as const;

/** What a search answer may warn of: an airport code no data set knows, offers not in the requested currency. */
export type SearchWarning = UnknownAirportWarning | CurrencyWarning;

export const SearchResponseSchema = Type.Object(
  {
    cached: Type.Boolean({ description: 'Served from the search cache' }),
    search_id: Type.String({ description: 'Prefixed `srch_`' }),
    expires_at: Type.String({
      description: 'When this result set goes stale: the earliest offer expiry, at most the cache time-to-live away',
    }),
    offers: Type.Union([Type.Array(OfferSchema), Type.Null()], { description: 'Null when no connected airline flies the route' }),
    connectors: Type.Array(ConnectorStatusSchema, {
      description: 'Per-source outcome, to tell "no flights" from "source down"; one entry per source asked (docs/connectors.md)',
    }),
    warnings: Type.Optional(
      Type.Array(Type.Union([UnknownAirportWarningSchema, CurrencyWarningSchema]), {
        minItems: 1,
        description:
          'Present only when there is something to warn of: each airport code of the request that no imported data set knows (`unknown_airport`, naming the field; the airlines are still asked, and `offers` is then usually null), and each source and airline whose offers are not in the requested `currency` (`currency_not_honoured`; their offers are still listed, in their own currency). Worked out for every answer, cached ones included.',
      }),
    ),
  },
  { $id: 'SearchResult' },
);

/** Example searches for the docs page: routes the AA test system flies, dates a month out. */
export const searchExamples = (now: Date): RequestExamples => ({
  one_way: {
    summary: 'One way, one adult',
    value: { origin: 'JFK', destination: 'LAX', departure_date: dateAhead(now, 30), adults: 1 },
  },
  round_trip: {
    summary: 'Round trip, two adults and a child, non-stop only',
    value: {
      origin: 'JFK',
      destination: 'LAX',
      departure_date: dateAhead(now, 45),
      return_date: dateAhead(now, 52),
      adults: 2,
      children: 1,
      cabin: 'economy',
      max_connections: 0,
    },
  },
  multi_city: {
    summary: 'Multi-city: New York to Los Angeles, then Los Angeles to Dallas',
    value: {
      slices: [
        { origin: 'JFK', destination: 'LAX', departure_date: dateAhead(now, 30) },
        { origin: 'LAX', destination: 'DFW', departure_date: dateAhead(now, 37) },
      ],
      adults: 1,
    },
  },
});

import { Type, type Static } from '@sinclair/typebox';
import { withFormerSpellings } from '../../platform/http/deprecated-fields.js';
import { Nullable } from '../../platform/http/responses.js';
import { PLAN_CODES } from '../plans/catalogue.js';
import { BILLING_STATUSES } from './terms.js';

export const AgencyParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 100, description: 'Agency id (`agc_...`)' }),
});

const count = (description: string, minimum = 1) => Nullable(Type.Integer({ minimum, maximum: 1_000_000_000, description }));

export const TermsRecord = withFormerSpellings(
  Type.Object({
    agency_id: Type.String(),
    name: Type.String(),
    plan_code: Type.String({ description: `Plan in the catalogue (${PLAN_CODES.join(', ')}); see docs/plans.md` }),
    plan_known: Type.Boolean({
      description: 'False when the plan code is not in the catalogue: portal keys answer 403 `unknown_plan`',
    }),
    payment_method: withFormerSpellings(Type.Object({ on_file: Type.Boolean(), reference: Nullable(Type.String()) }), [
      'on_file',
    ]),
    billing_status: Type.Union(BILLING_STATUSES.map((s) => Type.Literal(s))),
    period_start: Type.String({ format: 'date-time', description: 'Current monthly billing period, anchored at sign-up' }),
    period_end: Type.String({ format: 'date-time' }),
    live: Type.Boolean({ description: 'Live keys may be created' }),
    iata_number: Nullable(Type.String({ description: 'IATA/BSP accreditation number: ticketing in production needs it' })),
    search_rate_per_minute: Type.Integer(),
    search_rate_is_default: Type.Boolean(),
    free_allowance: Type.Integer({ description: 'One-off free allowance in metered requests' }),
    free_allowance_is_default: Type.Boolean({ description: 'True while it follows FREE_ALLOWANCE_REQUESTS' }),
    daily_search_ceiling: Nullable(Type.Integer()),
    monthly_search_ceiling: Nullable(Type.Integer({ description: 'Searches per billing period' })),
    look_to_book_ceiling: Nullable(Type.Integer({ description: 'Searches per booking in a UTC day' })),
    updated_at: Nullable(Type.String({ format: 'date-time' })),
  }),
  [
    'agency_id',
    'plan_code',
    'plan_known',
    'payment_method',
    'billing_status',
    'period_start',
    'period_end',
    'iata_number',
    'search_rate_per_minute',
    'search_rate_is_default',
    'free_allowance',
    'free_allowance_is_default',
    'daily_search_ceiling',
    'monthly_search_ceiling',
    'look_to_book_ceiling',
    'updated_at',
  ],
);

export const TermsPatchBody = withFormerSpellings(
  Type.Object(
    {
      plan_code: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
      force: Type.Optional(Type.Boolean({ description: 'Record a plan code that is not in the catalogue' })),
      payment_method_ref: Type.Optional(
        Nullable(
          Type.String({ minLength: 1, maxLength: 200, description: 'Reference at the payment provider; null: none on file' }),
        ),
      ),
      billing_status: Type.Optional(Type.Union(BILLING_STATUSES.map((s) => Type.Literal(s)))),
      free_allowance: Type.Optional(count('null: FREE_ALLOWANCE_REQUESTS', 0)),
      live: Type.Optional(Type.Boolean({ description: 'Going live is audited and mailed to the owners' })),
      iata_number: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
      search_rate_per_minute: Type.Optional(count('null: the configured default')),
      daily_search_ceiling: Type.Optional(count('null: none')),
      monthly_search_ceiling: Type.Optional(count('null: none')),
      look_to_book_ceiling: Type.Optional(count('null: none')),
    },
    { additionalProperties: false, minProperties: 1 },
  ),
  [
    'plan_code',
    'payment_method_ref',
    'billing_status',
    'free_allowance',
    'iata_number',
    'search_rate_per_minute',
    'daily_search_ceiling',
    'monthly_search_ceiling',
    'look_to_book_ceiling',
  ],
);
export type TermsPatch = Static<typeof TermsPatchBody>;

export const AgencyList = Type.Object({ agencies: Type.Array(TermsRecord) });

export const AgencyListQuery = withFormerSpellings(
  Type.Object({
    plan_code: Type.Optional(Type.String({ maxLength: 40 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
  }),
  ['plan_code'],
);

export const OwnAgencyPatchBody = withFormerSpellings(
  Type.Object(
    {
      iata_number: Nullable(
        Type.String({ maxLength: 20, description: 'IATA/BSP accreditation number (7 or 8 digits); null or empty clears it' }),
      ),
    },
    { additionalProperties: false },
  ),
  ['iata_number'],
);

export const OwnAgencyRecord = withFormerSpellings(
  Type.Object({
    agency_id: Type.String(),
    name: Type.String(),
    plan_code: Type.String(),
    live: Type.Boolean({ description: 'Live keys may be created (an operator turns this on)' }),
    iata_number: Nullable(Type.String()),
    billing_status: Type.Union(BILLING_STATUSES.map((s) => Type.Literal(s))),
    payment_method_on_file: Type.Boolean(),
    period_start: Type.String({ format: 'date-time', description: 'Current monthly billing period, anchored at sign-up' }),
    period_end: Type.String({ format: 'date-time' }),
    search_rate_per_minute: Type.Integer({ description: 'Searches a minute before 429 (the RateLimit-* headers say the same)' }),
    daily_search_ceiling: Nullable(Type.Integer({ description: 'Searches per UTC day; null: none' })),
    monthly_search_ceiling: Nullable(Type.Integer({ description: 'Searches per billing period; null: none' })),
    look_to_book_ceiling: Nullable(Type.Integer({ description: 'Searches per booking in a UTC day; null: none' })),
  }),
  [
    'agency_id',
    'plan_code',
    'iata_number',
    'billing_status',
    'payment_method_on_file',
    'period_start',
    'period_end',
    'search_rate_per_minute',
    'daily_search_ceiling',
    'monthly_search_ceiling',
    'look_to_book_ceiling',
  ],
);

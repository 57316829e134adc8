import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../../platform/http/responses.js';
import { PLAN_CODES } from '../plans/catalogue.js';
import { BILLING_STATUSES } from './terms.js';

export const AgencyParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 100, description: 'Agency id (`agc_...`)' }),
});

const count = (description: string, minimum = 1) => Nullable(Type.Integer({ minimum, maximum: 1_000_000_000, description }));

export const TermsRecord = Type.Object({
  agencyId: Type.String(),
  name: Type.String(),
  planCode: Type.String({ description: `Plan in the catalogue (${PLAN_CODES.join(', ')}); see docs/plans.md` }),
  planKnown: Type.Boolean({
    description: 'False when the plan code is not in the catalogue: portal keys answer 403 `unknown_plan`',
  }),
  paymentMethod: Type.Object({ onFile: Type.Boolean(), reference: Nullable(Type.String()) }),
  billingStatus: Type.Union(BILLING_STATUSES.map((s) => Type.Literal(s))),
  periodStart: Type.String({ format: 'date-time', description: 'Current monthly billing period, anchored at sign-up' }),
  periodEnd: Type.String({ format: 'date-time' }),
  live: Type.Boolean({ description: 'Live keys may be created' }),
  iataNumber: Nullable(Type.String({ description: 'IATA/BSP accreditation number: ticketing in production needs it' })),
  searchRatePerMinute: Type.Integer(),
  searchRateIsDefault: Type.Boolean(),
  freeAllowance: Type.Integer({ description: 'One-off free allowance in metered requests' }),
  freeAllowanceIsDefault: Type.Boolean({ description: 'True while it follows FREE_ALLOWANCE_REQUESTS' }),
  dailySearchCeiling: Nullable(Type.Integer()),
  monthlySearchCeiling: Nullable(Type.Integer({ description: 'Searches per billing period' })),
  lookToBookCeiling: Nullable(Type.Integer({ description: 'Searches per booking in a UTC day' })),
  updatedAt: Nullable(Type.String({ format: 'date-time' })),
});

export const TermsPatchBody = Type.Object(
  {
    planCode: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    force: Type.Optional(Type.Boolean({ description: 'Record a plan code that is not in the catalogue' })),
    paymentMethodRef: Type.Optional(
      Nullable(
        Type.String({ minLength: 1, maxLength: 200, description: 'Reference at the payment provider; null: none on file' }),
      ),
    ),
    billingStatus: Type.Optional(Type.Union(BILLING_STATUSES.map((s) => Type.Literal(s)))),
    freeAllowance: Type.Optional(count('null: FREE_ALLOWANCE_REQUESTS', 0)),
    live: Type.Optional(Type.Boolean({ description: 'Going live is audited and mailed to the owners' })),
    iataNumber: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
    searchRatePerMinute: Type.Optional(count('null: the configured default')),
    dailySearchCeiling: Type.Optional(count('null: none')),
    monthlySearchCeiling: Type.Optional(count('null: none')),
    lookToBookCeiling: Type.Optional(count('null: none')),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type TermsPatch = Static<typeof TermsPatchBody>;

export const AgencyList = Type.Object({ agencies: Type.Array(TermsRecord) });

export const AgencyListQuery = Type.Object({
  planCode: Type.Optional(Type.String({ maxLength: 40 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
});

export const OwnAgencyPatchBody = Type.Object(
  {
    iataNumber: Nullable(
      Type.String({ maxLength: 20, description: 'IATA/BSP accreditation number (7 or 8 digits); null or empty clears it' }),
    ),
  },
  { additionalProperties: false },
);

export const OwnAgencyRecord = Type.Object({
  agencyId: Type.String(),
  name: Type.String(),
  planCode: Type.String(),
  live: Type.Boolean({ description: 'Live keys may be created (an operator turns this on)' }),
  iataNumber: Nullable(Type.String()),
  billingStatus: Type.Union(BILLING_STATUSES.map((s) => Type.Literal(s))),
  paymentMethodOnFile: Type.Boolean(),
  periodStart: Type.String({ format: 'date-time', description: 'Current monthly billing period, anchored at sign-up' }),
  periodEnd: Type.String({ format: 'date-time' }),
  searchRatePerMinute: Type.Integer({ description: 'Searches a minute before 429 (the RateLimit-* headers say the same)' }),
  dailySearchCeiling: Nullable(Type.Integer({ description: 'Searches per UTC day; null: none' })),
  monthlySearchCeiling: Nullable(Type.Integer({ description: 'Searches per billing period; null: none' })),
  lookToBookCeiling: Nullable(Type.Integer({ description: 'Searches per booking in a UTC day; null: none' })),
});

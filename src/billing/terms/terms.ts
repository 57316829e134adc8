import type { Config } from '../../platform/config.js';
import { DEFAULT_PLAN_CODE, planOf } from '../plans/catalogue.js';
import { billingPeriod, type BillingPeriod } from './period.js';
import type { TermsRow } from './store.js';

export const BILLING_STATUSES = ['active', 'past_due', 'delinquent'] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];

/** One agency's account terms as every part of billing reads them: defaults already applied. */
export interface AccountTerms {
  agencyId: string;
  name: string;
  planCode: string;
  /** False when the plan code is not (or no longer) in the catalogue: 403 `unknown_plan`. */
  planKnown: boolean;
  paymentMethodRef: string | null;
  billingStatus: BillingStatus;
  /** The sign-up instant: billing periods are anchored at its day. */
  anchor: Date;
  live: boolean;
  iataNumber: string | null;
  /** The agency's own search rate per minute; null: the configured default. */
  searchRatePerMinute: number | null;
  /** The one-off free allowance in metered requests (the agency's own, or FREE_ALLOWANCE_REQUESTS). */
  freeAllowance: number;
  freeAllowanceIsDefault: boolean;
  dailySearchCeiling: number | null;
  monthlySearchCeiling: number | null;
  lookToBookCeiling: number | null;
  updatedAt: Date | null;
}

export function toTerms(row: TermsRow, config: Pick<Config, 'billing'>): AccountTerms {
  const planCode = row.plan_code ?? DEFAULT_PLAN_CODE;
  return {
    agencyId: row.agency_id,
    name: row.name,
    planCode,
    planKnown: planOf(planCode) !== null,
    paymentMethodRef: row.payment_method_ref,
    billingStatus: row.billing_status ?? 'active',
    anchor: row.created_at,
    live: row.live,
    iataNumber: row.iata_number,
    searchRatePerMinute: row.search_rate_limit,
    freeAllowance: row.free_allowance ?? config.billing.freeAllowanceRequests,
    freeAllowanceIsDefault: row.free_allowance === null,
    dailySearchCeiling: row.daily_search_ceiling,
    monthlySearchCeiling: row.monthly_search_ceiling,
    lookToBookCeiling: row.look_to_book_ceiling,
    updatedAt: row.terms_updated_at,
  };
}

export function periodOf(terms: AccountTerms, now: Date): BillingPeriod {
  return billingPeriod(terms.anchor, now);
}

/** The terms as the admin API, the portal and `flightagg agency show --json` print them. */
export function termsView(terms: AccountTerms, now: Date, defaultSearchRate: number) {
  const period = periodOf(terms, now);
  return {
    agencyId: terms.agencyId,
    name: terms.name,
    planCode: terms.planCode,
    planKnown: terms.planKnown,
    paymentMethod: { onFile: terms.paymentMethodRef !== null, reference: terms.paymentMethodRef },
    billingStatus: terms.billingStatus,
    periodStart: period.start.toISOString(),
    periodEnd: period.end.toISOString(),
    live: terms.live,
    iataNumber: terms.iataNumber,
    searchRatePerMinute: terms.searchRatePerMinute ?? defaultSearchRate,
    searchRateIsDefault: terms.searchRatePerMinute === null,
    freeAllowance: terms.freeAllowance,
    freeAllowanceIsDefault: terms.freeAllowanceIsDefault,
    dailySearchCeiling: terms.dailySearchCeiling,
    monthlySearchCeiling: terms.monthlySearchCeiling,
    lookToBookCeiling: terms.lookToBookCeiling,
    updatedAt: terms.updatedAt?.toISOString() ?? null,
  };
}

export type TermsView = ReturnType<typeof termsView>;

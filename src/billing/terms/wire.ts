import type { Static } from '@sinclair/typebox';
import type { OwnAgencyRecord, TermsPatch, TermsRecord } from './schemas.js';
import type { TermsChange } from './service.js';
import type { TermsView } from './terms.js';

/** An agency's terms as the admin API answers them (snake_case; termsView is the CLI's and the service's shape). */
export function termsRecord(v: TermsView): Static<typeof TermsRecord> {
  return {
    agency_id: v.agencyId,
    name: v.name,
    plan_code: v.planCode,
    plan_known: v.planKnown,
    payment_method: { on_file: v.paymentMethod.onFile, reference: v.paymentMethod.reference },
    billing_status: v.billingStatus,
    period_start: v.periodStart,
    period_end: v.periodEnd,
    live: v.live,
    iata_number: v.iataNumber,
    search_rate_per_minute: v.searchRatePerMinute,
    search_rate_is_default: v.searchRateIsDefault,
    free_allowance: v.freeAllowance,
    free_allowance_is_default: v.freeAllowanceIsDefault,
    daily_search_ceiling: v.dailySearchCeiling,
    monthly_search_ceiling: v.monthlySearchCeiling,
    look_to_book_ceiling: v.lookToBookCeiling,
    updated_at: v.updatedAt,
  };
}

/** What an agency's members see of its terms: no payment reference, no operator-only flags. */
export function ownAgencyRecord(v: TermsView): Static<typeof OwnAgencyRecord> {
  return {
    agency_id: v.agencyId,
    name: v.name,
    plan_code: v.planCode,
    live: v.live,
    iata_number: v.iataNumber,
    billing_status: v.billingStatus,
    payment_method_on_file: v.paymentMethod.onFile,
    period_start: v.periodStart,
    period_end: v.periodEnd,
    search_rate_per_minute: v.searchRatePerMinute,
    daily_search_ceiling: v.dailySearchCeiling,
    monthly_search_ceiling: v.monthlySearchCeiling,
    look_to_book_ceiling: v.lookToBookCeiling,
  };
}

/** An operator's PATCH body as the service takes it; an absent field stays absent (untouched). */
export function toChange(body: TermsPatch): TermsChange {
  const change: TermsChange = {};
  if (body.plan_code !== undefined) change.planCode = body.plan_code;
  if (body.force !== undefined) change.force = body.force;
  if (body.payment_method_ref !== undefined) change.paymentMethodRef = body.payment_method_ref;
  if (body.billing_status !== undefined) change.billingStatus = body.billing_status;
  if (body.free_allowance !== undefined) change.freeAllowance = body.free_allowance;
  if (body.live !== undefined) change.live = body.live;
  if (body.iata_number !== undefined) change.iataNumber = body.iata_number;
  if (body.search_rate_per_minute !== undefined) change.searchRatePerMinute = body.search_rate_per_minute;
  if (body.daily_search_ceiling !== undefined) change.dailySearchCeiling = body.daily_search_ceiling;
  if (body.monthly_search_ceiling !== undefined) change.monthlySearchCeiling = body.monthly_search_ceiling;
  if (body.look_to_book_ceiling !== undefined) change.lookToBookCeiling = body.look_to_book_ceiling;
  return change;
}

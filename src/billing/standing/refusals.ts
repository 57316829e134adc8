import { AppError } from '../../platform/errors.js';
import { HOLD_MS, type Refusal } from '../metering/counter.js';
import { periodOf, type AccountTerms } from '../terms/terms.js';
import { secondsUntil, utcDay } from '../terms/period.js';

export type StandingReason = 'unknown_plan' | 'delinquent' | 'past_due' | 'payment_method_required' | 'payment_required';

/** The structured body fields of a 402, 403 `unknown_plan` or allowance 429 (the contract's Errors). */
function accountFields(
  terms: AccountTerms,
  { reason, message, now, docsUrl }: { reason: string; message: string; now: Date; docsUrl: string },
) {
  const period = periodOf(terms, now);
  return {
    reason,
    message,
    plan_code: terms.planCode,
    period_start: period.start.toISOString(),
    period_end: period.end.toISOString(),
    docs_url: docsUrl,
  };
}

const STANDING: Record<StandingReason, { status: 402 | 403; error: string; message(terms: AccountTerms): string }> = {
  unknown_plan: {
    status: 403,
    error: 'the account’s plan is not in the pricing catalogue',
    message: (t) => `The plan ${t.planCode} is not offered any more. Ask us to move the account to a current plan.`,
  },
  delinquent: {
    status: 402,
    error: 'the account is delinquent',
    message: () => 'Payments on this account have failed repeatedly. Settle the open invoices to resume service.',
  },
  past_due: {
    status: 402,
    error: 'the account is past due',
    message: () => 'An invoice on this account is past due. Pay it to resume service.',
  },
  payment_method_required: {
    status: 402,
    error: 'a payment method is required',
    message: (t) => `The ${t.planCode} plan needs a payment method on file. Add one in the developer portal to resume service.`,
  },
  payment_required: {
    status: 402,
    error: 'payment required: the free allowance is used up',
    message: (t) =>
      `The one-off free allowance of ${t.freeAllowance} requests is used up. Add a payment method and move to the payg plan to continue.`,
  },
};

export function standingRefusal(terms: AccountTerms, reason: StandingReason, now: Date, docsUrl: string): AppError {
  const s = STANDING[reason];
  return new AppError(s.status, reason, s.error, {
    fields: accountFields(terms, { reason, message: s.message(terms), now, docsUrl }),
  });
}

/** A refusal of the meter's admission: the allowance (402, burst 429) or a search ceiling (429). */
export function admissionRefusal(terms: AccountTerms, refusal: Refusal, now: Date, docsUrl: string): AppError {
  if (refusal === 'payment_required') return standingRefusal(terms, 'payment_required', now, docsUrl);
  const day = utcDay(now);
  const ceilings: Record<Exclude<Refusal, 'payment_required'>, { retryAfter: number; error: string; message: string }> = {
    allowance_burst: {
      retryAfter: HOLD_MS / 1000,
      error: 'too many requests in flight for the free requests left',
      message: `Calls of the last two minutes already hold every free request left of the ${terms.freeAllowance}-request allowance. Retry once they have finished; nothing is billed for this answer.`,
    },
    daily_ceiling: {
      retryAfter: secondsUntil(day.end, now),
      error: `daily search ceiling reached: ${terms.dailySearchCeiling} searches a day`,
      message: `The account's daily ceiling of ${terms.dailySearchCeiling} searches is reached; it lifts at 00:00 UTC.`,
    },
    monthly_ceiling: {
      retryAfter: secondsUntil(periodOf(terms, now).end, now),
      error: `monthly search ceiling reached: ${terms.monthlySearchCeiling} searches a billing period`,
      message: `The account's ceiling of ${terms.monthlySearchCeiling} searches in this billing period is reached; it lifts when the next period starts.`,
    },
    look_to_book: {
      retryAfter: secondsUntil(day.end, now),
      error: `look-to-book ceiling reached: ${terms.lookToBookCeiling} searches per booking`,
      message: `The account may make ${terms.lookToBookCeiling} searches per booking each UTC day (and as many before the first). A booking lifts it at once; otherwise it lifts at 00:00 UTC.`,
    },
  };
  const c = ceilings[refusal];
  return new AppError(429, refusal, c.error, {
    fields: accountFields(terms, { reason: refusal, message: c.message, now, docsUrl }),
    headers: {
      'Retry-After': String(c.retryAfter),
    },
  });
}

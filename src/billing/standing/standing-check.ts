import { planOf } from '../plans/catalogue.js';
import type { AccountTerms } from '../terms/terms.js';
import type { StandingReason } from './refusals.js';

/**
 * The standing check of a developer-portal key, in the documented order (docs/plans.md): unknown
 * plan, delinquent, past due, missing payment method. The last step, an exhausted free allowance,
 * needs the live count and is taken by the meter's admission. Null: in good standing.
 */
export function standingOf(terms: AccountTerms): Exclude<StandingReason, 'payment_required'> | null {
  const plan = planOf(terms.planCode);
  if (!plan) return 'unknown_plan';
  if (terms.billingStatus === 'delinquent') return 'delinquent';
  if (terms.billingStatus === 'past_due') return 'past_due';
  if (plan.needsPaymentMethod && terms.paymentMethodRef === null) return 'payment_method_required';
  return null;
}

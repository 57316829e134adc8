/**
 * The plan catalogue (docs/plans.md). A plan says whether the account needs a payment method on
 * file and whether it stops at the one-off free allowance; prices are agreed outside the service,
 * which only counts (`flightagg usage export` feeds invoicing).
 */
export interface Plan {
  code: string;
  name: string;
  /** The standing check answers 402 `payment_method_required` while none is on file. */
  needsPaymentMethod: boolean;
  /** Stops at the free allowance (402 `payment_required`); otherwise requests beyond it are billable. */
  stopsAtAllowance: boolean;
  description: string;
}

export const PLANS: readonly Plan[] = Object.freeze([
  {
    code: 'free',
    name: 'Free',
    needsPaymentMethod: false,
    stopsAtAllowance: true,
    description:
      'The one-off free allowance only (FREE_ALLOWANCE_REQUESTS metered requests for the life of the account); no payment method.',
  },
  {
    code: 'payg',
    name: 'Pay as you go',
    needsPaymentMethod: true,
    stopsAtAllowance: false,
    description: 'The free allowance first, then every metered request is billable; needs a payment method on file.',
  },
]);

/** Agencies made by sign-up, and any agency with no plan recorded, are on this plan. */
export const DEFAULT_PLAN_CODE = 'free';

export const PLAN_CODES = PLANS.map((p) => p.code);

/** The plan of a code, or null for one that is not (or no longer) in the catalogue: 403 `unknown_plan`. */
export function planOf(code: string): Plan | null {
  return BY_CODE.get(code) ?? null;
}

// Looked up on every metered request: a map, not a search with a new callback each time.
const BY_CODE: ReadonlyMap<string, Plan> = new Map(PLANS.map((p) => [p.code, p]));

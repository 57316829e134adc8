import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBilling, type BillingHarness } from './billing-harness.js';

// Any metered route will do: monitoring is served from the database, never from an airline.
const METERED = '/v1/monitoring/airlines';
const DAY_MS = 86_400_000;

let h: BillingHarness;
beforeAll(async () => {
  h = await startBilling();
});
afterAll(() => h?.close());

describe('the free allowance across billing periods', () => {
  it('is one-off for the life of the account: a new billing period does not refill it', async () => {
    const a = await h.agency({ freeAllowance: 4 });
    const first: number[] = [];
    for (let i = 0; i < 3; i++) first.push((await h.get(a.secret, METERED)).statusCode);
    expect(first).toEqual([200, 200, 200]);
    const before = await h.billing.usage.report(a.agencyId, {});

    // Past the end of the monthly period anchored at sign-up (a period is at most 31 days).
    h.advance(32 * DAY_MS);
    const after: number[] = [];
    for (let i = 0; i < 3; i++) after.push((await h.get(a.secret, METERED)).statusCode);
    expect(after, 'one request was left of the four, in whichever period').toEqual([200, 402, 402]);

    const refused = (await h.get(a.secret, METERED)).json<Record<string, string>>();
    expect(refused).toMatchObject({ reason: 'payment_required', plan_code: 'free' });
    // The refusal names the new period: the allowance did not start again with it.
    expect(new Date(refused.period_start!).getTime()).toBeGreaterThanOrEqual(new Date(before.period_end).getTime());
    expect(new Date(refused.period_start!).getTime()).toBeLessThanOrEqual(h.clock().getTime());
    const report = await h.billing.usage.report(a.agencyId, {});
    expect(report.allowance).toEqual({ size: 4, used: 4, left: 0, stops_service: true });
  });
});

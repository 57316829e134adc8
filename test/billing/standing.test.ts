import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TermsChange } from '../../src/billing/terms/service.js';
import { REFUSAL_FIELDS, startBilling, type BillingHarness } from './billing-harness.js';

// Any metered route will do: monitoring is served from the database, never from an airline.
const METERED = '/v1/monitoring/airlines';

let h: BillingHarness;
beforeAll(async () => {
  h = await startBilling();
});
afterAll(() => h?.close());

async function refusal(secret: string) {
  const res = await h.get(secret, METERED);
  return { status: res.statusCode, body: res.json<Record<string, unknown>>(), headers: res.headers };
}

/** Served metered requests of an agency, as the usage report counts them. */
async function served(agencyId: string): Promise<number> {
  return (await h.billing.usage.report(agencyId, {})).totals.total_requests;
}

describe('the standing check of a developer-portal key', () => {
  it('answers 403 unknown_plan for a plan outside the catalogue, with the structured body', async () => {
    const a = await h.agency({ planCode: 'bogus_plan', force: true });
    const r = await refusal(a.secret);
    expect(r.status).toBe(403);
    expect(Object.keys(r.body).sort()).toEqual(REFUSAL_FIELDS);
    const now = h.clock();
    expect(r.body).toMatchObject({
      reason: 'unknown_plan',
      code: 'unknown_plan',
      plan_code: 'bogus_plan',
      docs_url: 'https://gateway.test/docs',
      request_id: r.headers['x-request-id'],
    });
    // The monthly period anchored at sign-up (today) holds now.
    expect(new Date(r.body.period_start as string).getTime()).toBeLessThanOrEqual(now.getTime());
    expect(new Date(r.body.period_end as string).getTime()).toBeGreaterThan(now.getTime());
    expect(r.body.period_start).toBe(`${now.toISOString().slice(0, 10)}T00:00:00.000Z`);
  });

  it.each<[string, TermsChange]>([
    ['delinquent', { billingStatus: 'delinquent' }],
    ['past_due', { billingStatus: 'past_due' }],
    ['payment_method_required', { planCode: 'payg' }],
  ])('answers 402 %s', async (reason, terms) => {
    const a = await h.agency(terms);
    const r = await refusal(a.secret);
    expect(r.status).toBe(402);
    expect(Object.keys(r.body).sort()).toEqual(REFUSAL_FIELDS);
    expect(r.body).toMatchObject({ reason, plan_code: terms.planCode ?? 'free', docs_url: 'https://gateway.test/docs' });
    expect(typeof r.body.message).toBe('string');
  });

  it('answers 402 payment_required once the free allowance is used up, after exactly that many calls', async () => {
    const a = await h.agency({ freeAllowance: 4 });
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await h.get(a.secret, METERED)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 402, 402, 402]);
    const r = await refusal(a.secret);
    expect(r.body).toMatchObject({ reason: 'payment_required', plan_code: 'free' });
    expect(Object.keys(r.body).sort()).toEqual(REFUSAL_FIELDS);
    // Nothing is billed for a 402: usage counts the four served calls.
    expect(await served(a.agencyId)).toBe(4);
    const report = await h.billing.usage.report(a.agencyId, {});
    expect(report.allowance).toEqual({ size: 4, used: 4, left: 0, stops_service: true });
  });

  it('checks in the documented order: unknown plan, delinquent, past due, payment method, allowance', async () => {
    const a = await h.agency({ planCode: 'gone', force: true, billingStatus: 'delinquent', freeAllowance: 0 });
    expect((await refusal(a.secret)).body.reason).toBe('unknown_plan');
    await h.billing.terms.change(a.agencyId, { planCode: 'payg' }, { via: 'cli' });
    expect((await refusal(a.secret)).body.reason).toBe('delinquent');
    await h.billing.terms.change(a.agencyId, { billingStatus: 'past_due' }, { via: 'cli' });
    expect((await refusal(a.secret)).body.reason).toBe('past_due');
    await h.billing.terms.change(a.agencyId, { billingStatus: 'active' }, { via: 'cli' });
    expect((await refusal(a.secret)).body.reason).toBe('payment_method_required');
    // payg with a payment method: past the allowance, requests are billable, not refused.
    await h.billing.terms.change(a.agencyId, { paymentMethodRef: 'pm_test_4242' }, { via: 'cli' });
    expect((await refusal(a.secret)).status).toBe(200);
    await h.billing.terms.change(a.agencyId, { planCode: 'free' }, { via: 'cli' });
    expect((await refusal(a.secret)).body.reason).toBe('payment_required');
  });

  it('takes a change of terms at the next request', async () => {
    const a = await h.agency({ freeAllowance: 1 });
    expect((await h.get(a.secret, METERED)).statusCode).toBe(200);
    expect((await h.get(a.secret, METERED)).statusCode).toBe(402);
    await h.billing.terms.change(a.agencyId, { freeAllowance: 3 }, { via: 'cli' });
    expect((await h.get(a.secret, METERED)).statusCode).toBe(200);
  });
});

describe('keys without a standing check', () => {
  it('an agency key on an unknown plan or a used-up allowance is served, and still metered', async () => {
    const a = await h.agency({ planCode: 'bogus_plan', force: true, billingStatus: 'delinquent', freeAllowance: 0 }, 'agency');
    for (let i = 0; i < 3; i++) expect((await h.get(a.secret, METERED)).statusCode).toBe(200);
    expect(await served(a.agencyId)).toBe(3);
    const report = await h.billing.usage.report(a.agencyId, {});
    expect(report.totals.requests.monitoring).toBe(3);
    // The allowance is the portal keys' alone.
    expect(report.allowance.used).toBe(0);
  });

  it('a static key is served and metered under its own id', async () => {
    const { key, secret } = await h.gateway.apiKeys.create(
      { agencyId: null, kind: 'static', environment: 'test' },
      { via: 'cli' },
    );
    expect((await h.get(secret, METERED)).statusCode).toBe(200);
    await h.billing.meter.flush();
    const { rows } = await sql<{ n: string }>`
      select sum(requests)::text as n from usage_counts where api_key_id = ${key.id}`.execute(h.platform.db);
    expect(Number(rows[0]?.n)).toBe(1);
  });
});

describe('a request the meter does not cover', () => {
  it('is not refused: an unmetered route (health) answers for a key whose account would be refused', async () => {
    const a = await h.agency({ planCode: 'bogus_plan', force: true });
    expect((await h.get(a.secret, '/v1/health')).statusCode).toBe(200);
    expect((await refusal(a.secret)).status).toBe(403);
  });
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBilling, type BillingHarness } from './billing-harness.js';

let h: BillingHarness;
let operator: string;
beforeAll(async () => {
  h = await startBilling();
  const op = await h.user({ agencyId: null, permissions: ['billing.manage'] });
  operator = await h.operatorToken(op.email);
});
afterAll(() => h?.close());

async function events(agencyId: string, kind: string) {
  const { rows } = await sql<{ kind: string; user_id: string | null; detail: Record<string, unknown> }>`
    select kind, user_id, detail from security_events where agency_id = ${agencyId} and kind = ${kind} order by id`.execute(
    h.platform.db,
  );
  return rows;
}

describe('GET and PATCH /v1/admin/agencies/{id}', () => {
  it('shows the defaults of an agency made by sign-up or the CLI: free plan, active, no method, the configured allowance', async () => {
    const a = await h.agency();
    const res = await h.request(operator, 'GET', `/v1/admin/agencies/${a.agencyId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      agency_id: a.agencyId,
      plan_code: 'free',
      plan_known: true,
      payment_method: { on_file: false, reference: null },
      billing_status: 'active',
      live: false,
      iata_number: null,
      search_rate_per_minute: 60,
      search_rate_is_default: true,
      free_allowance: 20,
      free_allowance_is_default: true,
      daily_search_ceiling: null,
      monthly_search_ceiling: null,
      look_to_book_ceiling: null,
    });
  });

  it('changes only the named terms, audits who changed what, and clears with null', async () => {
    const a = await h.agency();
    const patch = {
      plan_code: 'payg',
      payment_method_ref: 'pm_card_4242',
      billing_status: 'past_due',
      free_allowance: 500,
      iata_number: '1234 567-8',
      search_rate_per_minute: 120,
      daily_search_ceiling: 1000,
      monthly_search_ceiling: 20000,
      look_to_book_ceiling: 300,
    };
    const res = await h.request(operator, 'PATCH', `/v1/admin/agencies/${a.agencyId}`, patch);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      plan_code: 'payg',
      payment_method: { on_file: true, reference: 'pm_card_4242' },
      billing_status: 'past_due',
      free_allowance: 500,
      free_allowance_is_default: false,
      iata_number: '12345678',
      search_rate_per_minute: 120,
      daily_search_ceiling: 1000,
      monthly_search_ceiling: 20000,
      look_to_book_ceiling: 300,
    });
    const [audit] = await events(a.agencyId, 'agency.terms_changed');
    expect(audit?.user_id).toBeTruthy();
    expect(audit?.detail).toMatchObject({
      via: 'admin',
      changes: { planCode: { from: 'free', to: 'payg' }, dailySearchCeiling: { from: null, to: 1000 } },
    });

    const cleared = await h.request(operator, 'PATCH', `/v1/admin/agencies/${a.agencyId}`, {
      daily_search_ceiling: null,
      payment_method_ref: null,
      free_allowance: null,
    });
    expect(cleared.json()).toMatchObject({
      daily_search_ceiling: null,
      payment_method: { on_file: false },
      free_allowance: 20,
      monthly_search_ceiling: 20000,
    });
  });

  it('refuses a plan outside the catalogue unless forced, and bad values naming the field', async () => {
    const a = await h.agency();
    const unknown = await h.request(operator, 'PATCH', `/v1/admin/agencies/${a.agencyId}`, { plan_code: 'platinum' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'unknown_plan', field: 'plan_code' });
    const forced = await h.request(operator, 'PATCH', `/v1/admin/agencies/${a.agencyId}`, { plan_code: 'platinum', force: true });
    expect(forced.json()).toMatchObject({ plan_code: 'platinum', plan_known: false });
    const iata = await h.request(operator, 'PATCH', `/v1/admin/agencies/${a.agencyId}`, { iata_number: '12AB' });
    expect(iata.statusCode).toBe(400);
    expect(iata.json().error).toMatch(/iata_number/);
    const ceiling = await h.request(operator, 'PATCH', `/v1/admin/agencies/${a.agencyId}`, { daily_search_ceiling: 0 });
    expect(ceiling.statusCode).toBe(400);
    expect(ceiling.json().error).toMatch(/daily_search_ceiling/);
    const empty = await h.request(operator, 'PATCH', `/v1/admin/agencies/${a.agencyId}`, {});
    expect(empty.statusCode).toBe(400);
    const missing = await h.request(operator, 'GET', '/v1/admin/agencies/agc_nope');
    expect(missing.statusCode).toBe(404);
  });

  it('needs the permission billing.manage and a verified second factor', async () => {
    const a = await h.agency();
    const other = await h.user({ agencyId: null, permissions: ['platform.read'] });
    const noPermission = await h.request(await h.operatorToken(other.email), 'GET', `/v1/admin/agencies/${a.agencyId}`);
    expect(noPermission.statusCode).toBe(403);
    expect(noPermission.json().code).toBe('missing_permission');
    const noMfa = await h.user({ agencyId: null, permissions: ['billing.manage'] });
    const res = await h.request(await h.token(noMfa.email), 'PATCH', `/v1/admin/agencies/${a.agencyId}`, { live: true });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('mfa_required');
    expect((await h.billing.terms.get(a.agencyId)).live).toBe(false);
  });
});

describe('GET /v1/admin/plans', () => {
  it('lists the catalogue an agency may be put on, each code accepted by PATCH; needs billing.manage', async () => {
    const res = await h.request(operator, 'GET', '/v1/admin/plans');
    expect(res.statusCode, res.body).toBe(200);
    const plans = res.json().plans as { code: string; name: string; needsPaymentMethod: boolean; stopsAtAllowance: boolean }[];
    expect(plans.map((p) => p.code)).toEqual(['free', 'payg']);
    expect(plans[0]).toMatchObject({ name: 'Free', needsPaymentMethod: false, stopsAtAllowance: true });
    const a = await h.agency();
    for (const plan of plans) {
      const moved = await h.request(operator, 'PATCH', `/v1/admin/agencies/${a.agencyId}`, { plan_code: plan.code });
      expect(moved.json()).toMatchObject({ plan_code: plan.code, plan_known: true });
    }
    const other = await h.user({ agencyId: null, permissions: ['platform.read'] });
    const refused = await h.request(await h.operatorToken(other.email), 'GET', '/v1/admin/plans');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('missing_permission');
  });
});

describe('the path to production', () => {
  it('going live is an audited operator act, mailed to the owner; then the portal issues live keys', async () => {
    const a = await h.agency();
    const owner = await h.user({ agencyId: a.agencyId, role: 'owner' });
    const ownerToken = await h.token(owner.email);
    const refused = await h.request(ownerToken, 'POST', '/v1/dev/api-keys', { environment: 'live' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('agency_not_live');

    const res = await h.request(operator, 'PATCH', `/v1/admin/agencies/${a.agencyId}`, { live: true });
    expect(res.json().live).toBe(true);
    expect(await events(a.agencyId, 'agency.went_live')).toHaveLength(1);
    const mail = await h.inbox.waitFor(owner.email, /is live/);
    expect(mail.text).toMatch(/accreditation number/);

    const created = await h.request(ownerToken, 'POST', '/v1/dev/api-keys', { environment: 'live' });
    expect(created.statusCode).toBe(201);
    expect(created.json().environment).toBe('live');
  });

  it('owners and admins set or clear the accreditation number from the portal; developers and support sessions may not', async () => {
    const a = await h.agency();
    const admin = await h.user({ agencyId: a.agencyId, role: 'admin' });
    const dev = await h.user({ agencyId: a.agencyId, role: 'developer' });
    const set = await h.request(await h.token(admin.email), 'PATCH', '/v1/dev/agency', { iata_number: '87654321' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ agency_id: a.agencyId, iata_number: '87654321', live: false, plan_code: 'free' });
    const [audit] = await events(a.agencyId, 'agency.terms_changed');
    expect(audit?.detail).toMatchObject({ via: 'portal', changes: { iataNumber: { from: null, to: '87654321' } } });

    const denied = await h.request(await h.token(dev.email), 'PATCH', '/v1/dev/agency', { iata_number: null });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('role_forbidden');
    const bad = await h.request(await h.token(admin.email), 'PATCH', '/v1/dev/agency', { iata_number: 'twelve' });
    expect(bad.statusCode).toBe(400);
    const cleared = await h.request(await h.token(admin.email), 'PATCH', '/v1/dev/agency', { iata_number: '' });
    expect(cleared.json().iata_number).toBeNull();
  });

  it("GET /v1/dev/agency shows any member the agency's terms and search limits, as the operator set them", async () => {
    const a = await h.agency();
    const dev = await h.user({ agencyId: a.agencyId, role: 'developer' });
    const token = await h.token(dev.email);
    const first = await h.request(token, 'GET', '/v1/dev/agency');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      agency_id: a.agencyId,
      plan_code: 'free',
      live: false,
      iata_number: null,
      billing_status: 'active',
      payment_method_on_file: false,
      search_rate_per_minute: 60,
      daily_search_ceiling: null,
      monthly_search_ceiling: null,
      look_to_book_ceiling: null,
    });
    expect(Date.parse(first.json().period_end)).toBeGreaterThan(Date.parse(first.json().period_start));
    await h.request(operator, 'PATCH', `/v1/admin/agencies/${a.agencyId}`, {
      payment_method_ref: 'pm_card_4242',
      search_rate_per_minute: 90,
      daily_search_ceiling: 500,
      look_to_book_ceiling: 200,
    });
    const after = (await h.request(token, 'GET', '/v1/dev/agency')).json();
    expect(after).toMatchObject({
      payment_method_on_file: true,
      search_rate_per_minute: 90,
      daily_search_ceiling: 500,
      look_to_book_ceiling: 200,
    });
    // The payment reference is the operator's, never shown to the agency.
    expect(JSON.stringify(after)).not.toContain('pm_card_4242');
    const platformOnly = await h.user({ agencyId: null, permissions: ['billing.manage'] });
    const refused = await h.request(await h.operatorToken(platformOnly.email), 'GET', '/v1/dev/agency');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('not_agency_account');
    expect((await h.request(null, 'GET', '/v1/dev/agency')).statusCode).toBe(401);
  });

  it('sign-up starts the agency on the free plan, with the accreditation number when one is given', async () => {
    const email = `signup-${Date.now()}@agency.test`;
    const res = await h.request(null, 'POST', '/v1/dev/signup', {
      email,
      password: 'violet-harbour-sunrise-42',
      agency_name: 'Accredited Travel',
      iata_number: '1234-5678',
    });
    expect(res.statusCode).toBe(202);
    const { rows } = await sql<{ agency_id: string }>`select agency_id from users where email = ${email}`.execute(h.platform.db);
    const terms = await h.billing.terms.get(rows[0]!.agency_id);
    expect(terms).toMatchObject({ planCode: 'free', iataNumber: '12345678', live: false });
    const bad = await h.request(null, 'POST', '/v1/dev/signup', {
      email: `x${email}`,
      password: 'violet-harbour-sunrise-42',
      iata_number: 'IATA',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/iata_number/);
  });

  it('requireAccreditation refuses a live key of an agency without a number with 403 accreditation_required; test keys pass', async () => {
    const a = await h.agency({ live: true });
    await expect(h.billing.terms.requireAccreditation({ agencyId: a.agencyId, environment: 'test' })).resolves.toBeUndefined();
    await expect(h.billing.terms.requireAccreditation({ agencyId: a.agencyId, environment: 'live' })).rejects.toMatchObject({
      status: 403,
      code: 'accreditation_required',
    });
    await h.billing.terms.change(a.agencyId, { iataNumber: '12345678' }, { via: 'cli' });
    await expect(h.billing.terms.requireAccreditation({ agencyId: a.agencyId, environment: 'live' })).resolves.toBeUndefined();
  });
});

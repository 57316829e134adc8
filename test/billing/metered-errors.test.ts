import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servedDocument } from '../contract/served-document.js';
import { startBilling, type BillingHarness } from './billing-harness.js';

type ErrorSchema = { description: string; allOf?: { $ref: string }[]; 'x-error-codes'?: string[] };
type Operation = { responses: Record<string, { content: { 'application/json': { schema: ErrorSchema } } }> };

let h: BillingHarness;
let paths: Record<string, Record<string, Operation>>;
/** The error schema an operation answers at a status, as /openapi.json serves it. */
const at = (operation: Operation | undefined, status: number): ErrorSchema | undefined =>
  operation?.responses[String(status)]?.content['application/json'].schema;
beforeAll(async () => {
  h = await startBilling();
  // The three descriptions together: /v1/dev is the dashboard's.
  paths = (await servedDocument(h.app)).paths as unknown as typeof paths;
});
afterAll(() => h?.close());

describe("the meter's refusals in the API description", () => {
  it('a metered route lists 402 with its four reasons, 403 unknown_plan and the burst 429, beside its own codes', () => {
    const airlines = paths['/v1/monitoring/airlines']!.get;
    expect(at(airlines, 402)?.['x-error-codes']).toEqual([
      'payment_required',
      'payment_method_required',
      'delinquent',
      'past_due',
    ]);
    expect(at(airlines, 402)?.allOf).toEqual([{ $ref: '#/components/schemas/ErrorBody' }]);
    expect(at(airlines, 402)?.description).toMatch(/`past_due`: an invoice on the account is past due/i);
    expect(at(airlines, 403)?.['x-error-codes']).toContain('unknown_plan');
    expect(at(airlines, 403)?.['x-error-codes']).toContain('api_key_read_only'); // the gate's, kept
    expect(at(airlines, 429)?.['x-error-codes']).toContain('allowance_burst');
    expect(at(airlines, 429)?.['x-error-codes']).not.toContain('daily_ceiling');
  });

  it('searches also list the ceilings; enveloped routes answer in the envelope; unmetered routes list none', () => {
    const search = paths['/v1/shopping/offers']!.post;
    expect(at(search, 429)?.['x-error-codes']).toEqual(expect.arrayContaining(['daily_ceiling', 'look_to_book']));
    const airport = paths['/v1/aviation/airports/{id}']!.get;
    expect(at(airport, 402)?.allOf).toEqual([{ $ref: '#/components/schemas/ErrorEnvelope' }]);
    expect(at(airport, 403)?.['x-error-codes']).toEqual([
      'ip_not_allowed',
      'api_key_read_only',
      'path_not_allowed',
      'unknown_plan',
    ]);
    expect(at(paths['/v1/dev/usage']!.get, 402)).toBeUndefined();
  });
});

describe('structured refusals on aviation routes', () => {
  it('carry reason, message, plan_code and the billing period inside the envelope error', async () => {
    const spent = await h.agency({ freeAllowance: 0 });
    const res = await h.get(spent.secret, '/v1/aviation/airports/JFK');
    expect(res.statusCode).toBe(402);
    const body = res.json();
    expect(body.data).toBeNull();
    expect(body.meta.request_id).toBe(res.headers['x-request-id']);
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]).toMatchObject({
      code: 'payment_required',
      reason: 'payment_required',
      message: expect.stringMatching(/free allowance of 0 requests is used up/),
      plan_code: 'free',
      period_start: expect.stringMatching(/^\d{4}-\d\d-\d\dT00:00:00\.000Z$/),
      period_end: expect.stringMatching(/^\d{4}-\d\d-\d\dT00:00:00\.000Z$/),
      docs_url: 'https://gateway.test/docs',
    });
    // The same refusal on a plain route: the same fields.
    const plain = (await h.get(spent.secret, '/v1/monitoring/airlines')).json();
    expect(plain).toMatchObject({ code: 'payment_required', plan_code: 'free', period_start: body.errors[0].period_start });
  });

  it('an unknown plan answers 403 unknown_plan in the envelope with the same fields', async () => {
    const withdrawn = await h.agency({ planCode: 'platinum', force: true });
    const res = await h.get(withdrawn.secret, '/v1/aviation/airports/JFK');
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0]).toMatchObject({
      code: 'unknown_plan',
      reason: 'unknown_plan',
      plan_code: 'platinum',
      message: expect.stringMatching(/plan platinum is not offered any more/),
      period_start: expect.any(String),
      period_end: expect.any(String),
    });
  });
});

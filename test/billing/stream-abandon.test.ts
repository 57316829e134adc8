import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysAhead } from '../shopping/shopping-fixture.js';
import { startBilling, type BillingHarness } from './billing-harness.js';

let h: BillingHarness;
let base: string;
beforeAll(async () => {
  h = await startBilling();
  base = await h.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => h?.close());

describe('a stream whose client leaves mid-answer', () => {
  it('is counted as served and gives its hold back: the allowance ends at exactly its size', async () => {
    const a = await h.agency({ freeAllowance: 5 });
    // DFW-ABI is the test system's slow route: the stream has started (headers, `search` event)
    // well before the airline answers, and the client leaves in between.
    const res = await request(`${base}/v1/shopping/offers/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': a.secret },
      body: JSON.stringify({ origin: 'DFW', destination: 'ABI', departure_date: daysAhead(9), adults: 1 }),
    });
    expect(res.statusCode).toBe(200);
    for await (const chunk of res.body) if (String(chunk).includes('event: search')) break;
    res.body.destroy();

    let counted = 0;
    for (let i = 0; i < 100 && counted === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      await h.billing.meter.flush();
      counted = (await h.billing.usage.report(a.agencyId, {})).totals.total_requests;
    }
    expect(counted).toBe(1);
    // Four more are served, then 402: the stream's hold is not left to lapse (that would be a 429).
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await h.get(a.secret)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 402]);
  });
});

import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startBilling, type BillingHarness } from './billing-harness.js';

const METERED = '/v1/monitoring/airlines';

let h: BillingHarness;
beforeAll(async () => {
  if (!inject('redisUrl')) return;
  h = await startBilling({ env: { REDIS_PREFIX: `flightagg:test:billing-outage:${crypto.randomBytes(4).toString('hex')}:` } });
});
afterAll(() => h?.close());

describe.runIf(inject('redisUrl') !== null)('the meter while Redis is away', () => {
  it('keeps counting served requests in the instance; admissions that need the shared counters answer 503', async () => {
    const free = await h.agency({ freeAllowance: 10 });
    const agency = await h.agency({}, 'agency');
    expect((await h.get(free.secret, METERED)).statusCode).toBe(200);
    expect((await h.get(agency.secret, METERED)).statusCode).toBe(200);

    // The requests before the outage reach Redis in the next turn's batch: let them, then cut it off.
    await h.billing.meter.flush();
    h.platform.redis!.disconnect(); // this instance's command connection, for the rest of the test
    const held = await h.get(free.secret, METERED);
    expect(held.statusCode).toBe(503);
    expect(held.json().code).toBe('cache_unavailable');
    for (let i = 0; i < 3; i++) expect((await h.get(agency.secret, METERED)).statusCode).toBe(200);

    // What Redis held before it went is written once it is back; what the instance counted, now.
    await h.billing.meter.flush().catch(() => undefined);
    const { rows } = await sql<{ n: string }>`
      select sum(requests)::text as n from usage_counts where agency_id = ${agency.agencyId}`.execute(h.platform.db);
    expect(Number(rows[0]?.n)).toBeGreaterThanOrEqual(3);
    const fallbacks = await h.platform.metrics.registry.getSingleMetric('flightagg_redis_fallback_total')?.get();
    expect(fallbacks?.values.find((v) => v.labels.feature === 'billing')?.value).toBe(3);
  });
});

import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startBilling, type BillingHarness } from './billing-harness.js';

// Two gateway instances share PostgreSQL, and the meter's counters through Redis.
const shared = inject('databaseUrl') !== null && inject('redisUrl') !== null;
const METERED = '/v1/monitoring/airlines';
const CLIENTS = 50;

let one: BillingHarness;
let two: BillingHarness;
const prefix = `flightagg:test:billing:${crypto.randomBytes(4).toString('hex')}:`;
beforeAll(async () => {
  if (!shared) return;
  one = await startBilling({ env: { REDIS_PREFIX: prefix } });
  two = await startBilling({ env: { REDIS_PREFIX: prefix } });
});
afterAll(async () => {
  await one?.close();
  await two?.close();
});

describe.runIf(shared)('two gateway instances on one PostgreSQL and one Redis', () => {
  it(`a free account never gets more successful metered calls than its allowance under ${CLIENTS} parallel clients`, async () => {
    const allowance = 40;
    const a = await one.agency({ freeAllowance: allowance });
    const statuses: number[] = [];
    const reasons = new Set<string>();
    // Each client keeps calling, on both instances in turn, until the account answers 402.
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        for (let i = 0; i < 200; i++) {
          const res = await ((client + i) % 2 === 0 ? one : two).get(a.secret, METERED);
          statuses.push(res.statusCode);
          if (res.statusCode !== 200) reasons.add(res.json().reason as string);
          if (res.statusCode === 402) return;
        }
      }),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(allowance);
    expect(statuses.every((s) => [200, 402, 429].includes(s))).toBe(true);
    expect([...reasons].every((r) => r === 'payment_required' || r === 'allowance_burst')).toBe(true);
    expect(statuses.filter((s) => s === 402)).toHaveLength(CLIENTS);

    await Promise.all([one.billing.meter.flush(), two.billing.meter.flush()]);
    const usage = await two.billing.usage.report(a.agencyId, {});
    expect(usage.totals.total_requests).toBe(allowance);
    expect(usage.allowance).toMatchObject({ size: allowance, used: allowance, left: 0 });
  });

  it('counts every served request of a paying account exactly once, whichever instance served and flushed it', async () => {
    const a = await one.agency({ planCode: 'payg', paymentMethodRef: 'pm_test' });
    const perClient = 6;
    let ok = 0;
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        for (let i = 0; i < perClient; i++) {
          const res = await ((client + i) % 2 === 0 ? one : two).get(a.secret, METERED);
          if (res.statusCode === 200) ok++;
          // Flushes race the requests and each other: batches are written once however they interleave.
          if (i === 3) await (client % 2 === 0 ? one : two).billing.meter.flush();
        }
      }),
    );
    expect(ok).toBe(CLIENTS * perClient);
    await Promise.all([one.billing.meter.flush(), two.billing.meter.flush()]);
    const usage = await one.billing.usage.report(a.agencyId, {
      granularity: 'hour',
      from: one.clock().toISOString().slice(0, 10),
    });
    expect(usage.totals.requests.monitoring).toBe(CLIENTS * perClient);
    expect(usage.allowance.used).toBe(20);
  });
});

describe.runIf(inject('databaseUrl') !== null)('an instance restarted without Redis', () => {
  it('keeps the allowance exact: what the first instance served is counted when the next starts', async () => {
    const memoryPrefix = { REDIS_URL: '', REDIS_PREFIX: `${prefix}memory:` };
    const first = await startBilling({ env: memoryPrefix });
    const a = await first.agency({ freeAllowance: 5 });
    for (let i = 0; i < 3; i++) expect((await first.get(a.secret, METERED)).statusCode).toBe(200);
    await first.close(); // graceful: the close writes what it counted
    const second = await startBilling({ env: memoryPrefix });
    try {
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await second.get(a.secret, METERED)).statusCode);
      expect(codes).toEqual([200, 200, 402, 402]);
      expect((await second.billing.usage.report(a.agencyId, {})).totals.total_requests).toBe(5);
    } finally {
      await second.close();
    }
  });
});

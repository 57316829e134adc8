import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sharedAirlineProblem } from '../../src/health/shared-airline.js';
import { SOURCES } from '../../src/sources/table.js';
import { isolatedDatabase } from '../helpers/test-platform.js';
import { call, startGateway, waitUntil, type Gateway } from '../platform/fault-drills/children.js';

const SHARED_AIRLINE_PROBLEM = sharedAirlineProblem(SOURCES.map((s) => s.code));

const skip = inject('databaseUrl') ? null : 'a shared database needs PostgreSQL (this run is on embedded PGlite)';

/**
 * The misconfiguration issue 18 names: two gateways on one PostgreSQL, neither given AA_TEST_URL,
 * each running its own in-process AA test system (an offer found through one is unknown to the
 * other). Readiness fails on both, naming AA_TEST_URL, and recovers once only one is left.
 */
describe.skipIf(skip !== null)(`gateways sharing a database reach one AA test system${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let first: Gateway;
  let second: Gateway;

  beforeAll(async () => {
    const env = { DATABASE_URL: await isolatedDatabase(inject('databaseUrl')!), KEYRING: inject('keyring'), REDIS_URL: '' };
    first = await startGateway(env);
    second = await startGateway(env);
  }, 240_000);

  afterAll(async () => {
    await first?.stop();
    await second?.stop();
  });

  const ready = (g: Gateway) => call(`${g.url}/v1/health/ready`);

  it('makes both not ready with a sentence naming AA_TEST_URL, and the second one ready again once the first stops', async () => {
    // The second saw the first at start; the first sees the second at its next heartbeat (5 s).
    for (const gateway of [second, first]) {
      await waitUntil('readiness 503', 30_000, async () => (await ready(gateway)).status === 503);
      const res = await ready(gateway);
      expect(res.body).toMatchObject({
        status: 'not_ready',
        checks: { database: 'ok', aa_test_system: 'failing' },
        problems: [SHARED_AIRLINE_PROBLEM],
      });
    }
    expect(SHARED_AIRLINE_PROBLEM).toBe(
      'AA_TEST_URL, VS_TEST_URL and DUFFEL_TEST_URL must each name one shared test system when more than one gateway shares this database',
    );
    expect(second.output()).toContain(SHARED_AIRLINE_PROBLEM);

    // A graceful stop removes the first one's record: the second is alone, and ready again.
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
    await waitUntil('readiness 200 once alone', 30_000, async () => (await ready(second)).status === 200);
    const alone = await ready(second);
    expect(alone.body).toMatchObject({ status: 'ready', checks: { aa_test_system: 'ok' } });
    expect(alone.body).not.toHaveProperty('problems');
  });
});

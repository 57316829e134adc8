import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aviationTestApp, type AviationTestApp } from './aviation-test-app.js';

/**
 * The contract's Limits: aviation and reference reads have no rate limit. An agency whose search
 * limit is 1 a minute reads them far past any limit the gateway has (60 searches a minute) in one
 * burst, and never sees a 429 or a rate-limit header.
 */
describe('aviation and reference reads', () => {
  let t: AviationTestApp;
  beforeAll(async () => {
    t = await aviationTestApp({ synced: true });
  });
  afterAll(() => t?.close());

  it('are never rate limited, whatever the agency search limit', async () => {
    const agency = await t.agencyWithKey();
    await sql`update agencies set search_rate_limit = 1 where id = ${agency.agencyId}`.execute(t.platform.db);
    const paths = [
      '/v1/aviation/airlines/AA',
      '/v1/aviation/airports/iata/JFK',
      '/v1/aviation/aircraft-types',
      '/v1/reference/sources',
    ];
    const statuses = new Map<number, number>();
    for (let i = 0; i < 150; i++) {
      const res = await t.get(paths[i % paths.length]!, { 'x-api-key': agency.secret });
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      expect(res.headers['retry-after'], paths[i % paths.length]).toBeUndefined();
      expect(res.headers['ratelimit-limit'], paths[i % paths.length]).toBeUndefined();
    }
    expect([...statuses]).toEqual([[200, 150]]);
  });
});

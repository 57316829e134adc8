import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../src/platform/platform.js';
import { createRequestLogMetrics } from '../../src/request-log/metrics.js';
import { RequestRecorder } from '../../src/request-log/recorder.js';
import type { RequestFacts } from '../../src/request-log/request-facts.js';
import { buildTestApp } from '../helpers/test-app.js';
import { createTestPlatform } from '../helpers/test-platform.js';

const facts = (n: number): RequestFacts => ({
  at: new Date(),
  agencyId: 'agc_recorder',
  apiKeyId: 'key_recorder',
  userId: null,
  environment: 'test',
  method: 'GET',
  route: '/v1/monitoring/airlines',
  path: '/v1/monitoring/airlines',
  status: 200,
  durationMs: 1.5,
  requestId: `req_recorder_${n}`,
  errorCode: null,
});

async function metric(platform: Platform, name: string): Promise<number> {
  const found = (await platform.metrics.registry.getMetricsAsJSON()).find((m) => m.name === name);
  return Number(found?.values[0]?.value ?? 0);
}

describe('the request recorder while storage is down', () => {
  // Isolated: the test renames the log's table, which no other file may see.
  let platform: Platform;
  beforeAll(async () => {
    platform = await createTestPlatform({ isolated: true });
  });
  afterAll(() => platform.close());

  it('keeps at most its bound, drops the oldest and counts them, then writes the newest when storage is back', async () => {
    const metrics = createRequestLogMetrics(platform.metrics, () => recorder.pending);
    const recorder: RequestRecorder = new RequestRecorder(
      { db: platform.db, logger: pino({ level: 'silent' }), metrics },
      { batchSize: 2, maxBuffered: 5 },
    );
    await sql`alter table api_requests rename to api_requests_away`.execute(platform.db);
    try {
      for (let n = 1; n <= 12; n++) {
        recorder.record(facts(n));
        expect(recorder.pending).toBeLessThanOrEqual(5);
      }
      await expect(recorder.flush()).rejects.toThrow();
      expect(recorder.pending).toBeLessThanOrEqual(5);
      // Failing: a full batch no longer starts a write of its own; only the every-second flush retries.
      const statements = () => [...platform.costs.byRoute().values()].reduce((sum, c) => sum + c.dbQueries, 0);
      const sent = statements();
      for (let n = 13; n <= 20; n++) recorder.record(facts(n));
      // A flush waits for any write in flight, then sends one statement of its own (which fails).
      await expect(recorder.flush()).rejects.toThrow();
      expect(statements()).toBe(sent + 1);
      expect(await metric(platform, 'flightagg_request_log_dropped_total')).toBeGreaterThanOrEqual(7);
      expect(await metric(platform, 'flightagg_request_log_pending')).toBe(recorder.pending);
    } finally {
      await sql`alter table api_requests_away rename to api_requests`.execute(platform.db);
    }
    const kept = recorder.pending;
    await recorder.flush();
    const { rows } = await sql<{ request_id: string }>`select request_id from api_requests order by id`.execute(platform.db);
    const written = rows.map((r) => r.request_id);
    expect(written).toHaveLength(kept);
    expect(written).toContain('req_recorder_20');
    expect(written).not.toContain('req_recorder_1');
    expect(await metric(platform, 'flightagg_request_log_written_total')).toBe(kept);
  });
});

describe('REQUEST_LOG=false', () => {
  it('records nothing and adds no writer', async () => {
    const t = await buildTestApp({ env: { REQUEST_LOG: 'false' }, isolated: true });
    try {
      expect(t.gateway.requestLog.recorder).toBeNull();
      const { secret, agencyId } = await t.agencyWithKey();
      const res = await t.app.inject({ method: 'GET', url: '/v1/monitoring/airlines', headers: { 'x-api-key': secret } });
      expect(res.statusCode).toBe(200);
      await t.app.close();
      const { rows } = await sql`select 1 from api_requests where agency_id = ${agencyId}`.execute(t.platform.db);
      expect(rows).toHaveLength(0);
    } finally {
      await t.close();
    }
  });
});

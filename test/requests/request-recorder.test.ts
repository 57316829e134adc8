import { sql } from 'kysely';
import pino from 'pino';
import { Counter } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Platform } from '../../src/platform/platform.js';
import { decodeBatch } from '../../src/request-log/batch-codec.js';
import { createRequestLogMetrics } from '../../src/request-log/metrics.js';
import { RequestRecorder } from '../../src/request-log/recorder.js';
import type { RequestFacts } from '../../src/request-log/request-facts.js';
import { PATIENCE } from '../helpers/patience.js';
import { buildTestApp } from '../helpers/test-app.js';
import { createTestPlatform } from '../helpers/test-platform.js';

const facts = (n: number): RequestFacts => ({
  atMs: Date.now(),
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
    await sql`alter table api_request_batches rename to api_request_batches_away`.execute(platform.db);
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
      await sql`alter table api_request_batches_away rename to api_request_batches`.execute(platform.db);
    }
    const kept = recorder.pending;
    await recorder.flush();
    const batches = await platform.db
      .selectFrom('api_request_batches')
      .select(['id', 'environment', 'requests'])
      .orderBy('id')
      .execute();
    const written = batches.flatMap(decodeBatch).map((r) => r.requestId);
    expect(written).toHaveLength(kept);
    expect(written).toContain('req_recorder_20');
    expect(written).not.toContain('req_recorder_1');
    expect(await metric(platform, 'flightagg_request_log_written_total')).toBe(kept);
  });
});

describe('the request recorder under a steady stream', () => {
  let platform: Platform;
  beforeAll(async () => {
    platform = await createTestPlatform();
  });
  afterAll(() => platform.close());

  it('writes full batches: what arrives while one is in flight waits for the next, never a trickle of small inserts', async () => {
    const metrics = createRequestLogMetrics(platform.metrics, () => recorder.pending);
    const recorder: RequestRecorder = new RequestRecorder(
      { db: platform.db, logger: pino({ level: 'silent' }), metrics },
      { batchSize: 4, maxBuffered: 100 },
    );
    const statements = () => [...platform.costs.byRoute().values()].reduce((sum, c) => sum + c.dbQueries, 0);
    const sent = statements();
    for (let n = 1; n <= 4; n++) recorder.record(facts(1000 + n)); // a full batch: its write starts
    recorder.record(facts(1005)); // arrives while that write is in flight
    await vi.waitFor(() => expect(metric(platform, 'flightagg_request_log_written_total')).resolves.toBe(4), PATIENCE);
    // The full batch is written; the late row was not sent after it on its own.
    expect(recorder.pending).toBe(1);
    expect(statements()).toBe(sent + 1);
    await recorder.flush(); // the next tick's flush writes it
    expect(recorder.pending).toBe(0);
    expect(statements()).toBe(sent + 2);
    const { rows } = await sql<{ request_count: number }>`
      select request_count from api_request_batches where agency_id = 'agc_recorder' and requests like '%req_recorder_100%' order by id`.execute(
      platform.db,
    );
    expect(rows.map((r) => r.request_count)).toEqual([4, 1]);
  });

  it('holds the bodies of at most maxWithBodies waiting rows; the rest are written as not recorded', async () => {
    // Counters of its own: the platform's are the test above's recorder's.
    const counter = (name: string) => new Counter({ name, help: name, registers: [] });
    const metrics = { written: counter('written'), dropped: counter('dropped') };
    const run = `req_bodies_${Date.now()}_`;
    const recorder = new RequestRecorder(
      { db: platform.db, logger: pino({ level: 'silent' }), metrics },
      { batchSize: 10, maxBuffered: 100, maxWithBodies: 2 },
    );
    const json = (payload: string) => ({ payload, contentType: 'application/json' });
    for (let n = 1; n <= 3; n++) {
      recorder.record(
        { ...facts(n), requestId: `${run}${n}` },
        { request: json(`{"password":"pw-${n}","n":${n}}`), response: json('{"ok":true}') },
      );
    }
    await recorder.flush();
    const kept = await platform.db
      .selectFrom('api_request_bodies')
      .select(['request_id', 'request_body', 'request_note', 'request_redacted', 'response_body'])
      .where('request_id', 'like', `${run}%`)
      .orderBy('request_id')
      .execute();
    expect(kept).toEqual([
      {
        request_id: `${run}1`,
        request_body: '{"password":"[redacted]","n":1}',
        request_note: null,
        request_redacted: true,
        response_body: '{"ok":true}',
      },
      {
        request_id: `${run}2`,
        request_body: '{"password":"[redacted]","n":2}',
        request_note: null,
        request_redacted: true,
        response_body: '{"ok":true}',
      },
      {
        request_id: `${run}3`,
        request_body: null,
        request_note: "not recorded: the log's writer was behind",
        request_redacted: false,
        response_body: null,
      },
    ]);
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
      const { rows } = await sql`select 1 from api_request_batches where agency_id = ${agencyId}`.execute(t.platform.db);
      expect(rows).toHaveLength(0);
    } finally {
      await t.close();
    }
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { aviationTestApp, FIXTURES, type AviationTestApp } from './aviation-test-app.js';

describe('aviation importer', () => {
  let t: AviationTestApp;
  beforeAll(async () => {
    t = await aviationTestApp();
  });
  afterAll(() => t.close());

  it('answers 503 in the envelope until a sync succeeded, but lists the sources', async () => {
    const res = await t.get('/v1/aviation/airports/JFK');
    expect(res.status).toBe(503);
    expect(res.body.data).toBeNull();
    expect(res.body.errors[0].code).toBe('aviation_data_unavailable');
    expect(res.body.errors[0].message).toMatch(/^aviation data unavailable/);
    for (const path of ['/v1/aviation/airlines', '/v1/aviation/aircraft-types', '/v1/aviation/manufacturers']) {
      expect((await t.get(path)).status).toBe(503);
    }
    const sources = await t.get('/v1/reference/sources');
    expect(sources.status).toBe(200);
    expect(sources.body.data.every((s: { status: string }) => s.status === 'never')).toBe(true);
  });

  it('imports every source and counts inserted rows and skipped ones with reasons', async () => {
    const report = await t.sync();
    expect(report.ok).toBe(true);
    const by = Object.fromEntries(report.sources.map((s) => [s.name, s.counts!]));
    expect(by['ourairports-airports']).toMatchObject({ rowsRead: 14, inserted: 13, skipped: 1, rowCount: 13 });
    expect(by['ourairports-airports']!.skippedReasons).toEqual({ 'bad row: missing or impossible coordinates': 1 });
    expect(by['ourairports-runways']).toMatchObject({
      inserted: 7,
      skippedReasons: { 'orphan: airport not in airports.csv': 1 },
    });
    expect(by['ourairports-frequencies']).toMatchObject({
      inserted: 7,
      skippedReasons: { 'orphan: airport not in airports.csv': 1 },
    });
    expect(by['ourairports-navaids']).toMatchObject({
      inserted: 3,
      skippedReasons: { 'orphan: airport not in airports.csv': 1 },
    });
    expect(by['openflights-airlines']!.skippedReasons).toEqual({
      'bad row: not the 8 columns of airlines.dat': 1,
      'placeholder row': 1,
    });
    expect(by['vradarserver-aircraft-types']!.skippedReasons).toEqual({
      'bad row: missing designator, manufacturer or model': 1,
      'not an aircraft type (vradarserver pseudo code)': 2,
    });
    expect(by['explore-flights-aircraft']!.skippedReasons).toEqual({ 'bad row: missing code or name': 1 });
  });

  it('is safe to re-run: the second run changes nothing', async () => {
    const report = await t.sync();
    for (const s of report.sources) {
      expect(s.counts, s.name).toMatchObject({ inserted: 0, updated: 0, deleted: 0 });
      expect(s.counts!.unchanged, s.name).toBe(s.counts!.rowCount);
    }
  });

  it('records each source with licence, URL, times and counts for GET /v1/reference/sources', async () => {
    const res = await t.get('/v1/reference/sources');
    expect(res.status).toBe(200);
    expect(res.body.errors).toEqual([]);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const airports = res.body.data.find((s: { name: string }) => s.name === 'ourairports-airports');
    expect(airports).toMatchObject({
      group: 'ourairports',
      licence: 'Public Domain',
      status: 'ok',
      error: null,
      row_count: 13,
      url: `${FIXTURES}/ourairports/airports.csv`,
    });
    expect(new Date(airports.last_success_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const licences = Object.fromEntries(res.body.data.map((s: { name: string; licence: string }) => [s.name, s.licence]));
    expect(licences['openflights-airlines']).toBe('ODbL 1.0');
    expect(licences['vradarserver-aircraft-types']).toBe('CC0 1.0');
  });

  it('keeps the previous data and records the error when a source fails', async () => {
    const report = await t.sync('/nonexistent/aviation-data', 'openflights');
    expect(report.ok).toBe(false);
    expect(report.sources[0]).toMatchObject({ name: 'openflights-airlines', status: 'failed' });
    const sources = (await t.get('/v1/reference/sources')).body.data;
    const airlines = sources.find((s: { name: string }) => s.name === 'openflights-airlines');
    expect(airlines.status).toBe('failed');
    expect(airlines.error).toMatch(/no such file/);
    expect(airlines.last_success_at).not.toBeNull();
    expect((await t.get('/v1/aviation/airlines/AA')).status).toBe(200);
  });

  it('does not run the rest of a group after a failure (runways would all look orphaned)', async () => {
    const report = await t.sync('/nonexistent/aviation-data', 'ourairports');
    expect(report.sources.map((s) => s.status)).toEqual(['failed', 'not_run', 'not_run', 'not_run', 'not_run', 'not_run']);
    expect((await t.get('/v1/aviation/airports/JFK/runways')).body.data).toHaveLength(4);
  });

  it('refuses an unknown source name', async () => {
    await expect(t.sync(FIXTURES, 'nonsense')).rejects.toThrow(/unknown source nonsense/);
  });
});

describe('aviation importer with changed upstream data', () => {
  let t: AviationTestApp;
  let changed: string;
  beforeAll(async () => {
    t = await aviationTestApp({ synced: true });
    changed = fs.mkdtempSync(path.join(os.tmpdir(), 'aviation-changed-'));
    fs.cpSync(FIXTURES, changed, { recursive: true });
    const file = path.join(changed, 'ourairports/airports.csv');
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    const edited = lines
      .filter((l) => !l.startsWith('3697,'))
      .map((l) => (l.startsWith('3622,') ? l.replace('John F. Kennedy International Airport', 'Kennedy Airport') : l));
    fs.writeFileSync(file, edited.join('\n'));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(changed, { recursive: true, force: true });
  });

  it('counts updated and deleted rows, and hot answers in memory follow the new data', async () => {
    expect((await t.get('/v1/aviation/airports/JFK')).body.data.name).toBe('John F. Kennedy International Airport');
    const report = await t.sync(changed, 'ourairports-airports');
    expect(report.sources[0]!.counts).toMatchObject({ inserted: 0, updated: 1, deleted: 1, unchanged: 11, rowCount: 12 });
    expect((await t.get('/v1/aviation/airports/JFK')).body.data.name).toBe('Kennedy Airport');
    expect((await t.get('/v1/aviation/airports/LGA')).status).toBe(404);
  });
});

describe('scheduled aviation sync', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ isolated: true, env: { AVIATION_SYNC_FROM: FIXTURES, AVIATION_SYNC_INTERVAL_HOURS: '24' } });
  });
  afterAll(() => t.close());

  it('syncs when no sync succeeded yet, and not again while the last one is fresh', async () => {
    const { secret } = await t.agencyWithKey();
    const get = (url: string) => t.app.inject({ url, headers: { 'x-api-key': secret } });
    expect((await get('/v1/aviation/airports/JFK')).statusCode).toBe(503);
    await t.platform.scheduler.runNow('aviation-sync');
    expect((await get('/v1/aviation/airports/JFK')).statusCode).toBe(200);
    const before = JSON.parse((await get('/v1/reference/sources')).body).data[0].last_attempt_at;
    await t.platform.scheduler.runNow('aviation-sync');
    expect(JSON.parse((await get('/v1/reference/sources')).body).data[0].last_attempt_at).toBe(before);
  });
});

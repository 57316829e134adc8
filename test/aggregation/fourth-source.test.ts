// A fourth source added through the table of sources alone (src/sources/table.ts): its own test
// system speaking a JSON protocol of its own, its connector and its row, all in this test's folder
// (fourth-source/), nothing of it in the gateway. Built from `[...SOURCES, FOURTH_SOURCE]`, the
// gateway configures it, starts its test system, searches it beside AA and VS, routes its ids to
// it, monitors it, takes the events it pushes on the route its row declares, and lists it in the
// CLI and the configuration reference.

import { createHmac } from 'node:crypto';
import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTestSystemCommands } from '../../src/cli/testsystem-commands.js';
import { loadConfig, sourcesConfigVariables } from '../../src/sources/load-config.js';
import { SOURCES } from '../../src/sources/table.js';
import { renderBlock } from '../../tools/docs/config-reference.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { startTestSystems, type TestSystems } from '../helpers/test-systems.js';
import { daysAhead } from '../shopping/shopping-fixture.js';
import { readEvents } from './fourth-source/fourth-connector.js';
import { FOURTH_SOURCE, startedFourthServers, type FourthSettings } from './fourth-source/fourth-source.js';

const TABLE = [...SOURCES, FOURTH_SOURCE];
const CODES = TABLE.map((s) => s.code);
/** The sources that may sell any airline: every airlines filter asks them. */
const AGGREGATORS = TABLE.filter((s) => s.kind === 'aggregator').map((s) => s.code);
const DIRECT = new Set<string>(TABLE.filter((s) => s.kind === 'airline').map((s) => s.code));
const KEY = 'fourth-key-of-this-test';
const PUSH_SECRET = 'fourth-push-secret-of-this-test';

let systems: TestSystems;
let t: TestApp;
let secret: string;
beforeAll(async () => {
  systems = await startTestSystems({ sources: TABLE, env: { FOURTH_TEST_KEY: KEY } });
  t = await buildTestApp({
    sources: TABLE,
    env: { FOURTH_TEST_KEY: KEY, FOURTH_PUSH_SECRET: PUSH_SECRET, SEARCH_RATE_LIMIT_PER_MINUTE: '1000' },
    app: systems.app,
  });
  ({ secret } = await t.agencyWithKey());
}, 120_000);
afterAll(async () => {
  await t?.close();
  await systems?.close();
});

const server = () => startedFourthServers.at(-1)!;
const search = (body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/v1/shopping/offers', headers: { 'x-api-key': secret }, payload: body });

interface OfferJson {
  offer_id: string;
  airline: string;
  source: string;
}

describe('a fourth source added as one row of the table', () => {
  it('is configured: its variables are read from the environment and listed in the reference', () => {
    const config = loadConfig({ FOURTH_TEST_KEY: 'from-the-environment', FOURTH_TEST_PORT: '9123' }, TABLE);
    const settings = config.sources.FOURTH as FourthSettings;
    expect(settings.testKey).toBe('from-the-environment');
    expect(settings.testSystemPort).toBe(9123);
    expect(() => loadConfig({ FOURTH_TEST_PORT: 'x' }, TABLE)).toThrow(/FOURTH_TEST_PORT must be an integer/);
    const names = sourcesConfigVariables(TABLE).map((v) => v.name);
    expect(names).toEqual(expect.arrayContaining(['AA_TEST_URL', 'VS_TEST_URL', 'FOURTH_TEST_KEY', 'FOURTH_TEST_URL']));
    const reference = renderBlock('airlines', 'README.md', sourcesConfigVariables(TABLE));
    expect(reference).toContain('| `FOURTH_TEST_KEY` | `fourth-development-key` |');
    // The gateway's own table does not have it.
    expect(renderBlock('airlines', 'README.md')).not.toContain('FOURTH_TEST_KEY');
  });

  it('has its test system run from the row, with the key its configuration names', () => {
    expect(Object.keys(systems.bySource)).toEqual(CODES);
    expect(systems.bySource.FOURTH!.url).toBe(server().url);
    const program = new Command();
    registerTestSystemCommands(program, TABLE);
    const group = program.commands.find((c) => c.name() === 'testsystem')!;
    expect(group.commands.map((c) => c.name())).toEqual(TABLE.map((s) => s.slug));
  });

  it('is searched beside AA and VS: its offers name their owner airline and the source, and connectors has a row for it', async () => {
    const res = await search({ origin: 'JFK', destination: 'LHR', departure_date: daysAhead(40), adults: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      offers: OfferJson[];
      connectors: { source: string; airline: string; status: string; offers: number }[];
    };
    expect(body.connectors.map((c) => c.source)).toEqual(CODES);
    expect(body.connectors.find((c) => c.source === 'FOURTH')).toMatchObject({
      airline: 'FOURTH',
      status: 'answered',
      offers: 1,
    });
    const fourth = body.offers.filter((o) => o.source === 'FOURTH');
    expect(fourth).toHaveLength(1);
    expect(fourth[0]).toMatchObject({ airline: 'QX', source: 'FOURTH', total_amount: 200 });
    expect(fourth[0]!.offer_id.startsWith('FOURTH|')).toBe(true);
    // AA's and VS's offers name themselves as both.
    for (const o of body.offers.filter((o) => DIRECT.has(o.source))) expect(o.airline).toBe(o.source);
    expect(server().calls.some((c) => c.path === '/search')).toBe(true);
  });

  it('answers an airlines filter naming only its owner airline alone: AA and VS are not asked', async () => {
    const res = await search({ origin: 'JFK', destination: 'LHR', departure_date: daysAhead(41), adults: 1, airlines: ['qx'] });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { offers: OfferJson[]; connectors: { source: string }[] };
    expect(body.connectors.map((c) => c.source)).toEqual(AGGREGATORS);
    expect(body.offers.map((o) => o.airline)).toEqual(['QX']);
    // AA alone: AA's own connection and the aggregator (it may sell any airline) are asked, and only AA's offers kept.
    const aa = await search({ origin: 'JFK', destination: 'LHR', departure_date: daysAhead(41), adults: 1, airlines: ['AA'] });
    const aaBody = aa.json() as { offers: OfferJson[]; connectors: { source: string; offers: number }[] };
    expect(aaBody.connectors.map((c) => [c.source, c.source === 'AA' ? c.offers > 0 : c.offers === 0])).toEqual(
      ['AA', ...AGGREGATORS].map((code) => [code, true]),
    );
    expect(new Set(aaBody.offers.map((o) => o.airline))).toEqual(new Set(['AA']));
  });

  it('is routed by its ids: a price of its offer reaches it, and naming its owner airline is accepted', async () => {
    const found = (await search({ origin: 'BOS', destination: 'LAX', departure_date: daysAhead(42), adults: 1 })).json() as {
      offers: OfferJson[];
    };
    const offer = found.offers.find((o) => o.source === 'FOURTH')!;
    const before = server().calls.filter((c) => c.path === '/price').length;
    for (const airline of [undefined, 'QX', 'FOURTH']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/offers/price',
        headers: { 'x-api-key': secret },
        payload: { offer_id: offer.offer_id, ...(airline && { airline }) },
      });
      expect(res.statusCode, `${airline}: ${res.body}`).toBe(200);
      expect(res.json()).toMatchObject({ offer_id: offer.offer_id, airline: 'QX', source: 'FOURTH' });
    }
    expect(server().calls.filter((c) => c.path === '/price')).toHaveLength(before + 3);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/v1/offers/price',
      headers: { 'x-api-key': secret },
      payload: { offer_id: offer.offer_id, airline: 'VS' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(server().calls.filter((c) => c.path === '/price')).toHaveLength(before + 3);
  });

  it('is monitored: one record per source, the fourth one an aggregator, up after a probe', async () => {
    await t.gateway.monitoring.health.probeAll();
    const res = await t.app.inject({ method: 'GET', url: '/v1/monitoring/airlines', headers: { 'x-api-key': secret } });
    expect(res.statusCode).toBe(200);
    const records = res.json().airlines as { airline: string; kind: string; status: string; name: string }[];
    expect(records.map((r) => r.airline)).toEqual(CODES);
    expect(records.find((r) => r.airline === 'FOURTH')).toMatchObject({
      kind: 'aggregator',
      status: 'up',
      name: 'The Fourth Source',
    });
    expect(server().calls.some((c) => c.path === '/ping')).toBe(true);
  });

  it('takes the events it pushes on the route its row declares: signed with its secret, each once, read by its connector', async () => {
    const sign = (body: string, key: string) => {
      const at = Math.floor(Date.now() / 1000);
      return `t=${at},v1=${createHmac('sha256', key).update(`${at}.${body}`).digest('hex')}`;
    };
    const post = (body: string, signature: string, type = 'application/json') =>
      t.app.inject({
        method: 'POST',
        url: '/v1/sources/fourth/events',
        headers: { 'content-type': type, 'x-fourth-signature': signature },
        payload: body,
      });
    const event = JSON.stringify({ event: 'ev-1', orders: ['FX12345'] });
    const before = readEvents.length;

    const forged = await post(event, sign(event, 'not-the-fourth-secret'));
    expect(forged.statusCode, forged.body).toBe(401);
    expect(forged.json()).toMatchObject({ code: 'invalid_signature' });
    const unsigned = await post(event, '');
    expect(unsigned.statusCode).toBe(401);
    const xml = await post(event, sign(event, PUSH_SECRET), 'application/xml');
    expect(xml.statusCode).toBe(415);
    // The type is checked before the signature: unsigned, the same 415.
    const plain = await post(event, '', 'text/plain');
    expect(plain.statusCode).toBe(415);
    expect(plain.json()).toMatchObject({ code: 'unsupported_media_type' });
    const notEvent = JSON.stringify({ orders: ['FX12345'] });
    const refused = await post(notEvent, sign(notEvent, PUSH_SECRET));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'invalid_notification' });
    expect(readEvents.length).toBe(before);

    // An order the gateway does not hold is acknowledged; the body reached the fourth connector.
    const taken = await post(event, sign(event, PUSH_SECRET));
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toEqual({ status: 'received' });
    expect(readEvents.slice(before)).toEqual([event]);
    // The same event again: acknowledged, not read again.
    const again = await post(event, sign(event, PUSH_SECRET));
    expect(again.statusCode).toBe(200);
    expect(readEvents.slice(before)).toEqual([event]);
    // An event its connector cannot read: 400 naming what is wrong, and it may be sent again.
    const bad = JSON.stringify({ event: 'ev-2', orders: 'FX12345' });
    const unreadable = await post(bad, sign(bad, PUSH_SECRET));
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json()).toMatchObject({ code: 'invalid_notification' });
    expect(unreadable.json().error).toContain('orders');

    // Its route is in the operators' description, beside Duffel's.
    const spec = (await t.app.inject({ method: 'GET', url: '/openapi/operator.json' })).json() as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/v1/sources/fourth/events', '/v1/sources/duffel/webhooks']));
  });
});

// Duffel's supplier time-out comes from the gateway's search budget (issue 46: "search through
// offer requests within our aggregator budget, Duffel's supplier time-out set from it"). A relay of
// our own stands between the gateway and the Duffel test system and records each request line as
// it passes, so the test reads what the gateway asked Duffel for, not what a mock was told.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDuffelTestSystem, type DuffelTestSystem } from '../../src/testsystem/duffel/server.js';
import { generatedNotifySecrets } from '../helpers/notify-secrets.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { daysAhead } from '../shopping/shopping-fixture.js';

const BUDGET_MS = 6_000;

let duffel: DuffelTestSystem;
let relay: http.Server;
let relayUrl: string;
const seen: string[] = [];
let t: TestApp;
let key: string;

beforeAll(async () => {
  const secrets = generatedNotifySecrets();
  duffel = await startDuffelTestSystem({ logger: false, webhooks: { url: null, secret: secrets.DUFFEL_WEBHOOK_SECRET } });
  const target = new URL(duffel.url);
  relay = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`;
  t = await buildTestApp({
    env: { ...secrets, SEARCH_TIMEOUT_MS: String(BUDGET_MS), SEARCH_RATE_LIMIT_PER_MINUTE: '1000' },
    app: { testSystemUrls: { DUFFEL: relayUrl } },
  });
  key = (await t.agencyWithKey()).secret;
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => (relay ? relay.close(() => resolve()) : resolve()));
  await duffel?.close();
});

describe("Duffel's supplier time-out", () => {
  it('is the search budget less what listing the offers keeps, on every offer request the gateway makes', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/v1/shopping/offers',
      headers: { 'x-api-key': key },
      payload: { origin: 'JFK', destination: 'LHR', departure_date: daysAhead(45), adults: 1, airlines: ['BA'] },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const offers = (answer.json() as { offers: { source: string }[] | null }).offers ?? [];
    expect(offers.length).toBeGreaterThan(0);
    expect(offers.every((o) => o.source === 'DUFFEL')).toBe(true);
    const requests = seen.filter((line) => line.startsWith('POST /air/offer_requests'));
    expect(requests).toHaveLength(1);
    // 6,000 ms of budget, 1,500 kept for reading the offers' pages: Duffel waits for airlines 4,500 ms.
    expect(new URL(requests[0]!.split(' ')[1]!, relayUrl).searchParams.get('supplier_timeout')).toBe('4500');
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAaConnector } from '../../src/connectors/aa/aa-connector.js';
import { AA_PROFILE } from '../../src/connectors/aa/aa-profile.js';
import { VS_PROFILE } from '../../src/connectors/vs/vs-profile.js';
import { decodeNdcOfferId, encodeNdcOfferId } from '../../src/connectors/ndc/offer-ref.js';
import { airShoppingRequest } from '../../src/connectors/ndc/air-shopping-request.js';
import { failureFromNdcErrors, NdcTransport } from '../../src/connectors/ndc/ndc-transport.js';
import { parseXml } from '../../src/connectors/ndc/ndc-xml.js';
import { createOfferIdAuthenticator } from '../../src/connectors/offer-id-auth.js';
import { Keyring } from '../../src/platform/keyring/keyring.js';
import { readShoppingAnswer } from '../../src/connectors/ndc/offer-responses.js';
import { startAaTestSystem, type AaTestSystem } from '../../src/testsystem/aa/server.js';
import { daysAhead, shoppingFixture, type ShoppingFixture } from '../shopping/shopping-fixture.js';
import { NDC_SAMPLES_DIR, needsUpstream } from '../helpers/upstream.js';

const KEY = 'aa-test-subscription-key';
const seller = { orgId: 'T', name: 'Test' };
const offerIds = createOfferIdAuthenticator(Keyring.parse(Keyring.generateText()));

describe('airline errors as typed failures', () => {
  it('a refusal keeps the carrier text and bracketed code; the priced-segment line is its cascade, not a second cause', () => {
    const oneElement = failureFromNdcErrors(
      [
        {
          Code: '325',
          DescText:
            '[325] Error during booking process. Code: 21, message: Rebooked segment unavailable\nPriced segment reference missing: SEG1 (AA1234 does not operate on this date)',
        },
      ],
      AA_PROFILE.errorTexts,
    );
    expect(oneElement).toEqual({
      kind: 'refused',
      retryable: false,
      airlineCode: '325',
      message: '[325] Error during booking process. Code: 21, message: Rebooked segment unavailable',
    });
    const twoElements = failureFromNdcErrors(
      [
        { Code: '325', DescText: 'Error during booking process. Code: 21, message: Rebooked segment unavailable' },
        { Code: '325', DescText: 'Priced segment reference missing: SEG1' },
      ],
      AA_PROFILE.errorTexts,
    );
    expect(twoElements.message).toBe('[325] Error during booking process. Code: 21, message: Rebooked segment unavailable');
  });

  it('an expired offer is not_found; other refusals are refused', () => {
    expect(
      failureFromNdcErrors([{ Code: '325', DescText: 'Invalid or Expired Offer X9EB' }], AA_PROFILE.errorTexts),
    ).toMatchObject({
      kind: 'not_found',
      message: '[325] Invalid or Expired Offer X9EB',
    });
    expect(failureFromNdcErrors([{ Code: '304', DescText: 'Something else' }], AA_PROFILE.errorTexts)).toMatchObject({
      kind: 'refused',
      retryable: false,
    });
  });

  it("reads Virgin Atlantic's published 21.3 answer (a sample) with VS's profile, tolerantly", () => {
    needsUpstream('ndc-samples');
    const file = path.join(NDC_SAMPLES_DIR, 'airshopping/shop_with_direct_flight_filter_RS.xml');
    const answer = readShoppingAnswer(
      {
        slices: [{ origin: 'LHR', destination: 'JFK', departureDate: '2023-06-08' }],
        passengers: { adults: 1, children: 0, infants: 0 },
        cabin: null,
        maxConnections: null,
      },
      VS_PROFILE,
    );
    const root = parseXml(fs.readFileSync(file, 'utf8'), answer.options).IATA_AirShoppingRS as Record<string, unknown>;
    const offers = answer.offers(root);
    expect(offers.length).toBeGreaterThan(0);
    expect(offers[0]).toMatchObject({ airline: 'VS', total: { currency: 'GBP', amountMinor: 647461 } });
    expect(offers.some((o) => o.slices[0]!.segments[0]!.operatingCarrier === 'DL')).toBe(true);
  });

  it('offer references survive the round trip through the id, and foreign or broken ids decode to null', () => {
    const ref = {
      parts: [
        { offerId: 'OF1', owner: 'AA', items: [{ id: 'OF1-1', pax: ['PAX1'] }] },
        { offerId: 'OF2', owner: 'AA', items: [{ id: 'X', pax: [] }] },
      ],
      passengers: { adults: 1, children: 0, infants: 0 },
      partnerConnection: true,
    };
    const id = offerIds.sign(encodeNdcOfferId('AA', ref));
    expect(id).toMatch(/^AA\|2\./);
    expect(decodeNdcOfferId('AA', id, offerIds)).toEqual({ ...ref.parts[0], ...ref });
    // Unsigned content is not an id; signed garbage is still garbage.
    expect(decodeNdcOfferId('AA', encodeNdcOfferId('AA', ref), offerIds)).toBeNull();
    for (const bad of ['AA|1.!!!', 'AA|2.e30', 'BA|1.e30', 'plain']) {
      expect(decodeNdcOfferId('AA', bad, offerIds)).toBeNull();
      expect(decodeNdcOfferId('AA', offerIds.sign(bad), offerIds)).toBeNull();
    }
  });
});

describe('NDC transport against the test system', () => {
  let aa: AaTestSystem;
  const transport = new NdcTransport(AA_PROFILE);
  const xml = airShoppingRequest(
    {
      slices: [{ origin: 'JFK', destination: 'LAX', departureDate: daysAhead(10) }],
      passengers: { adults: 1, children: 0, infants: 0 },
      cabin: null,
      maxConnections: null,
    },
    seller,
  );
  const slowXml = xml
    .replace('<IATA_LocationCode>LAX', '<IATA_LocationCode>ABI')
    .replace('<IATA_LocationCode>JFK', '<IATA_LocationCode>DFW');
  beforeAll(async () => {
    aa = await startAaTestSystem({ subscriptionKey: KEY, logger: false });
  });
  afterAll(async () => {
    await transport.close();
    await aa?.close();
  });

  it('a wrong subscription key is an unavailable connection with the gateway text', async () => {
    const res = await transport.call(
      { baseUrl: aa.url, subscriptionKey: 'wrong' },
      { message: 'AirShopping', xml, budgetMs: 5_000 },
    );
    expect(res).toMatchObject({
      ok: false,
      failure: {
        kind: 'unavailable',
        retryable: true,
        message: expect.stringMatching(/HTTP 401: Access denied due to invalid subscription key/),
      },
    });
  });

  it('the time budget ends a slow call as a retryable timeout; a caller abort is cancelled', async () => {
    const slow = await transport.call(
      { baseUrl: aa.url, subscriptionKey: KEY },
      { message: 'AirShopping', xml: slowXml, budgetMs: 300 },
    );
    expect(slow).toMatchObject({ ok: false, failure: { kind: 'timeout', retryable: true } });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const aborted = await transport.call(
      { baseUrl: aa.url, subscriptionKey: KEY },
      { message: 'AirShopping', xml: slowXml, budgetMs: 5_000, signal: controller.signal },
    );
    expect(aborted).toMatchObject({ ok: false, failure: { kind: 'cancelled' } });
  });

  it('no listener is unavailable, never a throw', async () => {
    const res = await transport.call(
      { baseUrl: 'http://127.0.0.1:9', subscriptionKey: KEY },
      { message: 'AirShopping', xml, budgetMs: 2_000 },
    );
    expect(res).toMatchObject({ ok: false, failure: { kind: 'unavailable', retryable: true } });
  });

  it('a live call without AA_LIVE_URL is not_configured', async () => {
    const connector = createAaConnector({
      testUrl: aa.url,
      testSubscriptionKey: KEY,
      liveUrl: null,
      liveSubscriptionKey: null,
      offerIds,
    });
    const res = await connector.search(
      {
        slices: [{ origin: 'JFK', destination: 'LAX', departureDate: daysAhead(10) }],
        passengers: { adults: 1, children: 0, infants: 0 },
        cabin: null,
        maxConnections: null,
      },
      { environment: 'live' },
    );
    expect(res).toMatchObject({ ok: false, failure: { kind: 'not_configured', retryable: false } });
    await connector.close();
  });
});

describe('live keys and the aggregator time-out through the gateway', () => {
  let f: ShoppingFixture;
  beforeAll(async () => {
    f = await shoppingFixture({ env: { SEARCH_TIMEOUT_MS: '800' } });
  });
  afterAll(async () => f?.close());

  it('a live key on a gateway without AA_LIVE_URL answers a clear 502, never a crash', async () => {
    const live = await f.agencyWithKey({ environment: 'live' });
    const res = await f.search({ origin: 'JFK', destination: 'LAX', departure_date: daysAhead(10), adults: 1 }, live.secret);
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toMatch(/AA live connection is not configured/);
    const price = await f.app.inject({
      method: 'POST',
      url: '/v1/offers/price',
      headers: { 'x-api-key': live.secret },
      payload: { offer_id: 'AA|1.e30' },
    });
    expect([404, 502]).toContain(price.statusCode);
  });

  it('an airline slower than the aggregator time-out is timed_out, and the search answers within the bound', async () => {
    const started = Date.now();
    const res = await f.search({ origin: 'DFW', destination: 'ABI', departure_date: daysAhead(10), adults: 1 });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(res.statusCode).toBe(502);
    expect(res.json().connectors).toEqual([expect.objectContaining({ airline: 'AA', status: 'timed_out' })]);
  });
});

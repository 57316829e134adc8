// A requested currency (issue 47, item 6) through the gateway's API, against the AA, VS and Duffel
// test systems (no mock in between):
// - VS sells London departures in GBP and USD: its published airshoppingrq_specific_currency_code.xml
//   asks for USD from LHR, and USD is what its offers come in.
// - AA prices the point of sale's currency whatever the request asks (GBP from the UK): a GBP
//   request from LHR is answered in GBP; a USD one too, with a currency_not_honoured warning.
// - Duffel's offer requests take no currency: its offers come in the first airport's currency, warned.
// - The gateway never converts; the cache keeps one answer per currency.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AaTestSystem } from '../../src/testsystem/aa/server.js';
import type { DuffelTestSystem } from '../../src/testsystem/duffel/server.js';
import type { VsTestSystem } from '../../src/testsystem/vs/server.js';
import { startThreeTestSystems } from '../aggregation/three-test-systems.js';
import { generatedNotifySecrets } from '../helpers/notify-secrets.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { PASSENGER } from '../orders/order-fixture.js';
import { airlineCalls, daysAhead } from './shopping-fixture.js';

interface OfferJson {
  offer_id: string;
  airline: string;
  source: string;
  currency: string;
  total_amount: number;
}
interface WarningJson {
  code: string;
  message: string;
  source: string;
  airline: string;
  requested_currency: string;
  currency: string;
}

let t: TestApp;
let key: string;
let aa: AaTestSystem;
let vs: VsTestSystem;
let duffel: DuffelTestSystem;

beforeAll(async () => {
  const secrets = generatedNotifySecrets();
  ({ aa, vs, duffel } = await startThreeTestSystems(secrets));
  t = await buildTestApp({
    env: {
      ...secrets,
      AA_TEST_SUBSCRIPTION_KEY: 'aa-test-subscription-key',
      VS_TEST_SUBSCRIPTION_KEY: 'vs-test-subscription-key',
      SEARCH_RATE_LIMIT_PER_MINUTE: '1000',
    },
    app: { testSystemUrls: { AA: aa.url, VS: vs.url, DUFFEL: duffel.url } },
  });
  key = (await t.agencyWithKey()).secret;
});
afterAll(async () => {
  await t?.close();
  await Promise.all([aa?.close(), vs?.close(), duffel?.close()]);
});

const search = (body: Record<string, unknown>, url = '/v1/shopping/offers') =>
  t.app.inject({ method: 'POST', url, headers: { 'x-api-key': key }, payload: body });
const fromLondon = (extra: Record<string, unknown>) => ({
  origin: 'LHR',
  destination: 'JFK',
  departure_date: daysAhead(40),
  adults: 1,
  max_connections: 0,
  ...extra,
});
const currencies = (offers: OfferJson[], source: string) =>
  new Set(offers.filter((o) => o.source === source).map((o) => o.currency));

describe('a requested currency', () => {
  it('USD from LHR: VS answers in USD; AA and Duffel answer in GBP, each warned, amounts not converted', async () => {
    const res = await search(fromLondon({ currency: 'USD' }));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { offers: OfferJson[]; warnings?: WarningJson[] };
    expect(currencies(body.offers, 'VS')).toEqual(new Set(['USD']));
    expect(currencies(body.offers, 'AA')).toEqual(new Set(['GBP']));
    expect(currencies(body.offers, 'DUFFEL')).toEqual(new Set(['GBP']));

    const warnings = body.warnings ?? [];
    expect(warnings.every((w) => w.code === 'currency_not_honoured' && w.requested_currency === 'USD')).toBe(true);
    expect(warnings.some((w) => w.source === 'VS')).toBe(false);
    const aaWarning = warnings.find((w) => w.source === 'AA');
    expect(aaWarning).toMatchObject({ airline: 'AA', currency: 'GBP' });
    expect(aaWarning!.message).toBe('USD was requested; AA offers are in GBP, the currency AA sells them in');
    const duffelWarnings = warnings.filter((w) => w.source === 'DUFFEL');
    expect(duffelWarnings.length).toBeGreaterThan(0);
    for (const w of duffelWarnings) {
      expect(w.currency).toBe('GBP');
      expect(w.message).toBe(`USD was requested; DUFFEL cannot be asked for a currency, so its ${w.airline} offers are in GBP`);
    }
    // One warning per source, airline and currency, for exactly the offers not in USD.
    const warned = new Set(warnings.map((w) => `${w.source} ${w.airline} ${w.currency}`));
    const notUsd = new Set(body.offers.filter((o) => o.currency !== 'USD').map((o) => `${o.source} ${o.airline} ${o.currency}`));
    expect(warned).toEqual(notUsd);
    expect(warnings.length).toBe(notUsd.size);
  });

  it('GBP from LHR: AA files UK departures in GBP, so AA (and VS and Duffel) answer in GBP with no warning', async () => {
    const res = await search(fromLondon({ currency: 'GBP' }));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { offers: OfferJson[]; warnings?: WarningJson[] };
    expect(currencies(body.offers, 'AA')).toEqual(new Set(['GBP']));
    expect(currencies(body.offers, 'VS')).toEqual(new Set(['GBP']));
    expect(body.warnings).toBeUndefined();
  });

  it('no currency asked: no warning, each airline in its own currency', async () => {
    const res = await search(fromLondon({ departure_date: daysAhead(41) }));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { offers: OfferJson[]; warnings?: WarningJson[] };
    expect(currencies(body.offers, 'VS')).toEqual(new Set(['GBP']));
    expect(body.warnings).toBeUndefined();
  });

  it("the same search in USD is priced higher in figures than in GBP by VS (its own conversion, not the gateway's)", async () => {
    const usd = (await search(fromLondon({ currency: 'USD' }))).json() as { offers: OfferJson[] };
    const gbp = (await search(fromLondon({ currency: 'GBP' }))).json() as { offers: OfferJson[] };
    const cheapest = (offers: OfferJson[]) => Math.min(...offers.filter((o) => o.source === 'VS').map((o) => o.total_amount));
    expect(cheapest(usd.offers)).toBeGreaterThan(cheapest(gbp.offers));
    // AA's answer is the same GBP figure whatever was asked.
    const aaCheapest = (offers: OfferJson[]) => Math.min(...offers.filter((o) => o.source === 'AA').map((o) => o.total_amount));
    expect(aaCheapest(usd.offers)).toBe(aaCheapest(gbp.offers));
  });

  it('a VS offer sold in USD is held in USD at the amount the search showed', async () => {
    const res = await search(fromLondon({ departure_date: daysAhead(43), currency: 'USD' }));
    const offer = (res.json() as { offers: OfferJson[] }).offers.find((o) => o.source === 'VS')!;
    const held = await t.app.inject({
      method: 'POST',
      url: '/v1/orders',
      headers: { 'x-api-key': key },
      payload: { offer_id: offer.offer_id, passengers: [PASSENGER], payment: { type: 'hold' } },
    });
    expect(held.statusCode, held.body).toBe(201);
    expect(held.json()).toMatchObject({ currency: 'USD', total: offer.total_amount });
  });

  it('the cache is keyed by currency: another currency asks the airlines again, the same one is a hit with its warnings', async () => {
    const body = fromLondon({ departure_date: daysAhead(45), currency: 'USD' });
    const first = await search(body);
    expect(first.statusCode, first.body).toBe(200);
    const calls = await airlineCalls(t);
    const other = await search({ ...body, currency: 'EUR' });
    expect(other.headers['x-cache']).toBe('MISS');
    expect(await airlineCalls(t)).toBeGreaterThan(calls);
    const eur = (other.json() as { warnings: WarningJson[] }).warnings;
    expect(eur.every((w) => w.requested_currency === 'EUR')).toBe(true);
    // VS sells in GBP and USD only: EUR is answered in GBP, warned like AA's.
    expect(eur.find((w) => w.source === 'VS')).toMatchObject({ airline: 'VS', currency: 'GBP' });

    const again = await search(body);
    expect(again.headers['x-cache']).toBe('HIT');
    expect(again.json().warnings).toEqual(first.json().warnings);
    expect(again.json().offers).toEqual(first.json().offers);
  });

  it('the stream names the requested currency the same: warnings on its done event, a cache hit too', async () => {
    const body = fromLondon({ departure_date: daysAhead(47), currency: 'USD' });
    const doneWarnings = async () => {
      const res = await search(body, '/v1/shopping/offers/stream');
      expect(res.statusCode, res.body).toBe(200);
      const done = res.body
        .split('\n\n')
        .find((block) => block.startsWith('event: done'))!
        .split('\n')
        .find((l) => l.startsWith('data: '))!
        .slice(6);
      return (JSON.parse(done) as { warnings: WarningJson[] }).warnings;
    };
    const first = await doneWarnings();
    expect(first.map((w) => w.source)).toContain('AA');
    expect(first.map((w) => w.source)).not.toContain('VS');
    const calls = await airlineCalls(t);
    expect(await doneWarnings()).toEqual(first);
    expect(await airlineCalls(t)).toBe(calls);
  });
});

describe('a malformed or unknown currency', () => {
  it.each([
    ['usd', 'currency must be a three-letter upper-case ISO 4217 code (got "usd")'],
    ['US', 'currency must be a three-letter upper-case ISO 4217 code (got "US")'],
    ['US$', 'currency must be a three-letter upper-case ISO 4217 code (got "US$")'],
    ['ABC', 'currency ABC is not an ISO 4217 currency code'],
    ['XTS', 'currency XTS is not an ISO 4217 currency code'],
  ])('%s answers 400 naming the field', async (currency, message) => {
    const before = await airlineCalls(t);
    const res = await search(fromLondon({ currency }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toBe(message);
    expect(await airlineCalls(t)).toBe(before);
  });

  it('a currency that is not a string answers 400 naming the field', async () => {
    const res = await search(fromLondon({ currency: 840 }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toContain('currency');
  });
});

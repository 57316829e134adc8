// Every AirShoppingRQ VS publishes (../shared/ndc/samples-21.3/airshopping, read in place) is one VS's
// own API takes, four of them with children out of the schema's order or stray characters between
// elements: the VS test system answers each with offers, in answers that validate and that place the
// booking class where VS's answers do (PaxSegment/MarketingCarrierRBD_Code, not the fare component).
// A requested currency (ResponseParameters/CurParameter) is honoured where VS sells in it, and
// otherwise the answer says which currency it is in.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VsTestSystem } from '../../../src/testsystem/vs/server.js';
import { NDC_SAMPLES_DIR, needsUpstream } from '../../helpers/upstream.js';
import { xsdErrorsMany } from '../aa/aa-test-helpers.js';
import { airShoppingRq, all, control, post, startVs } from './vs-test-helpers.js';

let vs: VsTestSystem;
beforeAll(async () => {
  vs = await startVs();
});
afterAll(async () => vs.close());

const FOLDER = path.join(NDC_SAMPLES_DIR, 'airshopping');

/** The published requests, each with the first date it shops for. */
function airShoppingRequests(): { name: string; xml: string; firstDate: string }[] {
  return readdirSync(FOLDER)
    .filter((f) => /rq([_.]|$)/i.test(f))
    .sort()
    .map((name) => {
      const xml = readFileSync(path.join(FOLDER, name), 'utf8');
      return { name, xml, firstDate: /<Date>([\d-]+)<\/Date>/.exec(xml)![1]! };
    });
}

/** The currency request of VS's own sample, put into a request of ours. */
const withCurrency = (xml: string, currency: string) =>
  xml.replace(
    '</Request>',
    `<ResponseParameters xmlns="http://www.iata.org/IATA/2015/EASD/00/IATA_OffersAndOrdersCommonTypes"><CurParameter><CurCode>${currency}</CurCode></CurParameter></ResponseParameters></Request>`,
  );

describe("VS's published AirShoppingRQ samples", () => {
  it('answers all 11 with offers, those out of schema order included, each answer schema-valid with the booking class on the PaxSegment', async () => {
    needsUpstream('ndc-samples');
    const requests = airShoppingRequests();
    expect(requests).toHaveLength(11);
    const answers: { name: string; xml: string }[] = [];
    try {
      for (const request of requests) {
        // Shop three weeks before the sample's first date, as the sample's seller did.
        const clock = new Date(Date.parse(`${request.firstDate}T09:00:00Z`) - 21 * 86_400_000).toISOString();
        await control(vs, 'POST', '/control/clock', { now: clock });
        const res = await post(vs, 'AirShopping', request.xml);
        expect({ name: request.name, status: res.status }).toEqual({ name: request.name, status: 200 });
        expect(res.body, request.name).toContain('<OfferID>');
        answers.push({ name: request.name, xml: res.body });
      }
    } finally {
      await control(vs, 'POST', '/control/clock', { now: '2026-11-20T12:00:00Z' });
    }
    // Four of them drift from the schema as published: VS takes them, so does its test system.
    const requestErrors = await xsdErrorsMany('IATA_AirShoppingRQ', requests);
    expect([...requestErrors.values()].filter((e) => e.length > 0).length).toBe(4);
    const answerErrors = await xsdErrorsMany('IATA_AirShoppingRS', answers);
    for (const answer of answers) {
      expect(answerErrors.get(answer.name), answer.name).toEqual([]);
      const paxSegments = [...answer.xml.matchAll(/<PaxSegment>([\s\S]*?)<\/PaxSegment>/g)].map((m) => m[1]!);
      expect(paxSegments.length, answer.name).toBeGreaterThan(0);
      for (const segment of paxSegments) {
        expect(segment, answer.name).toMatch(/<MarketingCarrierRBD_Code>[A-Z]<\/MarketingCarrierRBD_Code>/);
        expect(segment, answer.name).toMatch(/<SegmentCabinType><CabinTypeCode>\d<\/CabinTypeCode>/);
      }
      expect(answer.xml, answer.name).not.toContain('<RBD_Code>');
    }
  });
});

describe('a requested currency at VS (ResponseParameters/CurParameter, airshoppingrq_specific_currency_code.xml)', () => {
  const sample = () => readFileSync(path.join(FOLDER, 'airshoppingrq_specific_currency_code.xml'), 'utf8');
  /** VS's currency sample, shopping from London (its ODs turned around) on dates the clock sells. */
  const fromLondon = (currency: string) =>
    sample()
      .replace('<CurCode>USD</CurCode>', `<CurCode>${currency}</CurCode>`)
      .replace(
        /<IATA_LocationCode>(LHR|JFK)<\/IATA_LocationCode>/g,
        (_, code: string) => `<IATA_LocationCode>${code === 'LHR' ? 'JFK' : 'LHR'}</IATA_LocationCode>`,
      )
      .replace('2025-11-09', '2026-12-15')
      .replace('2025-11-16', '2026-12-22');

  it('prices a London round trip in US dollars when the seller asks for them', async () => {
    needsUpstream('ndc-samples');
    const res = await post(vs, 'AirShopping', fromLondon('USD'));
    expect(res.status).toBe(200);
    expect(res.body).toContain('<OfferID>');
    expect(new Set([...res.body.matchAll(/CurCode="(\w+)"/g)].map((m) => m[1]))).toEqual(new Set(['USD']));
    expect(res.body).not.toContain('<Warning>');
  });

  it('answers a currency VS does not sell in with its own, and says so', async () => {
    needsUpstream('ndc-samples');
    const res = await post(vs, 'AirShopping', fromLondon('JPY'));
    expect(res.status).toBe(200);
    expect(new Set([...res.body.matchAll(/CurCode="(\w+)"/g)].map((m) => m[1]))).toEqual(new Set(['GBP']));
    expect(all(/<Warning(?: [^>]*)?>([\s\S]*?)<\/Warning>/.exec(res.body)?.[1] ?? '', 'DescText')).toEqual([
      'Requested currency JPY is not available; prices are in GBP',
    ]);
  });

  it('takes a currency request on a request of the gateway shape too', async () => {
    const res = await post(vs, 'AirShopping', withCurrency(airShoppingRq('LHR', 'JFK'), 'USD'));
    expect(res.body).toMatch(/<TotalAmount CurCode="USD">/);
    expect(res.body).not.toMatch(/CurCode="GBP"/);
  });
});

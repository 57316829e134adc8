import { AA_PROFILE } from '../../../src/testsystem/aa/aa-profile.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScheduleService } from '../../../src/testsystem/ndc/network/schedule-service.js';
import { bookingRefusalText } from '../../../src/testsystem/aa/aa-dialect.js';
import type { AaTestSystem } from '../../../src/testsystem/aa/server.js';
import { airShoppingRq, control, offerPriceRq, offersIn, post, startFixedServer, xsdErrors } from './aa-test-helpers.js';

let system: AaTestSystem;
beforeAll(async () => {
  system = await startFixedServer();
});
afterAll(async () => system.close());

describe('credentials and invalid requests', () => {
  it('refuses a wrong or missing subscription key in the API gateway JSON, before any NDC', async () => {
    const wrong = await post(system, 'AirShopping', airShoppingRq('JFK', 'LAX'), 'wrong-key');
    expect(wrong.status).toBe(401);
    expect(JSON.parse(wrong.body)).toEqual({
      statusCode: 401,
      message: 'Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.',
    });
    const missing = await post(system, 'AirShopping', airShoppingRq('JFK', 'LAX'), null);
    expect(missing.status).toBe(401);
    expect(JSON.parse(missing.body)).toEqual({
      statusCode: 401,
      message:
        'Access denied due to missing subscription key. Make sure to include subscription key when making requests to an API.',
    });
  });

  it('answers malformed and schema-invalid XML with an NDC Error', async () => {
    const broken = await post(system, 'AirShopping', '<IATA_AirShoppingRQ><Request>');
    expect(broken.status).toBe(400);
    expect(await xsdErrors('IATA_AirShoppingRS', broken.body)).toEqual([]);
    const invalid = await post(
      system,
      'AirShopping',
      airShoppingRq('JFK', 'LAX').replace(/<DistributionChain>[\s\S]*<\/DistributionChain>/, ''),
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body).toContain('schema validation');
    expect(await xsdErrors('IATA_AirShoppingRS', invalid.body)).toEqual([]);
  });
});

describe('scenarios', () => {
  it('reports a route nobody flies', async () => {
    const res = await post(system, 'AirShopping', airShoppingRq('JFK', 'ULN'));
    expect(res.body).toContain('No fares or flights available for JFK-ULN');
    expect(await xsdErrors('IATA_AirShoppingRS', res.body)).toEqual([]);
  });

  it('answers OfferPrice on an expired or unknown offer with AA error text', async () => {
    const shop = await post(system, 'AirShopping', airShoppingRq('MIA', 'TPA'));
    const offer = offersIn(shop.body)[0]!;
    const res = await post(system, 'OfferPrice', offerPriceRq(offer.offerId, offer.items));
    expect(res.body).toContain(`Invalid or Expired Offer ${offer.offerId}`);
    expect(await xsdErrors('IATA_OfferPriceRS', res.body)).toEqual([]);
    const unknown = await post(system, 'OfferPrice', offerPriceRq('AAUNKNOWN', [{ itemId: 'AAUNKNOWN-1', paxIds: ['PAX1'] }]));
    expect(unknown.body).toContain('Invalid or Expired Offer AAUNKNOWN');
  });

  it('expires offers when the control clock moves past 30 minutes', async () => {
    const shop = await post(system, 'AirShopping', airShoppingRq('CLT', 'BOS'));
    const offer = offersIn(shop.body)[0]!;
    await control(system, 'POST', '/control/clock', { advanceSeconds: 31 * 60 });
    const res = await post(system, 'OfferPrice', offerPriceRq(offer.offerId, offer.items));
    expect(res.body).toContain('Invalid or Expired Offer');
    await control(system, 'POST', '/control/clock', { now: '2026-11-20T12:00:00Z' });
  });

  it('changes the price on reprice for ORD-BOS with a warning', async () => {
    const shop = await post(system, 'AirShopping', airShoppingRq('ORD', 'BOS'));
    const offer = offersIn(shop.body)[0]!;
    const res = await post(system, 'OfferPrice', offerPriceRq(offer.offerId, offer.items));
    expect(await xsdErrors('IATA_OfferPriceRS', res.body)).toEqual([]);
    expect(res.body).toContain('<Warning ');
    expect(offersIn(res.body)[0]!.total).toBeGreaterThan(offer.total);
  });

  it('sells out PHX-BOS non-stops so only connections are offered', async () => {
    const res = await post(system, 'AirShopping', airShoppingRq('PHX', 'BOS'));
    const offers = offersIn(res.body);
    expect(offers.length).toBeGreaterThan(0);
    expect(offers.every((o) => o.flights.length > 1)).toBe(true);
  });

  it('publishes a DFW-SAT flight that does not operate, so booking it will be refused', () => {
    const schedule = createScheduleService(AA_PROFILE, {
      ghostFlights: (f) => f.pattern.origin === 'DFW' && f.pattern.destination === 'SAT',
    });
    const flight = schedule.departures('DFW', '2026-12-15').find((f) => f.pattern.destination === 'SAT')!;
    expect(schedule.flight(flight.key)).toBeDefined();
    expect(schedule.operates(flight.key)).toBe(false);
    const text = bookingRefusalText('SEG1', 'AA123 DFW-SAT 2026-12-15');
    expect(text.split('\n')[0]).toBe('[325] Error during booking process. Code: 21, message: Rebooked segment unavailable');
    expect(text.split('\n')[1]).toContain('Priced segment reference missing');
  });

  it('fires route faults: 5xx, malformed XML, slow answer and time-out', async () => {
    const fivexx = await post(system, 'AirShopping', airShoppingRq('DFW', 'TXK'));
    expect(fivexx.status).toBe(503);
    expect(await xsdErrors('IATA_AirShoppingRS', fivexx.body)).toEqual([]);
    const malformed = await post(system, 'AirShopping', airShoppingRq('DFW', 'LAW'));
    expect(malformed.status).toBe(200);
    expect(malformed.body.trim().endsWith('>')).toBe(true);
    expect(await xsdErrors('IATA_AirShoppingRS', malformed.body)).not.toEqual([]);
    const started = Date.now();
    const slow = await post(system, 'AirShopping', airShoppingRq('DFW', 'ABI'));
    expect(slow.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
    await expect(post(system, 'AirShopping', airShoppingRq('DFW', 'SJT'), undefined, AbortSignal.timeout(500))).rejects.toThrow();
  });

  it('switches an outage on and off through the control endpoint', async () => {
    const on = await control(system, 'POST', '/control/faults', { kind: 'http5xx', status: 502, messages: ['AirShopping'] });
    expect(on.status).toBe(201);
    const state = (await (await control(system, 'GET', '/control/state')).json()) as { fault: { kind: string } };
    expect(state.fault.kind).toBe('http5xx');
    expect((await post(system, 'AirShopping', airShoppingRq('JFK', 'LAX'))).status).toBe(502);
    await control(system, 'DELETE', '/control/faults');
    expect((await post(system, 'AirShopping', airShoppingRq('JFK', 'LAX'))).status).toBe(200);
    await control(system, 'POST', '/control/faults', { kind: 'slow', delayMs: 300, remaining: 1 });
    const t = Date.now();
    await post(system, 'AirShopping', airShoppingRq('JFK', 'LAX'));
    expect(Date.now() - t).toBeGreaterThanOrEqual(290);
    expect(((await (await control(system, 'GET', '/control/state')).json()) as { fault: unknown }).fault).toBeNull();
  });
});

describe('inventory through the control endpoint', () => {
  it('shows a flight sold out after /control/inventory/close and drops it from shopping', async () => {
    const shop = await post(system, 'AirShopping', airShoppingRq('CLT', 'MCO', '2026-12-16'));
    const nonstop = offersIn(shop.body).find((o) => o.flights.length === 1)!;
    const key = `${nonstop.flights[0]}/2026-12-16`;
    const before = (await (await control(system, 'GET', `/control/inventory?flight=${encodeURIComponent(key)}`)).json()) as {
      cabins: { cabin: string; remaining: number; openClasses: Record<string, string | null> }[];
    };
    const economy = before.cabins.find((c) => c.cabin === 'Y')!;
    expect(economy.remaining).toBeGreaterThan(0);
    expect(economy.openClasses.MAIN).toMatch(/^[A-Z]$/);
    expect((await control(system, 'POST', '/control/inventory/close', { flightKey: key })).status).toBe(204);
    const after = (await (
      await control(system, 'GET', `/control/inventory?flight=${encodeURIComponent(key)}`)
    ).json()) as typeof before;
    expect(after.cabins.every((c) => c.remaining === 0)).toBe(true);
    const again = await post(system, 'AirShopping', airShoppingRq('CLT', 'MCO', '2026-12-16'));
    expect(offersIn(again.body).some((o) => o.flights.includes(nonstop.flights[0]!))).toBe(false);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airlineCalls, daysAhead, shoppingFixture, type ShoppingFixture } from './shopping-fixture.js';

let f: ShoppingFixture;
beforeAll(async () => {
  f = await shoppingFixture({ env: { SEARCH_RATE_LIMIT_PER_MINUTE: '1000' } });
});
afterAll(async () => f?.close());

const base = { origin: 'JFK', destination: 'LAX', departure_date: daysAhead(20), adults: 1 };
const yesterday = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);

describe('search validation (rule 9): 400 naming the field, before any airline call', () => {
  const cases: [string, Record<string, unknown>, string | RegExp][] = [
    ['adults below 1', { ...base, adults: 0 }, 'adults must be >= 1'],
    ['adults missing', { origin: 'JFK', destination: 'LAX', departure_date: base.departure_date }, 'adults is required'],
    [
      'origin missing',
      { destination: 'LAX', departure_date: base.departure_date, adults: 1 },
      'origin and destination are required',
    ],
    [
      'destination missing',
      { origin: 'JFK', departure_date: base.departure_date, adults: 1 },
      'origin and destination are required',
    ],
    ['same airport', { ...base, destination: 'JFK' }, /origin and destination must differ/],
    [
      'same city JFK-LGA',
      { ...base, destination: 'LGA' },
      'origin and destination are in the same city (JFK and LGA are both New York)',
    ],
    ['same city EWR-JFK', { ...base, origin: 'EWR', destination: 'JFK' }, /same city \(EWR and JFK are both New York\)/],
    ['same city LHR-LGW', { ...base, origin: 'LHR', destination: 'LGW' }, /same city/],
    ['code of two letters', { ...base, origin: 'JF' }, 'origin must be a three-letter airport code (got "JF")'],
    ['code with a digit', { ...base, destination: 'LA1' }, /^destination must be a three-letter airport code/],
    ['past date', { ...base, departure_date: yesterday }, `invalid departure_date: ${yesterday} is in the past`],
    ['not a date', { ...base, departure_date: '2026-02-30' }, /^invalid departure_date/],
    ...(['2027-02-29', '2100-02-29', '2027-04-31', '2027-13-01', '2027-00-10', '2027-01-00', '2027-1-10'].map((date) => [
      `no such calendar date ${date}`,
      { ...base, departure_date: date },
      'invalid departure_date: expected a calendar date YYYY-MM-DD',
    ]) as [string, Record<string, unknown>, string][]),
    // Real leap days are dates: refused for when they are, not for what they are.
    [
      'leap day 2000 is a date, in the past',
      { ...base, departure_date: '2000-02-29' },
      'invalid departure_date: 2000-02-29 is in the past',
    ],
    [
      'leap day 2028 is a date, beyond the selling window',
      { ...base, departure_date: '2028-02-29' },
      /^invalid departure_date: 2028-02-29 is beyond the selling window/,
    ],
    [
      'date far beyond the selling window',
      { ...base, departure_date: '9999-12-31' },
      'invalid departure_date: 9999-12-31 is beyond the selling window (departure_date must be within 331 days)',
    ],
    ['date just past 331 days', { ...base, departure_date: daysAhead(333) }, /departure_date must be within 331 days\)$/],
    [
      'return date beyond the selling window',
      { ...base, return_date: daysAhead(400) },
      `invalid return_date: ${daysAhead(400)} is beyond the selling window (return_date must be within 331 days)`,
    ],
    [
      'multi-city slice beyond the selling window',
      {
        adults: 1,
        slices: [
          { origin: 'ORD', destination: 'LAX', departure_date: base.departure_date },
          { origin: 'LAX', destination: 'MIA', departure_date: '9999-12-31' },
        ],
      },
      /^invalid slices\[1\]\.departure_date: 9999-12-31 is beyond the selling window \(slices\[1\]\.departure_date must be within 331 days\)$/,
    ],
    ['children over 8', { ...base, children: 9 }, 'children must be <= 8'],
    [
      'more than 9 passengers',
      { ...base, adults: 5, children: 4, infants: 1 },
      'adults, children and infants together must be at most 9 per search',
    ],
    ['more infants than adults', { ...base, adults: 1, infants: 2 }, /^infants must not exceed adults/],
    ['return before departure', { ...base, return_date: daysAhead(10) }, 'return_date must not be before departure_date'],
    ['bad cabin', { ...base, cabin: 'luxury' }, /^cabin must be one of/],
    [
      'multi-city slice in the same city',
      { adults: 1, slices: [{ origin: 'ORD', destination: 'MDW', departure_date: base.departure_date }] },
      /^slices\[0\]\.origin and destination are in the same city/,
    ],
    [
      'slices mixed with origin',
      { ...base, slices: [{ origin: 'ORD', destination: 'LAX', departure_date: base.departure_date }] },
      /cannot be combined/,
    ],
    [
      'slices out of order',
      {
        adults: 1,
        slices: [
          { origin: 'ORD', destination: 'LAX', departure_date: daysAhead(20) },
          { origin: 'LAX', destination: 'MIA', departure_date: daysAhead(10) },
        ],
      },
      /slices\[1\]\.departure_date must not be before/,
    ],
  ];

  it.each(cases)('%s', async (_name, body, message) => {
    const before = await airlineCalls(f);
    for (const url of ['/v1/shopping/offers', '/v1/shopping/offers/stream']) {
      const res = await f.app.inject({ method: 'POST', url, headers: { 'x-api-key': f.key }, payload: body });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      const error = res.json().error as string;
      if (typeof message === 'string') expect(error).toBe(message);
      else expect(error).toMatch(message);
    }
    expect(await airlineCalls(f)).toBe(before);
  });

  it('a date 330 days ahead is still on sale and reaches the airline', async () => {
    const before = await airlineCalls(f);
    const res = await f.search({ ...base, departure_date: daysAhead(330) });
    expect(res.statusCode, res.body).toBe(200);
    expect(await airlineCalls(f)).toBe(before + 1);
  });

  it('needs a key', async () => {
    const res = await f.app.inject({ method: 'POST', url: '/v1/shopping/offers', payload: base });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('missing X-API-Key');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSync } from '../../src/aviation/importers/sync-runner.js';
import { FIXTURES } from '../aviation/aviation-test-app.js';
import { startPortal, type Portal } from '../portal/portal-harness.js';

/**
 * Finding 7 and part of 11, one case each, through HTTP on this run's storage: bad input is a
 * 400 that names the field, never a 500 from the database or a silently coerced value.
 */
let p: Portal;
let key: string;
let userToken: string;
let operatorToken: string;

beforeAll(async () => {
  // Its own database, with the aviation fixtures: aviation tables are global.
  p = await startPortal({ isolated: true });
  await runSync(p.platform, { from: FIXTURES, source: null });
  key = (await p.agencyWithKey()).secret;
  userToken = await p.token((await p.user()).email);
  operatorToken = await p.operatorToken((await p.user({ agencyId: null, permissions: ['platform.read'] })).email);
});
afterAll(async () => p?.close());

const withKey = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  p.app.inject({
    method,
    url,
    headers: { 'x-api-key': key, ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** The sentence of a plain or enveloped error body. */
function errorOf(res: { statusCode: number; body: string; json(): unknown }): string {
  const body = res.json() as { error?: string; errors?: { message: string }[] };
  return body.error ?? body.errors?.[0]?.message ?? '';
}

const PASSENGER = { given_name: 'Ada', family_name: 'Lovelace', born_on: '1985-12-10' };

describe('NUL characters are a 400 naming the field, wherever they arrive', () => {
  it('in a JSON body, nested', async () => {
    const res = await withKey('POST', '/v1/orders', {
      offer_id: 'AA-x',
      passengers: [{ ...PASSENGER, given_name: 'A\u0000da' }],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res)).toBe('passengers[0].given_name must not contain NUL characters');
  });

  it('in a JSON key', async () => {
    const res = await withKey('POST', '/v1/shopping/offers', { 'ori\u0000gin': 'JFK' });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res)).toContain('must not contain NUL characters');
  });

  it('in a query parameter, in the envelope on aviation', async () => {
    const res = await withKey('GET', '/v1/aviation/airports?city=Bo%00ston');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ data: null, errors: [{ message: 'city must not contain NUL characters' }] });
  });

  it('in a path parameter', async () => {
    const res = await withKey('GET', '/v1/orders/AA-ord%00x?airline=AA');
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res)).toBe('orderID must not contain NUL characters');
  });

  it('in a header value, before the session lookup reads it', async () => {
    const res = await p.app.inject({ method: 'GET', url: '/v1/dev/api-keys', headers: { authorization: 'Bearer ab\u0000cd' } });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res)).toBe('header authorization must not contain NUL characters');
  });
});

describe('huge and non-finite numbers are a 400 naming the field', () => {
  it.each([
    ['/v1/dev/me/security-events?offset=100000000000000000000', 'offset must be <= 1000000'],
    ['/v1/dev/me/security-events?limit=Infinity', 'limit must be a finite number'],
  ])('%s', async (url, message) => {
    const res = await p.request(userToken, 'GET', url);
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res)).toBe(message);
  });

  it.each([
    ['/v1/aviation/airports?page=100000000000000000000', 'page must be <= 100000'],
    ['/v1/aviation/airports?lat=Infinity&lon=0', 'lat must be a finite number'],
    ['/v1/aviation/airports?lat=NaN&lon=0', 'lat must be a number'],
    ['/v1/aviation/airports?lat=10&lon=-1e400', 'lon must be a finite number'],
    ['/v1/aviation/airports?lat=10&lon=10&radius_km=1e20', 'radius_km must be <= 20000'],
  ])('%s', async (url, message) => {
    const res = await withKey('GET', url);
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res)).toBe(message);
  });

  it('a subnormal coordinate is zero, not a database error', async () => {
    const res = await withKey('GET', '/v1/aviation/airports?lat=7.4e-323&lon=6.4e-323');
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a security-event ack id past what the column holds', async () => {
    const res = await p.request(operatorToken, 'POST', '/v1/admin/security/events/99999999999999999999/ack');
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res)).toBe(`id must be <= ${Number.MAX_SAFE_INTEGER}`);
  });

  it('a number in a JSON body beyond a double', async () => {
    const res = await withKey(
      'POST',
      '/v1/shopping/offers',
      '{"origin":"JFK","destination":"LAX","departure_date":"2099-01-01","adults":1e400}',
      {
        'content-type': 'application/json',
      },
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res)).toBe('adults must be an integer');
  });
});

describe('JSON bodies are validated as sent: no coercion', () => {
  const search = { origin: 'JFK', destination: 'LAX', departure_date: '2099-01-01' };
  it.each([['1'], [true]])('adults %j is refused', async (adults) => {
    const res = await withKey('POST', '/v1/shopping/offers', { ...search, adults });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res)).toBe('adults must be an integer');
  });

  it('while a query string still carries numbers as text', async () => {
    const res = await p.request(userToken, 'GET', '/v1/dev/me/security-events?limit=5&offset=0');
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('PUT /v1/orders/{orderID} validates its change request', () => {
  const put = (body: unknown) => withKey('PUT', '/v1/orders/AA-ord_nosuch?airline=AA', body);

  it.each([
    [{ seats: 'x' }, 'seats must be an array'],
    [{ Seats: [{ Segment_ID: 1, passenger_id: 'PAX1', designator: '12C' }] }, 'seats[0].segment_id must be a string'],
    [{ SEATS: [{ segment_id: 'S1', passenger_id: 'PAX1', designator: 'window' }] }, 'seats[0].designator has an invalid format'],
    [{ contact: { email: 'nope' } }, 'contact.email must be a valid e-mail address'],
    [{ Payment: { type: 'cash' } }, 'payment.type must be one of: hold, agency_account, card, airline_credit'],
  ])('%j → %s', async (body, message) => {
    const res = await put(body);
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res)).toBe(message);
  });

  it('a well-formed change of an unknown order reaches the handler: 404', async () => {
    const res = await put({ Contact: { Email: 'new@example.com' } });
    expect(res.statusCode, res.body).toBe(404);
  });
});

describe('a change confirm names at most one reshop offer per slice', () => {
  it('seven offer_ids are a 400 naming the field, before the order is looked up', async () => {
    const res = await withKey('POST', '/v1/orders/AA-ord_nosuch/change/confirm?airline=AA', {
      offer_id: 'AA|x',
      offer_ids: Array.from({ length: 7 }, (_, i) => `AA|${i}`),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res)).toBe('offer_ids must have at most 6 items');
  });
});

describe('messages name the field and the allowed values', () => {
  it('an enum of literals', async () => {
    const res = await withKey('GET', '/v1/orders?status=bogus');
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res)).toMatch(/^status must be one of: [a-z_]+(, [a-z_]+)+$/);
  });
});

describe('key restrictions', () => {
  const create = (body: Record<string, unknown>) => p.request(userToken, 'POST', '/v1/dev/api-keys', body);

  it.each([
    ['2027-02-30T00:00:00Z', 'expiresAt must be a valid date-time'],
    ['2027-13-01T00:00:00Z', 'expiresAt must be a valid date-time'],
    [new Date(Date.now() + 6 * 366 * 86_400_000).toISOString(), 'expiresAt must be at most 5 years ahead'],
    ['2020-01-01T00:00:00Z', 'expiresAt must be in the future'],
  ])('expiresAt %s is refused', async (expiresAt, message) => {
    const res = await create({ expiresAt });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res)).toContain(message);
  });

  it.each([['/v1/../admin'], ['/v1/./orders'], ['/v1//orders'], ['/v1/%2e%2e/admin'], ['/admin'], ['/v1/orders/'], ['/v1/..']])(
    'allowed_paths %s is refused',
    async (path) => {
      const res = await create({ allowed_paths: ['/v1/aviation', path] });
      expect(res.statusCode, res.body).toBe(400);
      expect(errorOf(res)).toMatch(/^allowed_paths\[1\] must be a path under \/v1\//);
    },
  );

  it('a normal path under /v1/ is kept', async () => {
    const res = await create({ allowed_paths: ['/v1/aviation', '/v1/orders'] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().allowed_paths).toEqual(['/v1/aviation', '/v1/orders']);
  });
});

describe('round 2: prototype keys, content encodings, empty key fields', () => {
  const rawPost = (url: string, payload: string | Buffer, headers: Record<string, string> = {}) =>
    p.app.inject({ method: 'POST', url, headers: { 'x-api-key': key, 'content-type': 'application/json', ...headers }, payload });

  it.each([
    ['{"__proto__": {"admin": true}}', '__proto__', ''],
    ['{"origin": "JFK", "constructor": {"prototype": {"admin": true}}}', 'constructor', ''],
    ['{"passengers": [{"prototype": 1}]}', 'prototype', ' (in passengers[0])'],
    // Spelled with escapes, as JSON allows: the key is the same.
    ['{"\\u005f_proto__": {}}', '__proto__', ''],
  ])('a body key that reaches a prototype is a 400 naming it: %s', async (body, name, where) => {
    const res = await rawPost('/v1/shopping/offers', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'invalid_request_body',
      error: `request body must not contain the key "${name}"${where}`,
    });
  });

  it.each(['gzip', 'br', 'deflate', 'x-custom, gzip'])(
    'a body sent with Content-Encoding %s is a 415 naming it',
    async (encoding) => {
      const res = await rawPost('/v1/shopping/offers', '{"origin": "JFK"}', { 'content-encoding': encoding });
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json()).toMatchObject({
        code: 'unsupported_content_encoding',
        error: `Content-Encoding ${encoding} is not supported: send the body uncompressed (identity)`,
      });
    },
  );

  it('Content-Encoding identity, and the header on a request without a body, change nothing', async () => {
    const identity = await rawPost('/v1/shopping/offers', '{"origin": "JFK"}', { 'content-encoding': 'identity' });
    expect(identity.statusCode, identity.body).toBe(400);
    expect(identity.json().code).not.toBe('unsupported_content_encoding');
    const get = await withKey('GET', '/v1/orders', undefined, { 'content-encoding': 'gzip' });
    expect(get.statusCode, get.body).toBe(200);
  });

  it('key creation: a null body is 400; an empty name or expiresAt is 400 naming the field; expiresAt null never expires', async () => {
    const nullBody = await p.app.inject({
      method: 'POST',
      url: '/v1/dev/api-keys',
      headers: { authorization: `Bearer ${userToken}`, 'content-type': 'application/json' },
      payload: 'null',
    });
    expect(nullBody.statusCode, nullBody.body).toBe(400);
    expect(errorOf(nullBody)).toBe('request body must be a JSON object, or empty; not null');

    const create = (body: Record<string, unknown>) => p.request(userToken, 'POST', '/v1/dev/api-keys', body);
    const emptyName = await create({ name: '' });
    expect(emptyName.statusCode, emptyName.body).toBe(400);
    expect(errorOf(emptyName)).toMatch(/^name /);
    const emptyExpiry = await create({ expiresAt: '' });
    expect(emptyExpiry.statusCode, emptyExpiry.body).toBe(400);
    expect(errorOf(emptyExpiry)).toMatch(/^expiresAt /);

    const never = await create({ name: 'never expires', expiresAt: null });
    expect(never.statusCode, never.body).toBe(201);
    expect(never.json()).toMatchObject({ name: 'never expires', expiresAt: null });
  });
});

// Numbers in paths and query strings are decimal (`0x10` acknowledged event 16), and a body
// declared in a charset other than UTF-8 is a 415 (the declaration was ignored).
describe('numbers in paths and query strings are decimal digits', () => {
  it('a security event id in hex is a 400 naming id, and acknowledges nothing', async () => {
    const user = await p.user();
    await p.login(user.email, 'wrong-password-xyz');
    const [event] = (await p.request(operatorToken, 'GET', `/v1/admin/security/events?user_id=${user.id}`)).json().events as {
      id: number;
    }[];
    for (const spelt of [
      `0x${event!.id.toString(16)}`,
      `0b${event!.id.toString(2)}`,
      `0o${event!.id.toString(8)}`,
      `${event!.id}e0`,
      `%20${event!.id}`,
    ]) {
      const res = await p.request(operatorToken, 'POST', `/v1/admin/security/events/${spelt}/ack`);
      expect(res.statusCode, `${spelt}: ${res.body}`).toBe(400);
      expect(errorOf(res)).toBe('id must be an integer written in decimal digits (0-9)');
    }
    const after = (await p.request(operatorToken, 'GET', `/v1/admin/security/events?user_id=${user.id}`)).json().events as {
      id: number;
      acknowledgedAt: string | null;
    }[];
    expect(after.find((e) => e.id === event!.id)?.acknowledgedAt).toBeNull();
    // Decimal still works.
    expect((await p.request(operatorToken, 'POST', `/v1/admin/security/events/${event!.id}/ack`)).statusCode).toBe(200);
  });

  it.each([
    ['/v1/dev/me/security-events?limit=0x10', 'limit must be an integer written in decimal digits (0-9)'],
    ['/v1/dev/me/security-events?offset=1e1', 'offset must be an integer written in decimal digits (0-9)'],
    ['/v1/dev/me/security-events?limit=%2010', 'limit must be an integer written in decimal digits (0-9)'],
  ])('portal query %s', async (url, message) => {
    const res = await p.request(userToken, 'GET', url);
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res)).toBe(message);
  });

  it.each([
    ['/v1/events?limit=0x10', 'limit must be an integer written in decimal digits (0-9)'],
    ['/v1/aviation/airports?page=0x2', 'page must be an integer written in decimal digits (0-9)'],
    ['/v1/aviation/airports?lat=0x10&lon=0', 'lat must be a number written in decimal notation'],
    ['/v1/aviation/airports?lat=10&lon=0b1', 'lon must be a number written in decimal notation'],
  ])('API query %s', async (url, message) => {
    const res = await p.app.inject({ method: 'GET', url, headers: { 'x-api-key': key } });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res)).toBe(message);
  });

  it('decimal numbers, with a point and an exponent where a number allows one, still pass', async () => {
    for (const url of ['/v1/events?limit=16', '/v1/aviation/airports?lat=51.47&lon=-0.45e0', '/v1/aviation/airports?page=2']) {
      const res = await p.app.inject({ method: 'GET', url, headers: { 'x-api-key': key } });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
  });
});

describe('a body declared in a charset other than UTF-8 is a 415', () => {
  const search = JSON.stringify({ origin: 'JFK', destination: 'LAX', departure_date: '2099-01-01' });
  it.each(['latin1', 'ISO-8859-1', 'utf-16', 'UTF-16LE', '"windows-1252"', ''])('charset=%s', async (charset) => {
    const res = await p.app.inject({
      method: 'POST',
      url: '/v1/shopping/offers',
      headers: { 'x-api-key': key, 'content-type': `application/json; charset=${charset}` },
      payload: search,
    });
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json()).toMatchObject({ code: 'unsupported_charset' });
    expect(errorOf(res)).toMatch(/^the Content-Type header declares (charset |an empty charset).*: send the body as UTF-8/);
  });

  it('on a portal route too, in its error shape, and nothing is stored', async () => {
    const keysBefore = (await p.request(userToken, 'GET', '/v1/dev/api-keys')).json() as { keys: unknown[] };
    const res = await p.app.inject({
      method: 'POST',
      url: '/v1/dev/api-keys',
      headers: { authorization: `Bearer ${userToken}`, 'content-type': 'application/json; charset=latin1' },
      payload: Buffer.from('{"name":"Jos\xe9"}', 'latin1'),
    });
    expect(res.statusCode, res.body).toBe(415);
    expect(errorOf(res)).toContain('charset latin1');
    const keys = (await p.request(userToken, 'GET', '/v1/dev/api-keys')).json() as { keys: unknown[] };
    expect(keys.keys).toEqual(keysBefore.keys);
  });

  it.each([
    'application/json; charset=utf-8',
    'application/json; charset="UTF-8"',
    'application/json;charset=utf8',
    'application/json',
  ])('%s is read', async (contentType) => {
    const res = await p.app.inject({
      method: 'POST',
      url: '/v1/shopping/offers',
      headers: { 'x-api-key': key, 'content-type': contentType },
      payload: JSON.stringify({ origin: 'JFK' }),
    });
    // Read, then refused by the validator for the missing field: the charset was accepted.
    expect(res.statusCode, res.body).toBe(400);
  });
});

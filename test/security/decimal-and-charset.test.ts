import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSync } from '../../src/aviation/importers/sync-runner.js';
import { FIXTURES } from '../aviation/aviation-test-app.js';
import { startPortal, type Portal } from '../portal/portal-harness.js';

/**
 * Round 4's hardening list: numbers in paths and query strings are decimal (`0x10` acknowledged
 * event 16), and a body declared in a charset other than UTF-8 is a 415 (the declaration was
 * ignored). Through HTTP on this run's storage.
 */
let p: Portal;
let key: string;
let operatorToken: string;
let userToken: string;

beforeAll(async () => {
  // Its own database, with the aviation fixtures: aviation tables are global.
  p = await startPortal({ isolated: true });
  await runSync(p.platform, { from: FIXTURES, source: null });
  key = (await p.agencyWithKey()).secret;
  userToken = await p.token((await p.user()).email);
  operatorToken = await p.operatorToken((await p.user({ agencyId: null, permissions: ['platform.read'] })).email);
});
afterAll(async () => p?.close());

function errorOf(res: { body: string; json(): unknown }): string {
  const body = res.json() as { error?: string; errors?: { message: string }[] };
  return body.error ?? body.errors?.[0]?.message ?? '';
}

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
    const res = await p.app.inject({
      method: 'POST',
      url: '/v1/dev/api-keys',
      headers: { authorization: `Bearer ${userToken}`, 'content-type': 'application/json; charset=latin1' },
      payload: Buffer.from('{"name":"Jos\xe9"}', 'latin1'),
    });
    expect(res.statusCode, res.body).toBe(415);
    expect(errorOf(res)).toContain('charset latin1');
    const keys = (await p.request(userToken, 'GET', '/v1/dev/api-keys')).json() as { keys: unknown[] };
    expect(keys.keys).toEqual([]);
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

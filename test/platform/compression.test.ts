import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/platform/errors.js';
import { API_KEY_ROUTE } from '../../src/platform/http/route-policy.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { daysAhead, shoppingFixture, type ShoppingFixture } from '../shopping/shopping-fixture.js';

/** The body as the client reads it once it undoes the answer's Content-Encoding. */
function decoded(res: LightMyRequestResponse): string {
  const raw = res.rawPayload;
  const coding = res.headers['content-encoding'];
  if (coding === 'br') return zlib.brotliDecompressSync(raw).toString('utf8');
  if (coding === 'gzip') return zlib.gunzipSync(raw).toString('utf8');
  expect(coding).toBeUndefined();
  return raw.toString('utf8');
}

/** What an answer's headers say of its coding: Content-Encoding, Vary, and a Content-Length that is the bytes sent. */
function expectCoding(res: LightMyRequestResponse, coding: 'br' | 'gzip' | undefined) {
  expect(res.headers['content-encoding']).toBe(coding);
  expect(res.headers.vary).toMatch(/accept-encoding/i);
  expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
}

describe('compressed answers of the search (a cached one compressed once per coding)', () => {
  let f: ShoppingFixture;
  beforeAll(async () => {
    f = await shoppingFixture({ env: { SEARCH_RATE_LIMIT_PER_MINUTE: '1000' } });
  });
  afterAll(async () => f?.close());

  const search = (body: Record<string, unknown>, acceptEncoding?: string) =>
    f.app.inject({
      method: 'POST',
      url: '/v1/shopping/offers',
      headers: {
        'x-api-key': f.key,
        'content-type': 'application/json',
        ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
      },
      payload: body,
    });

  /** `flightagg_compressions_total` for a coding, as /metrics says it. */
  async function compressions(encoding: 'br' | 'gzip', cached: boolean): Promise<number> {
    const res = await f.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    const line = res.body
      .split('\n')
      .find((l) => l.startsWith(`flightagg_compressions_total{encoding="${encoding}",cached="${cached}"}`));
    return line ? Number(line.split(' ').at(-1)) : 0;
  }

  it('each coding decodes to the identical JSON; a hit is compressed once per coding, then sent as stored', async () => {
    const body = { origin: 'JFK', destination: 'LAX', departure_date: daysAhead(24), adults: 1 };
    const dynamicBefore = await compressions('br', false);
    const miss = await search(body, 'gzip, deflate, br');
    expect(miss.statusCode).toBe(200);
    expect(miss.headers['x-cache']).toBe('MISS');
    expectCoding(miss, 'br');
    expect(await compressions('br', false)).toBe(dynamicBefore + 1);

    const identity = await search(body);
    expect(identity.headers['x-cache']).toBe('HIT');
    expectCoding(identity, undefined);
    const json = identity.body;
    expect(json.length).toBeGreaterThan(10_000);
    expect(JSON.parse(json).offers.length).toBeGreaterThan(0);
    // The run's answer is the stored one but for `cached`.
    expect(decoded(miss).replace('{"cached":false,', '{"cached":true,')).toBe(json);

    expect(await compressions('br', true)).toBe(0);
    const sizes: Record<string, number> = {};
    for (const coding of ['br', 'gzip'] as const) {
      for (let i = 0; i < 3; i++) {
        const hit = await search(body, coding);
        expect(hit.statusCode).toBe(200);
        expect(hit.headers['x-cache']).toBe('HIT');
        expectCoding(hit, coding);
        expect(decoded(hit)).toBe(json);
        sizes[coding] = hit.rawPayload.length;
      }
      // Three hits in this coding, one compression.
      expect(await compressions(coding, true)).toBe(1);
    }
    expect(sizes.br).toBeLessThan(json.length / 10);
    expect(sizes.gzip).toBeLessThan(json.length / 10);
    // Hits compress nothing per request: the dynamic count is the miss's alone.
    expect(await compressions('br', false)).toBe(dynamicBefore + 1);
    expect(await compressions('gzip', false)).toBe(0);
  });

  it('honours q-values and identity: a coding weighted 0 is never sent', async () => {
    const body = { origin: 'JFK', destination: 'LAX', departure_date: daysAhead(25), adults: 1 };
    expectCoding(await search(body, 'br;q=0, gzip'), 'gzip');
    expectCoding(await search(body, 'br;q=0.4, gzip;q=0.9'), 'gzip');
    expectCoding(await search(body, 'gzip;q=0, br;q=0'), undefined);
    expectCoding(await search(body, 'identity, br;q=0.5'), undefined);
    expectCoding(await search(body, '*'), 'br');
    expectCoding(await search(body, ''), undefined);
  });

  it('leaves small answers and small error bodies as they are, with Vary all the same', async () => {
    const health = await f.app.inject({ method: 'GET', url: '/v1/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(health.statusCode).toBe(200);
    expectCoding(health, undefined);
    expect(health.json()).toMatchObject({ status: 'ok' });
    const invalid = await search({ origin: 'JFK' }, 'br, gzip');
    expect(invalid.statusCode).toBe(400);
    expectCoding(invalid, undefined);
    expect(invalid.json().code).toBe('invalid_request');
  });

  it('never compresses the event stream: each event leaves as it is sent', async () => {
    const base = await f.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await request(`${base}/v1/shopping/offers/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': f.key, 'accept-encoding': 'br, gzip' },
      body: JSON.stringify({ origin: 'JFK', destination: 'LAX', departure_date: daysAhead(24), adults: 1 }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(res.headers['content-encoding']).toBeUndefined();
    const text = await res.body.text();
    expect(text).toMatch(/^event: search\n/);
    expect(text).toContain('event: done\n');
  });
});

describe('compression of any JSON answer: errors, HEAD, ETags, off', () => {
  let t: TestApp;
  let off: TestApp;
  const keys = new Map<TestApp, string>();
  const big = { items: Array.from({ length: 200 }, (_, i) => ({ index: i, text: `item number ${i}` })) };
  const bigJson = JSON.stringify(big);
  /** What an onSend hook added after the app's own (as a test's response check or a body capture is) received. */
  const seenByLaterHook: unknown[] = [];
  const routes = (app: TestApp['app']) => {
    app.addHook('onSend', async (request, _reply, payload) => {
      if (request.url === '/v1/probe/big') seenByLaterHook.push(payload);
      return payload;
    });
    app.get('/v1/probe/big', { config: API_KEY_ROUTE }, async (request, reply) => {
      // A validator over the bytes, as the aviation reads send (envelope-reply.ts).
      const etag = '"probe-v1"';
      reply.header('etag', etag);
      const sent = request.headers['if-none-match'];
      if (sent && sent.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();
      return big;
    });
    app.get('/v1/probe/big-error', { config: API_KEY_ROUTE }, async () => {
      throw new AppError(409, 'order_conflict', 'these passengers already hold these flights', {
        fields: { details: big.items },
      });
    });
  };

  beforeAll(async () => {
    t = await buildTestApp({ routes });
    off = await buildTestApp({ routes, env: { COMPRESSION: 'false' } });
    for (const app of [t, off]) keys.set(app, (await app.agencyWithKey()).secret);
  });
  afterAll(async () => {
    await t?.close();
    await off?.close();
  });

  const get = (app: TestApp, url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    app.app.inject({ method, url, headers: { 'x-api-key': keys.get(app)!, ...headers } });

  it('compresses an error body above the threshold as it does any other answer', async () => {
    const res = await get(t, '/v1/probe/big-error', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(409);
    expectCoding(res, 'gzip');
    expect(JSON.parse(decoded(res))).toMatchObject({ code: 'order_conflict', details: big.items });
  });

  it('gives a compressed answer a weak ETag that revalidates in every coding, with Vary on the 304', async () => {
    const identity = await get(t, '/v1/probe/big');
    expectCoding(identity, undefined);
    expect(identity.body).toBe(bigJson);
    expect(identity.headers.etag).toBe('"probe-v1"');

    const br = await get(t, '/v1/probe/big', { 'accept-encoding': 'br' });
    expectCoding(br, 'br');
    expect(decoded(br)).toBe(bigJson);
    expect(br.headers.etag).toBe('W/"probe-v1"');

    for (const [acceptEncoding, tag, answered] of [
      ['br', 'W/"probe-v1"', 'W/"probe-v1"'],
      ['gzip', 'W/"probe-v1"', 'W/"probe-v1"'],
      ['identity', 'W/"probe-v1"', '"probe-v1"'],
      ['br', '"probe-v1"', 'W/"probe-v1"'],
    ] as const) {
      const again = await get(t, '/v1/probe/big', { 'accept-encoding': acceptEncoding, 'if-none-match': tag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(answered);
      expect(again.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it('compresses after every other onSend hook, even one added after the app was built', async () => {
    seenByLaterHook.length = 0;
    const res = await get(t, '/v1/probe/big', { 'accept-encoding': 'br' });
    expectCoding(res, 'br');
    expect(seenByLaterHook).toEqual([bigJson]);
  });

  it("answers HEAD with the compressed GET's length and coding", async () => {
    const gzip = await get(t, '/v1/probe/big', { 'accept-encoding': 'gzip' });
    const head = await get(t, '/v1/probe/big', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(head.headers['content-length']).toBe(String(gzip.rawPayload.length));
    expect(head.rawPayload.length).toBe(0);
  });

  it('COMPRESSION=false answers every request as it is', async () => {
    const res = await get(off, '/v1/probe/big', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(res.body).toBe(bigJson);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_MAX_BYTES, truncationMarker } from '../../src/request-log/body-render.js';
import { REQUEST_LOG_FLUSH_JOB, REQUEST_LOG_SWEEP_JOB } from '../../src/request-log/plugin.js';
import { portalLogin, portalUser } from '../helpers/portal-sessions.js';
import { orderFixture, PASSENGER, type OrderFixture } from '../orders/order-fixture.js';
import { daysAhead } from '../shopping/shopping-fixture.js';

// The request log's bodies (docs/operations/request-log.md, "Bodies"): redacted, bounded, per
// agency, and aged out sooner than the log itself (2 days here, against the log's 7).

const CARD = { number: '4111111111111111', expiry: '1230', holder_name: 'ADA LOVELACE', security_code: '737' };
const DAY_MS = 24 * 3_600_000;

let f: OrderFixture;
let offsetMs = 0;
let ownEmail: string;
let own: Record<string, string>;
let theirs: Record<string, string>;

interface Body {
  text: string | null;
  note: string | null;
  truncated: boolean;
  dropped_bytes: number;
  redacted: boolean;
}
interface Bodies {
  request_id: string;
  at: string;
  environment: string;
  request_body: Body;
  response_body: Body;
}

const flush = () => f.platform.scheduler.runNow(REQUEST_LOG_FLUSH_JOB);
const bodiesOf = (requestId: string, headers = own) =>
  f.app.inject({ method: 'GET', url: `/v1/dev/requests/${encodeURIComponent(requestId)}`, headers });

async function bodies(requestId: string): Promise<Bodies> {
  const res = await bodiesOf(requestId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Bodies;
}

beforeAll(async () => {
  f = await orderFixture({ clock: () => new Date(Date.now() + offsetMs), env: { REQUEST_LOG_BODY_RETENTION_DAYS: '2' } });
  ownEmail = (await portalUser(f, { agencyId: f.agencyId, role: 'developer' })).email;
  own = await portalLogin(f, ownEmail);
  const other = await f.agencyWithKey();
  theirs = await portalLogin(f, (await portalUser(f, { agencyId: other.agencyId })).email);
});
afterAll(async () => f?.close());

describe("the request log's bodies", () => {
  let booking: { requestId: string; orderId: string };
  let hitDigest: string;
  const sharedKept = async () =>
    (await f.platform.db.selectFrom('api_request_shared_bodies').select('digest').where('digest', '=', hitDigest).execute())
      .length;

  it('keep a booking with its passenger and the card masked: last four digits, no expiry or security code', async () => {
    const offer = await f.offer('JFK', 'LAX');
    const res = await f.hold(offer.offer_id, { payment: { type: 'card', card: CARD } });
    expect(res.statusCode, res.body).toBe(201);
    booking = { requestId: res.headers['x-request-id'] as string, orderId: res.json().order_id as string };
    await flush();

    const kept = await bodies(booking.requestId);
    expect(kept.request_id).toBe(booking.requestId);
    expect(kept.environment).toBe('test');
    const sent = JSON.parse(kept.request_body.text!);
    expect(sent.offer_id).toBe(offer.offer_id);
    expect(sent.passengers[0]).toMatchObject({ given_name: PASSENGER.given_name, family_name: PASSENGER.family_name });
    expect(sent.payment.card).toEqual({
      number: '************1111',
      expiry: '[redacted]',
      holder_name: 'ADA LOVELACE',
      security_code: '[redacted]',
    });
    expect(kept.request_body).toMatchObject({ note: null, truncated: false, dropped_bytes: 0, redacted: true });
    expect(kept.request_body.text).not.toContain(CARD.number);
    expect(kept.request_body.text).not.toContain('"737"');
    // The answer as the route serialized it: the order, readable JSON.
    expect(JSON.parse(kept.response_body.text!).order_id).toBe(booking.orderId);
    expect(JSON.stringify(kept)).not.toContain(f.key);
  });

  it('never keep an API key, wherever a client put it', async () => {
    const res = await f.call('POST', '/v1/orders', { offer_id: 'AA_OFF_NOPE', passengers: [PASSENGER], note: `key ${f.key}` });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    const secretNamed = await f.call('POST', '/v1/orders', { offer_id: 'AA_OFF_NOPE', api_key: f.key, password: 'hunter2' });
    await flush();
    const first = await bodies(res.headers['x-request-id'] as string);
    expect(first.request_body.text).toContain('"note":"key [redacted]"');
    expect(first.request_body.redacted).toBe(true);
    const second = await bodies(secretNamed.headers['x-request-id'] as string);
    expect(JSON.parse(second.request_body.text!)).toMatchObject({ api_key: '[redacted]', password: '[redacted]' });
    for (const kept of [first, second]) {
      expect(JSON.stringify(kept)).not.toContain(f.key);
      expect(JSON.stringify(kept)).not.toContain('hunter2');
    }
  });

  it('cut a long answer at 16 KB, saying how many bytes were dropped, and keep JSON, not the compressed bytes', async () => {
    const res = await f.app.inject({
      method: 'POST',
      url: '/v1/shopping/offers',
      headers: { 'x-api-key': f.key, 'accept-encoding': 'br' },
      payload: { origin: 'JFK', destination: 'LAX', departure_date: daysAhead(21), adults: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    await flush();
    const answer = (await bodies(res.headers['x-request-id'] as string)).response_body;
    expect(answer.truncated).toBe(true);
    expect(answer.dropped_bytes).toBeGreaterThan(0);
    const marker = truncationMarker(answer.dropped_bytes);
    expect(answer.text!.endsWith(marker)).toBe(true);
    const kept = answer.text!.slice(0, -marker.length);
    expect(Buffer.byteLength(kept)).toBeLessThanOrEqual(BODY_MAX_BYTES);
    expect(Buffer.byteLength(kept)).toBeGreaterThan(BODY_MAX_BYTES - 4);
    expect(kept.startsWith('{"')).toBe(true);
  });

  it("keep every cache hit's answer, each as the hit sent it", async () => {
    const search = () =>
      f.app.inject({
        method: 'POST',
        url: '/v1/shopping/offers',
        headers: { 'x-api-key': f.key, 'accept-encoding': 'gzip' },
        payload: { origin: 'JFK', destination: 'LAX', departure_date: daysAhead(23), adults: 1 },
      });
    const answers = [await search(), await search(), await search()];
    expect(answers.map((res) => res.headers['x-cache'])).toEqual(['MISS', 'HIT', 'HIT']);
    await flush();
    const [miss, hit, again] = await Promise.all(
      answers.map(async (res) => (await bodies(res.headers['x-request-id'] as string)).response_body),
    );
    expect(miss!.text!.startsWith('{"cached":false,')).toBe(true);
    expect(hit!.text!.startsWith('{"cached":true,')).toBe(true);
    expect(hit!.dropped_bytes).toBeGreaterThan(0);
    expect(again).toEqual(hit);

    // The cache entry's body is stored once: both hits' rows name it, neither holds it.
    const ids = answers.map((res) => res.headers['x-request-id'] as string);
    const rows = await f.platform.db
      .selectFrom('api_request_bodies')
      .select(['request_id', 'response_body', 'response_shared_digest'])
      .where('request_id', 'in', ids.slice(1))
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.response_body)).toEqual([null, null]);
    expect(rows[0]!.response_shared_digest).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[1]!.response_shared_digest).toBe(rows[0]!.response_shared_digest);
    hitDigest = rows[0]!.response_shared_digest!;
    const shared = await f.platform.db
      .selectFrom('api_request_shared_bodies')
      .select('body')
      .where('digest', '=', hitDigest)
      .execute();
    expect(shared).toEqual([{ body: hit!.text }]);
  });

  it('note a body that is not JSON instead of keeping it', async () => {
    const res = await f.app.inject({
      method: 'POST',
      url: '/v1/orders',
      headers: { 'x-api-key': f.key, 'content-type': 'text/plain' },
      payload: 'card 4111111111111111',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    await flush();
    const kept = await bodies(res.headers['x-request-id'] as string);
    expect(kept.request_body).toMatchObject({ text: null, note: 'not recorded: text/plain' });
  });

  it("are the agency's own: another agency's member gets 404, as for an unknown id", async () => {
    const res = await bodiesOf(booking.requestId, theirs);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('request_bodies_not_found');
    const unknown = await bodiesOf('req_nothing_like_it');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('request_bodies_not_found');
  });

  it('are deleted by the retention sweep after REQUEST_LOG_BODY_RETENTION_DAYS, while the log still lists the request', async () => {
    offsetMs += DAY_MS;
    own = await portalLogin(f, ownEmail);
    const recent = await f.call('GET', '/v1/monitoring/airlines');
    await flush();
    await f.platform.scheduler.runNow(REQUEST_LOG_SWEEP_JOB);
    expect((await bodiesOf(booking.requestId)).statusCode).toBe(200);

    offsetMs += DAY_MS + 60_000;
    own = await portalLogin(f, ownEmail);
    await f.platform.scheduler.runNow(REQUEST_LOG_SWEEP_JOB);
    expect((await bodiesOf(booking.requestId)).statusCode).toBe(404);
    expect((await bodiesOf(recent.headers['x-request-id'] as string)).statusCode).toBe(200);
    const listed = await f.app.inject({ method: 'GET', url: `/v1/dev/requests?request_id=${booking.requestId}`, headers: own });
    expect(listed.json().requests).toHaveLength(1);

    // The cached answer its hits shared stays a day past them, then goes.
    expect(await sharedKept()).toBe(1);
    offsetMs += DAY_MS;
    own = await portalLogin(f, ownEmail);
    await f.platform.scheduler.runNow(REQUEST_LOG_SWEEP_JOB);
    expect(await sharedKept()).toBe(0);
  });
});

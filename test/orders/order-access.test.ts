import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsForOrder } from '../../src/orders/event-outbox-store.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { orderFixture, PASSENGER, type OrderFixture } from './order-fixture.js';

const PASSWORD = 'violet-harbour-sunrise-42';
let f: OrderFixture;
beforeAll(async () => {
  f = await orderFixture();
});
afterAll(async () => f?.close());

async function login(email: string): Promise<string> {
  const res = await f.app.inject({ method: 'POST', url: '/v1/dev/login', payload: { email, password: PASSWORD } });
  if (res.statusCode !== 200) throw new Error(`login ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}

/** An operator's session: admin paths need a verified second factor, so TOTP is enrolled in it. */
async function operatorLogin(email: string): Promise<string> {
  const token = await login(email);
  const headers = { authorization: `Bearer ${token}` };
  const started = await f.app.inject({ method: 'POST', url: '/v1/dev/me/mfa/totp', headers, payload: { password: PASSWORD } });
  const code = TOTP.generate({ secret: Secret.fromBase32(started.json().secret as string) });
  const confirmed = await f.app.inject({ method: 'POST', url: '/v1/dev/me/mfa/totp/confirm', headers, payload: { code } });
  if (confirmed.statusCode !== 200) throw new Error(`TOTP enrolment ${confirmed.statusCode} ${confirmed.body}`);
  return token;
}

describe('servicing on the agency behalf', () => {
  it("records support's cancel as support on the agency's behalf, with the same event as the API", async () => {
    const order = (await f.hold((await f.offer('JFK', 'LAX', /MAIN$/, 37)).offer_id)).json();
    const accounts = f.gateway.identity;
    const operator = await accounts.createUser({
      agencyId: null,
      email: `op-${Date.now()}@gateway.test`,
      password: PASSWORD,
      role: 'owner',
      permissions: ['support.session', 'orders.support'],
      emailVerified: true,
    });
    const opToken = await operatorLogin(operator.email);
    const opened = await f.app.inject({
      method: 'POST',
      url: '/v1/admin/support-sessions',
      headers: { authorization: `Bearer ${opToken}` },
      payload: { agencyId: f.agencyId, reason: 'ticket 77' },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const bearer = { authorization: `Bearer ${opened.json().token}` };
    const seen = await f.app.inject({
      method: 'GET',
      url: `/v1/dev/orders/${encodeURIComponent(order.order_id)}`,
      headers: bearer,
    });
    expect(seen.json().order_id).toBe(order.order_id);
    const cancelled = await f.app.inject({
      method: 'POST',
      url: `/v1/dev/orders/${encodeURIComponent(order.order_id)}/cancel`,
      headers: bearer,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
    const history = (await f.call('GET', `/v1/orders/${encodeURIComponent(order.order_id)}/history`)).json().entries;
    expect(history.at(-1)).toMatchObject({
      action: 'cancelled_by_support',
      actor: { kind: 'support', id: operator.id, on_behalf_of_agency_id: f.agencyId },
    });
    expect(history[0]).toMatchObject({ action: 'created', actor: { kind: 'api_key' } });
    expect((await eventsForOrder(f.platform.db, order.order_id)).map((e) => e.event)).toEqual([
      'order.created',
      'order.cancelled',
    ]);
    const stranger = await f.app.inject({
      method: 'GET',
      url: `/v1/dev/orders/${encodeURIComponent('AA-ord_doesnotexist00000')}`,
      headers: bearer,
    });
    expect(stranger.statusCode).toBe(404);
  });
});

describe('ORDER_WRITES_ENABLED=false', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { ORDER_WRITES_ENABLED: 'false', PUBLIC_URL: 'https://api.gateway.test' } });
  });
  afterAll(async () => t?.close());

  it('answers every write 503 coming_soon with Retry-After 3600, reason and docs_url; reads keep working', async () => {
    const { secret } = await t.agencyWithKey();
    const headers = { 'x-api-key': secret };
    const writes: [string, string][] = [
      ['POST', '/v1/orders'],
      ['PUT', '/v1/orders/AA-ord_x?airline=AA'],
      ['DELETE', '/v1/orders/AA-ord_x?airline=AA'],
      ['POST', '/v1/orders/AA-ord_x/quote?airline=AA'],
      ['POST', '/v1/orders/AA-ord_x/commit?airline=AA'],
      ['POST', '/v1/orders/AA-ord_x/reshop?airline=AA'],
      ['POST', '/v1/orders/AA-ord_x/change?airline=AA'],
      ['POST', '/v1/orders/AA-ord_x/change/confirm?airline=AA'],
      ['POST', '/v1/orders/AA-ord_x/cancel?airline=AA'],
      ['POST', '/v1/orders/AA-ord_x/cancel/confirm?airline=AA'],
      ['POST', '/v1/orders/AA-ord_x/refund?airline=AA'],
    ];
    for (const [method, url] of writes) {
      const res = await t.app.inject({
        method: method as 'POST',
        url,
        headers,
        ...(method === 'DELETE' ? {} : { payload: { offer_id: 'AA|x', passengers: [PASSENGER] } }),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(503);
      expect(res.headers['retry-after']).toBe('3600');
      expect(res.json()).toMatchObject({
        error: 'coming_soon',
        code: 'coming_soon',
        reason: 'coming_soon',
        docs_url: expect.stringContaining('https://api.gateway.test'),
        documentation_url: 'https://api.gateway.test/docs/errors#coming_soon',
      });
      expect(typeof res.json().message).toBe('string');
    }
    expect((await t.app.inject({ method: 'GET', url: '/v1/orders', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/v1/orders/AA-ord_x', headers })).statusCode).toBe(404);
  });

  it('documents every order path under the orders tag, with the status set in the descriptions', async () => {
    const spec = (await t.app.inject({ url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[]; description?: string }>>;
    };
    const orderPaths = Object.keys(spec.paths).filter((p) => p.startsWith('/v1/orders'));
    expect(orderPaths.length).toBeGreaterThanOrEqual(12);
    for (const p of orderPaths) for (const op of Object.values(spec.paths[p]!)) expect(op.tags).toContain('orders');
    expect(spec.paths['/v1/orders/{orderID}']!.get!.description).toContain('hold→ticketed');
  });
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAgencyOrder, insertOrder } from '../../src/orders/order-store.js';
import { portalLogin, portalUser, supportSession as supportSessionOn } from '../helpers/portal-sessions.js';
import { orderFixture, type OrderFixture } from './order-fixture.js';

let f: OrderFixture;
/** The agency's held orders, oldest first, booked with its test key through the API. */
const held: { id: string; pnr: string }[] = [];
let otherAgencyOrder = '';
let liveOrder = '';
let member: Record<string, string>;

const login = (email: string) => portalLogin(f, email);
const user = (agencyId: string | null, permissions: string[] = []) => portalUser(f, { agencyId, permissions });

/** An operator's support session on the fixture's agency. */
const supportSession = (permissions: string[]) =>
  supportSessionOn(f, { agencyId: f.agencyId, permissions, reason: 'ticket 4711' });

const list = (query: string, headers: Record<string, string> = member) =>
  f.app.inject({ method: 'GET', url: `/v1/dev/orders${query}`, headers });
const ids = (body: { orders: { order_id: string }[] }) => body.orders.map((o) => o.order_id);

beforeAll(async () => {
  f = await orderFixture();
  for (const days of [30, 31, 32]) {
    const res = await f.hold((await f.offer('JFK', 'LAX', /MAIN$/, days)).offer_id);
    expect(res.statusCode, res.body).toBe(201);
    held.push({ id: res.json().order_id as string, pnr: res.json().pnr as string });
  }
  const other = await f.agencyWithKey();
  const res = await f.hold((await f.offer('JFK', 'LAX', /MAIN$/, 33)).offer_id, {}, { 'x-api-key': other.secret });
  expect(res.statusCode, res.body).toBe(201);
  otherAgencyOrder = res.json().order_id as string;
  // A live order of the agency: the AA test system books test orders only, so the stored row of a
  // real booking is copied under the live environment (the list reads nothing but the store).
  const source = (await findAgencyOrder(f.platform.db, held[0]!.id, f.agencyId))!;
  liveOrder = `${source.id}LIVE`;
  await insertOrder(f.platform.db, { ...source, id: liveOrder, environment: 'live', created_at: new Date() });
  member = await login((await user(f.agencyId)).email);
});
afterAll(async () => f?.close());

describe('GET /v1/dev/orders', () => {
  it("lists the agency's test orders newest first, as /v1/orders does, and none of another agency", async () => {
    const res = await list('');
    expect(res.statusCode, res.body).toBe(200);
    expect(ids(res.json())).toEqual(held.map((o) => o.id).reverse());
    expect(res.json().next_cursor).toBe('');
    expect(ids(res.json())).not.toContain(otherAgencyOrder);
    const api = await f.call('GET', '/v1/orders');
    expect(res.json()).toEqual(api.json());
  });

  it('pages with the cursor, without repeats, and refuses a cursor it did not give', async () => {
    const first = await list('?limit=2');
    expect(ids(first.json())).toEqual([held[2]!.id, held[1]!.id]);
    const cursor = first.json().next_cursor as string;
    expect(cursor).not.toBe('');
    const second = await list(`?limit=2&cursor=${encodeURIComponent(cursor)}`);
    expect(ids(second.json())).toEqual([held[0]!.id]);
    expect(second.json().next_cursor).toBe('');
    const bad = await list('?cursor=bm9wZQ');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalid_cursor');
  });

  it('filters by PNR (any case), status, airline and environment, and names a bad field', async () => {
    const pnr = await list(`?pnr=${held[1]!.pnr.toLowerCase()}`);
    expect(ids(pnr.json())).toEqual([held[1]!.id]);
    expect(ids((await list('?status=hold&airline=aa')).json())).toHaveLength(3);
    expect(ids((await list('?status=cancelled')).json())).toEqual([]);
    expect(ids((await list('?airline=BA')).json())).toEqual([]);
    expect(ids((await list('?environment=live')).json())).toEqual([liveOrder]);
    for (const query of ['?environment=prod', '?status=lost', '?limit=0', '?limit=101']) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.body).toMatch(/environment|status|limit/);
    }
  });

  it('needs a session of an agency: 401 without one, 403 for an account of no agency', async () => {
    const none = await f.app.inject({ method: 'GET', url: '/v1/dev/orders' });
    expect(none.statusCode).toBe(401);
    const byKey = await f.call('GET', '/v1/dev/orders');
    expect(byKey.statusCode).toBe(401);
    const operator = await list('', await login((await user(null)).email));
    expect(operator.statusCode).toBe(403);
    expect(operator.json().code).toBe('not_agency_account');
  });

  it('shows the agency to a support session with support.session, and refuses it once that is gone', async () => {
    const { operatorId, bearer } = await supportSession(['support.session']);
    const res = await list('', bearer);
    expect(res.statusCode, res.body).toBe(200);
    expect(ids(res.json())).toEqual(held.map((o) => o.id).reverse());
    await sql`update users set permissions = '{}' where id = ${operatorId}`.execute(f.platform.db);
    const refused = await list('', bearer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('missing_permission');
  });

  it('is described with the session security and the portal codes, on the order routes too', async () => {
    const doc = (await f.app.inject({ method: 'GET', url: '/openapi/dashboard.json' })).json();
    const op = doc.paths['/v1/dev/orders'].get;
    expect(op.operationId).toBe('listDashboardOrders');
    expect(op.security).toEqual([{ SessionBearer: [] }]);
    for (const [path, method] of [
      ['/v1/dev/orders', 'get'],
      ['/v1/dev/orders/{orderID}', 'get'],
      ['/v1/dev/orders/{orderID}/history', 'get'],
      ['/v1/dev/orders/{orderID}/cancel', 'post'],
    ] as const) {
      const operation = doc.paths[path][method];
      expect(operation.security, path).toEqual([{ SessionBearer: [] }]);
      const text = JSON.stringify(operation.responses['401']);
      expect(text, path).toContain('invalid_session');
      expect(text, path).not.toContain('static read-only key');
      expect(JSON.stringify(operation.responses['403']), path).toContain('missing_permission');
    }
  });
});

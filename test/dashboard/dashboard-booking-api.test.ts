import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listHistory } from '../../src/orders/history-store.js';
import { portalLogin, portalUser, supportSession as supportSessionOn } from '../helpers/portal-sessions.js';
import { orderFixture, PASSENGER, type OrderFixture } from '../orders/order-fixture.js';
import { daysAhead } from '../shopping/shopping-fixture.js';

// The dashboard books on a portal session: search, price and create through /v1/dev/..., the same
// services as the API, the session's agency and the environment asked for; live for owners and
// admins of a live agency only. And orders are found by a passenger's last name.
let f: OrderFixture;
let owner: Record<string, string>;
let developer: Record<string, string>;
let stranger: Record<string, string>;

/** A signed-in portal user of `agencyId` with `role`. */
async function sessionOf(agencyId: string, role: 'owner' | 'admin' | 'developer'): Promise<Record<string, string>> {
  return portalLogin(f, (await portalUser(f, { agencyId, role })).email);
}

/** A support session on the fixture's agency, opened by an operator holding `permissions`. */
async function supportSession(permissions: string[]): Promise<Record<string, string>> {
  return (await supportSessionOn(f, { agencyId: f.agencyId, permissions })).bearer;
}

beforeAll(async () => {
  f = await orderFixture();
  owner = await sessionOf(f.agencyId, 'owner');
  developer = await sessionOf(f.agencyId, 'developer');
  const other = await f.gateway.identity.createAgency({ name: 'Other Agency' });
  stranger = await sessionOf(other.id, 'owner');
});
afterAll(async () => f?.close());

const post = (url: string, payload: unknown, headers = owner) =>
  f.app.inject({ method: 'POST', url, headers, payload: payload as object });
const get = (url: string, headers = owner) => f.app.inject({ method: 'GET', url, headers });
const oneWay = (days: number) => ({ origin: 'JFK', destination: 'LAX', departure_date: daysAhead(days), adults: 1 });

/** A dashboard search, the first offer of a brand with one flight, priced: what the Book screen does. */
async function pricedOffer(days: number, headers = owner) {
  const searched = await post('/v1/dev/shopping/offers', oneWay(days), headers);
  expect(searched.statusCode, searched.body).toBe(200);
  const offers = searched.json().offers as { offer_id: string; fare_brand_code: string; slices: { segments: unknown[] }[] }[];
  const offer = offers.find((o) => /MAINFL/.test(o.fare_brand_code) && o.slices[0]!.segments.length === 1)!;
  expect(offer).toBeDefined();
  const priced = await post('/v1/dev/offers/price', { offer_id: offer.offer_id }, headers);
  expect(priced.statusCode, priced.body).toBe(200);
  return priced.json() as { offer_id: string; total_amount: number; priced_at: string };
}

describe('dashboard search, price and booking', () => {
  it('a member searches, prices and holds in test: the order is the agency’s, booked by the portal user', async () => {
    const priced = await pricedOffer(30);
    const created = await post('/v1/dev/orders', {
      offer_id: priced.offer_id,
      passengers: [{ ...PASSENGER, family_name: 'Dupré', gender: 'f' }],
      payment: { type: 'hold' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json();
    expect(order.status).toBe('hold');

    const listed = await get('/v1/dev/orders?environment=test');
    expect(listed.json().orders.map((o: { order_id: string }) => o.order_id)).toContain(order.order_id);
    const history = await listHistory(f.platform.db, order.order_id);
    expect(history[0]).toMatchObject({ actor_kind: 'portal_user', action: 'created' });
    const { rows } = await sql<{ created_by_key_id: string | null; agency_id: string; environment: string }>`
      select created_by_key_id, agency_id, environment from orders where id = ${order.order_id}`.execute(f.platform.db);
    expect(rows[0]).toEqual({ created_by_key_id: null, agency_id: f.agencyId, environment: 'test' });
    expect((await get('/v1/dev/orders?passenger_name=DUPRE')).json().orders[0].order_id).toBe(order.order_id);

    // A booking for look-to-book, as one by key would be.
    const { rows: counted } = await sql<{ bookings: string }>`
      select bookings from look_to_book_daily where agency_id = ${f.agencyId}`.execute(f.platform.db);
    expect(Number(counted[0]?.bookings ?? 0)).toBeGreaterThanOrEqual(1);

    // Another agency's session neither sees it nor finds it by name.
    expect((await get(`/v1/dev/orders/${encodeURIComponent(order.order_id)}`, stranger)).statusCode).toBe(404);
    expect((await get('/v1/dev/orders?passenger_name=dupre', stranger)).json().orders).toEqual([]);
  });

  it('pays now in test: ticketed, and the same Idempotency-Key books once', async () => {
    const priced = await pricedOffer(31, developer);
    const body = { offer_id: priced.offer_id, passengers: [PASSENGER], payment: { type: 'agency_account' } };
    const headers = { ...developer, 'idempotency-key': `dash-${Math.random().toString(36).slice(2)}` };
    const first = await post('/v1/dev/orders', body, headers);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().status).toBe('ticketed');
    const again = await post('/v1/dev/orders', body, headers);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().order_id).toBe(first.json().order_id);
  });

  it("pays with a traveller's trip credit, as the Book screen offers it: listed by has_credit, spent, the rest kept", async () => {
    const grace = { ...PASSENGER, given_name: 'Grace', family_name: 'Hopper', born_on: '1976-12-09' };
    /** The first non-stop offer of a brand on the dashboard's search. */
    const offerOf = async (days: number, brand: RegExp) => {
      const searched = await post('/v1/dev/shopping/offers', oneWay(days));
      expect(searched.statusCode, searched.body).toBe(200);
      const offer = (
        searched.json().offers as {
          offer_id: string;
          total_amount: number;
          fare_brand_code: string;
          slices: { segments: unknown[] }[];
        }[]
      ).find((o) => brand.test(o.fare_brand_code) && o.slices[0]!.segments.length === 1);
      expect(offer, `${brand} ${days} days ahead`).toBeDefined();
      return offer!;
    };
    const sold = await post('/v1/dev/orders', {
      offer_id: (await offerOf(36, /^AADOM-MAIN$/)).offer_id,
      passengers: [grace],
      payment: { type: 'agency_account' },
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const first = sold.json();
    // Main Cabin cancelled past its 24 hours keeps its value as a trip credit.
    await f.control('POST', '/control/clock', { advanceSeconds: 25 * 3600 });
    try {
      const cancelled = await f.call('POST', `/v1/orders/${encodeURIComponent(first.order_id)}/cancel/confirm?airline=AA`, {});
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const [credit] = cancelled.json().credits;
      expect(credit).toMatchObject({ status: 'available', credit_id: expect.stringMatching(/^crd_/) });

      // What the Book screen lists as ways to pay: the agency's orders holding an available credit of the airline.
      const listed = await get('/v1/dev/orders?has_credit=true&airline=AA&limit=100');
      expect(listed.statusCode, listed.body).toBe(200);
      expect(listed.json().orders.map((o: { order_id: string; credits: unknown[] }) => [o.order_id, o.credits])).toEqual([
        [first.order_id, [credit]],
      ]);

      const cheaper = await offerOf(37, /BASIC/);
      expect(cheaper.total_amount).toBeLessThan(credit.amount);
      const paid = await post('/v1/dev/orders', {
        offer_id: cheaper.offer_id,
        passengers: [grace],
        payment: { type: 'airline_credit', credit_id: credit.credit_id },
      });
      expect(paid.statusCode, paid.body).toBe(201);
      const order = paid.json();
      expect(order.status).toBe('ticketed');
      expect(order.credits).toEqual([
        expect.objectContaining({
          amount: Math.round((credit.amount - cheaper.total_amount) * 100) / 100,
          currency: 'USD',
          status: 'available',
        }),
      ]);
      expect((await get(`/v1/dev/orders/${encodeURIComponent(first.order_id)}`)).json().credits).toEqual([
        { ...credit, status: 'used' },
      ]);
      // Spent: another booking with it is refused, naming the field.
      const again = await post('/v1/dev/orders', {
        offer_id: (await offerOf(38, /BASIC/)).offer_id,
        passengers: [grace],
        payment: { type: 'airline_credit', credit_id: credit.credit_id },
      });
      expect([again.statusCode, again.json().field, again.json().reason]).toEqual([422, 'payment.credit_id', 'used']);
    } finally {
      await f.control('DELETE', '/control/clock');
    }
  });

  it('live: refused to a developer, and to an owner until the agency is live', async () => {
    const dev = await post('/v1/dev/shopping/offers?environment=live', oneWay(32), developer);
    expect(dev.statusCode).toBe(403);
    expect(dev.json().code).toBe('role_forbidden');
    const notLive = await post('/v1/dev/orders?environment=live', { offer_id: 'x', passengers: [PASSENGER] });
    expect(notLive.statusCode).toBe(403);
    expect(notLive.json().code).toBe('agency_not_live');
    const price = await post('/v1/dev/offers/price?environment=live', { offer_id: 'x' });
    expect(price.json().code).toBe('agency_not_live');
  });

  it('validates as the API does and needs a session of an agency', async () => {
    const noOrigin = await post('/v1/dev/shopping/offers', { destination: 'LAX', departure_date: daysAhead(30), adults: 1 });
    expect(noOrigin.statusCode).toBe(400);
    const api = await f.search({ destination: 'LAX', departure_date: daysAhead(30), adults: 1 });
    expect(noOrigin.json().error).toBe(api.json().error);
    const noPassengers = await post('/v1/dev/orders', { offer_id: 'AA-x', passengers: [] });
    expect(noPassengers.json().code).toBe('passengers_required');
    const badEnv = await post('/v1/dev/offers/price?environment=prod', { offer_id: 'x' });
    expect(badEnv.statusCode).toBe(400);
    expect(badEnv.json().error).toMatch(/environment/);
    const noPrice = await post('/v1/dev/offers/price', {});
    expect(noPrice.json().code).toBe('offer_id_required');
    for (const url of ['/v1/dev/shopping/offers', '/v1/dev/offers/price', '/v1/dev/orders']) {
      const anonymous = await f.app.inject({ method: 'POST', url, payload: {} });
      expect(anonymous.statusCode, url).toBe(401);
      const withKey = await f.app.inject({ method: 'POST', url, payload: {}, headers: { 'x-api-key': f.key } });
      expect(withKey.statusCode, url).toBe(401);
    }
  });

  it('support books for the agency only with orders.support, recorded as support', async () => {
    const readOnly = await supportSession(['support.session']);
    const search = await post('/v1/dev/shopping/offers', oneWay(33), readOnly);
    expect(search.statusCode).toBe(403);
    expect(search.json().code).toBe('missing_permission');
    const book = await post('/v1/dev/orders', { offer_id: 'AA-x', passengers: [PASSENGER] }, readOnly);
    expect(book.json().code).toBe('missing_permission');

    const servicing = await supportSession(['support.session', 'orders.support']);
    const priced = await pricedOffer(33, servicing);
    const created = await post('/v1/dev/orders', { offer_id: priced.offer_id, passengers: [PASSENGER] }, servicing);
    expect(created.statusCode, created.body).toBe(201);
    const history = await listHistory(f.platform.db, created.json().order_id as string);
    expect(history[0]).toMatchObject({ actor_kind: 'support', on_behalf_of_agency_id: f.agencyId });
  });

  it("shares the agency's search rate limit with its API searches", async () => {
    const { agencyId, secret } = await f.agencyWithKey();
    await sql`update agencies set search_rate_limit = 2 where id = ${agencyId}`.execute(f.platform.db);
    const staff = await sessionOf(agencyId, 'developer');
    // Every search request counts, a refused one too: no airline is needed to fill the budget.
    expect((await f.search({}, secret)).statusCode).toBe(400);
    const second = await post('/v1/dev/shopping/offers', {}, staff);
    expect(second.statusCode).toBe(400);
    expect(second.headers['ratelimit-remaining']).toBe('0');
    const third = await post('/v1/dev/shopping/offers', {}, staff);
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBe('60');
    expect((await f.search({}, secret)).statusCode).toBe(429);
  });

  it('the dashboard routes are session routes, not metered against the plan', () => {
    const routes = f.app.declaredRoutes.filter(
      (r) => r.method === 'POST' && ['/v1/dev/shopping/offers', '/v1/dev/offers/price', '/v1/dev/orders'].includes(r.url),
    );
    expect(routes).toHaveLength(3);
    for (const r of routes) (expect(r).toMatchObject({ auth: 'session' }), expect(r.meter).toBeUndefined());
  });
});

describe('orders by passenger last name', () => {
  let astrom: string;
  let obrien: string;
  beforeAll(async () => {
    const a = await f.offer('JFK', 'LAX', /MAINFL/, 40);
    astrom = (await f.hold(a.offer_id, { passengers: [{ ...PASSENGER, family_name: 'Åström-Byron' }] })).json().order_id;
    const b = await f.offer('JFK', 'LAX', /MAINFL/, 41);
    obrien = (await f.hold(b.offer_id, { passengers: [{ ...PASSENGER, family_name: "O'Brien" }] })).json().order_id;
  });
  const ids = async (query: string) => {
    const res = await f.call('GET', `/v1/orders?passenger_name=${encodeURIComponent(query)}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().orders as { order_id: string }[]).map((o) => o.order_id);
  };

  it('matches the beginning of a last name, case- and accent-blind, separators ignored', async () => {
    expect(await ids('astrom')).toEqual([astrom]);
    expect(await ids('ÅSTRÖ')).toEqual([astrom]);
    expect(await ids('Astrom byron')).toEqual([astrom]);
    expect(await ids('obrien')).toEqual([obrien]);
    expect(await ids("o'b")).toEqual([obrien]);
    expect(await ids('byron')).toEqual([]);
    expect(await ids('zz')).toEqual([]);
  });

  it('combines with the other filters and paginates', async () => {
    const res = await f.call('GET', '/v1/orders?passenger_name=astrom&status=ticketed');
    expect(res.json().orders).toEqual([]);
    const page = await f.call('GET', '/v1/orders?passenger_name=o&limit=1');
    expect(page.json().orders).toHaveLength(1);
  });

  it('the dashboard list filters the same way, by environment', async () => {
    const res = await get('/v1/dev/orders?passenger_name=obri');
    expect(res.json().orders.map((o: { order_id: string }) => o.order_id)).toEqual([obrien]);
    expect((await get('/v1/dev/orders?passenger_name=obri&environment=live')).json().orders).toEqual([]);
  });

  it('400 naming passenger_name for what cannot be a name', async () => {
    for (const bad of ['%', 'a_b', '  ', '-x', 'x'.repeat(65), 'dupont1']) {
      const res = await f.call('GET', `/v1/orders?passenger_name=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error, bad).toMatch(/passenger_name/);
    }
  });
});

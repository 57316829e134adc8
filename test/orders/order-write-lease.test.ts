import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { ORDER_WRITE_LEASE_MS } from '../../src/orders/write-lease.js';
import { portalLogin, portalUser } from '../helpers/portal-sessions.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { SUBSCRIPTION_KEY } from '../shopping/shopping-fixture.js';
import { orderFixture, type OrderFixture } from './order-fixture.js';

// One write per order at a time (src/orders/write-lease.ts), on the storage the run was given
// (PGlite, or PostgreSQL with DATABASE_URL), and through two instances on one PostgreSQL.

let f: OrderFixture;
beforeAll(async () => {
  f = await orderFixture();
});
afterAll(async () => f?.close());

const url = (id: string, path = '') => `/v1/orders/${encodeURIComponent(id)}${path}?airline=AA`;

/**
 * The airline calls the instances made so far for orders (the connector metrics, each instance its
 * own); the health probe, which runs on its own schedule, is not one of them.
 */
async function airlineCalls(...apps: TestApp[]): Promise<number> {
  let total = 0;
  for (const t of apps) {
    const metric = await t.platform.metrics.registry.getSingleMetric('airline_calls_total')?.get();
    total += (metric?.values ?? []).filter((v) => v.labels.operation !== 'probe').reduce((s, v) => s + v.value, 0);
  }
  return total;
}

/**
 * Runs `requests` at once while the airline answers `message` slowly, so the first write is still
 * at the airline when the others arrive; answers them and the airline calls they made.
 */
async function atOnce(
  message: string,
  requests: (() => Promise<LightMyRequestResponse>)[],
  apps: TestApp[] = [f],
): Promise<{ answers: LightMyRequestResponse[]; calls: number }> {
  const before = await airlineCalls(...apps);
  await f.control('POST', '/control/faults', { kind: 'slow', messages: [message], delayMs: 1_000 });
  try {
    const answers = await Promise.all(requests.map((r) => r()));
    return { answers, calls: (await airlineCalls(...apps)) - before };
  } finally {
    await f.control('DELETE', '/control/faults');
  }
}

const six = (method: string, path: string, app: (i: number) => TestApp = () => f) =>
  Array.from(
    { length: 6 },
    (_, i) => () => app(i).app.inject({ method: method as 'POST', url: path, headers: { 'x-api-key': f.key } }),
  );

/**
 * The others of a burst: refused as busy, with a Retry-After, or (one that arrived once the first
 * had finished) answered by the order's new state, `finished`.
 */
function expectBusy(refused: LightMyRequestResponse[], finished: (r: LightMyRequestResponse) => boolean = () => false) {
  for (const r of refused) {
    if (finished(r)) continue;
    expect(r.statusCode, r.body).toBe(409);
    expect(r.json()).toMatchObject({ code: 'order_busy' });
    expect(r.json().error).toMatch(/another request is changing order .*; retry when it has finished/);
    expect(r.headers['retry-after']).toBe('2');
  }
  expect(refused.filter((r) => r.json()?.code === 'order_busy').length).toBeGreaterThan(0);
}

const stateError = (code: string) => (r: LightMyRequestResponse) => r.statusCode === 409 && r.json().code === code;

async function historyActions(id: string): Promise<string[]> {
  const res = await f.call('GET', url(id, '/history'));
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().entries as { action: string }[]).map((e) => e.action);
}

async function events(id: string): Promise<string[]> {
  const rows = await f.platform.db.selectFrom('order_events').select('event').where('order_id', '=', id).orderBy('id').execute();
  return rows.map((r) => r.event);
}

async function heldOrder(days: number): Promise<string> {
  const offer = await f.offer('JFK', 'LAX', /MAIN$/, days);
  const held = await f.hold(offer.offer_id);
  expect(held.statusCode, held.body).toBe(201);
  return held.json().order_id as string;
}

describe('one write per order at a time', () => {
  it('lets one of six simultaneous commits of a hold reach the airline; the others answer 409 order_busy', async () => {
    const id = await heldOrder(51);
    const eventsBefore = await events(id);
    const { answers, calls } = await atOnce('OrderChange', six('POST', url(id, '/commit')));
    const done = answers.filter((a) => a.statusCode === 200);
    expect(done, answers.map((a) => `${a.statusCode} ${a.body}`).join('\n')).toHaveLength(1);
    expect(done[0]!.json().status).toBe('ticketed');
    expectBusy(
      answers.filter((a) => a.statusCode !== 200),
      stateError('nothing_to_commit'),
    );
    // The one commit's two calls: its re-quote (the price it pays is checked first) and its payment.
    expect(calls).toBe(2);
    expect((await historyActions(id)).filter((a) => a === 'committed')).toHaveLength(1);
    expect((await events(id)).slice(eventsBefore.length)).toHaveLength(1);

    // Once the first has finished, the order's own state answers, still without the airline.
    const before = await airlineCalls(f);
    const again = await f.call('POST', url(id, '/commit'));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('nothing_to_commit');
    expect(await airlineCalls(f)).toBe(before);
  });

  it('cancels once for six simultaneous DELETEs: one 204, five order_busy, one history entry and one event', async () => {
    const id = await heldOrder(52);
    const eventsBefore = await events(id);
    const { answers, calls } = await atOnce('OrderChange', six('DELETE', url(id)));
    const done = answers.filter((a) => a.statusCode === 204);
    expect(done, answers.map((a) => `${a.statusCode} ${a.body}`).join('\n')).toHaveLength(1);
    expectBusy(
      answers.filter((a) => a.statusCode !== 204),
      stateError('order_closed'),
    );
    // The quote and its acceptance of the one cancel that ran, and the re-read after it.
    expect(calls).toBe(3);
    expect((await historyActions(id)).filter((a) => a === 'cancelled')).toHaveLength(1);
    expect((await events(id)).slice(eventsBefore.length)).toEqual(['order.cancelled']);

    const again = await f.call('DELETE', url(id));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('order_closed');
  });

  it('records six simultaneous refunds of a cancelled order once: one history entry, one order.refunded, no order.updated', async () => {
    const order = await f.ticketedRoundTrip(53);
    const id = order.order_id;
    expect((await f.call('DELETE', url(id))).statusCode).toBe(204);
    const eventsBefore = await events(id);
    const { answers, calls } = await atOnce('OrderRetrieve', six('POST', url(id, '/refund')));
    // One refunds; one arriving after it finished is answered the refund made (202), writing nothing.
    const done = answers.filter((a) => a.statusCode === 202);
    expect(done.length, answers.map((a) => `${a.statusCode} ${a.body}`).join('\n')).toBeGreaterThanOrEqual(1);
    for (const d of done) expect(d.json()).toEqual({ order_id: id, status: 'refunded' });
    expectBusy(answers.filter((a) => a.statusCode !== 202));
    expect(calls).toBe(1);
    expect((await historyActions(id)).filter((a) => a === 'refunded')).toHaveLength(1);
    expect((await events(id)).slice(eventsBefore.length)).toEqual(['order.refunded']);

    // A refund asked again once it is done answers the refund made, and records nothing more.
    const again = await f.call('POST', url(id, '/refund'));
    expect(again.statusCode).toBe(202);
    expect((await historyActions(id)).filter((a) => a === 'refunded')).toHaveLength(1);
    expect((await events(id)).slice(eventsBefore.length)).toEqual(['order.refunded']);
  });

  it("holds the dashboard's writes to the same rule: six session cancels at once cancel once", async () => {
    const id = await heldOrder(57);
    const user = await portalUser(f, { agencyId: f.agencyId });
    const session = await portalLogin(f, user.email);
    const eventsBefore = await events(id);
    const cancel = () =>
      f.app.inject({ method: 'POST', url: `/v1/dev/orders/${encodeURIComponent(id)}/cancel`, headers: session });
    const { answers, calls } = await atOnce(
      'OrderChange',
      Array.from({ length: 6 }, () => cancel),
    );
    const done = answers.filter((a) => a.statusCode === 200);
    expect(done, answers.map((a) => `${a.statusCode} ${a.body}`).join('\n')).toHaveLength(1);
    expect(done[0]!.json().status).toBe('cancelled');
    expectBusy(
      answers.filter((a) => a.statusCode !== 200),
      stateError('order_closed'),
    );
    expect(calls).toBe(3);
    expect((await historyActions(id)).filter((a) => a === 'cancelled')).toHaveLength(1);
    expect((await events(id)).slice(eventsBefore.length)).toEqual(['order.cancelled']);
  });

  it("waits for the gateway's own re-read of the order (a webhook's, say) instead of refusing, then writes", async () => {
    const id = await heldOrder(58);
    // What a re-read in progress holds (airline-refresh.ts): the commit waits for it to finish.
    await f.platform.db
      .insertInto('order_write_leases')
      .values({ order_id: id, holder: 'r_reread-in-progress', expires_at: new Date(Date.now() + ORDER_WRITE_LEASE_MS) })
      .execute();
    const commit = f.call('POST', url(id, '/commit'));
    await new Promise((resolve) => setTimeout(resolve, 600));
    await f.platform.db.deleteFrom('order_write_leases').where('order_id', '=', id).execute();
    const committed = await commit;
    expect(committed.statusCode, committed.body).toBe(200);
    expect(committed.json().status).toBe('ticketed');
  });

  it('refuses a write while a lease is held, reaching no airline, and takes over a lease its holder left to run out', async () => {
    const id = await heldOrder(54);
    // What a process killed in the middle of a write leaves behind.
    await f.platform.db
      .insertInto('order_write_leases')
      .values({ order_id: id, holder: 'killed-process', expires_at: new Date(Date.now() + ORDER_WRITE_LEASE_MS) })
      .execute();
    const before = await airlineCalls(f);
    const refused = [
      await f.call('POST', url(id, '/commit')),
      await f.call('DELETE', url(id)),
      await f.call('POST', url(id, '/cancel')),
      await f.call('PUT', url(id), { contact: { email: 'new@example.com' } }),
    ];
    expectBusy(refused);
    // A refresh is the gateway's own write: it is skipped, and the stored order answered.
    const read = await f.call('GET', `${url(id)}&refresh=true`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().status).toBe('hold');
    expect(await airlineCalls(f)).toBe(before);
    // The order's own checks still come first: another airline is a 400, an unknown order a 404.
    expect((await f.call('POST', `/v1/orders/${encodeURIComponent(id)}/commit?airline=VS`)).json().code).toBe('airline_mismatch');
    expect((await f.call('POST', url(`${id}x`, '/commit'))).statusCode).toBe(404);

    // What the lease's time passing does: it ends (by the database's clock, which every instance shares).
    await f.platform.db
      .updateTable('order_write_leases')
      .set({ expires_at: new Date(Date.now() - 1_000) })
      .where('order_id', '=', id)
      .execute();
    const committed = await f.call('POST', url(id, '/commit'));
    expect(committed.statusCode, committed.body).toBe(200);
    expect(committed.json().status).toBe('ticketed');
    // Given back when the write finished: the next one is not refused.
    const leases = await f.platform.db.selectFrom('order_write_leases').selectAll().where('order_id', '=', id).execute();
    expect(leases).toEqual([]);
  });
});

// Two gateway instances need one database: only PostgreSQL is shared between processes.
const shared = inject('databaseUrl') !== null;

describe.runIf(shared)('one write per order at a time, through two instances on one PostgreSQL', () => {
  let second: TestApp;
  beforeAll(async () => {
    second = await buildTestApp({
      env: { AA_TEST_SUBSCRIPTION_KEY: SUBSCRIPTION_KEY },
      app: { testSystemUrls: { AA: f.aa.url } },
    });
  });
  afterAll(async () => second?.close());

  it('lets one of six commits sent to both instances at once reach the airline', async () => {
    const id = await heldOrder(55);
    const eventsBefore = await events(id);
    const { answers, calls } = await atOnce(
      'OrderChange',
      six('POST', url(id, '/commit'), (i) => (i % 2 === 0 ? f : second)),
      [f, second],
    );
    const done = answers.filter((a) => a.statusCode === 200);
    expect(done, answers.map((a) => `${a.statusCode} ${a.body}`).join('\n')).toHaveLength(1);
    expectBusy(
      answers.filter((a) => a.statusCode !== 200),
      stateError('nothing_to_commit'),
    );
    expect(calls).toBe(2); // one commit: its re-quote and its payment
    expect((await historyActions(id)).filter((a) => a === 'committed')).toHaveLength(1);
    expect((await events(id)).slice(eventsBefore.length)).toHaveLength(1);
  });

  it('cancels once for six DELETEs sent to both instances at once', async () => {
    const id = await heldOrder(57);
    const eventsBefore = await events(id);
    const { answers, calls } = await atOnce(
      'OrderChange',
      six('DELETE', url(id), (i) => (i % 2 === 0 ? f : second)),
      [f, second],
    );
    const done = answers.filter((a) => a.statusCode === 204);
    expect(done, answers.map((a) => `${a.statusCode} ${a.body}`).join('\n')).toHaveLength(1);
    expectBusy(
      answers.filter((a) => a.statusCode !== 204),
      stateError('order_closed'),
    );
    expect(calls).toBe(3); // one cancel: its quote, its acceptance and the re-read after it
    expect((await historyActions(id)).filter((a) => a === 'cancelled')).toHaveLength(1);
    expect((await events(id)).slice(eventsBefore.length)).toEqual(['order.cancelled']);
  });

  it('records six refunds of a cancelled order sent to both instances once', async () => {
    const order = await f.ticketedRoundTrip(56);
    const id = order.order_id;
    expect((await second.app.inject({ method: 'DELETE', url: url(id), headers: { 'x-api-key': f.key } })).statusCode).toBe(204);
    const eventsBefore = await events(id);
    const { answers, calls } = await atOnce(
      'OrderRetrieve',
      six('POST', url(id, '/refund'), (i) => (i % 2 === 0 ? f : second)),
      [f, second],
    );
    expect(answers.filter((a) => a.statusCode === 202).length).toBeGreaterThanOrEqual(1);
    expectBusy(answers.filter((a) => a.statusCode !== 202));
    expect(calls).toBe(1);
    expect((await historyActions(id)).filter((a) => a === 'refunded')).toHaveLength(1);
    expect((await events(id)).slice(eventsBefore.length)).toEqual(['order.refunded']);
  });
});

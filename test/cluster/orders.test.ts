import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSENGER } from '../orders/order-fixture.js';
import { DUFFEL_TEST_DEVELOPMENT_TOKEN } from '../../src/testsystem/duffel/server.js';
import { call, sleep, waitUntil, type Answer } from '../platform/fault-drills/children.js';
import { daysAhead } from '../shopping/shopping-fixture.js';
import { startReceiver, type Receiver } from '../webhooks/https-receiver.js';
import type { DrillAccount } from '../platform/fault-drills/seed.js';
import { clusterFixture, clusterSkip, instancesOf, skipTitle, type ClusterFixture } from './cluster-fixture.js';

/**
 * Three gateways behind HAProxy booking on one airline: an idempotent create sent 100 times at
 * once is one booking, an order is read and serviced from any instance, each order event is
 * delivered to a webhook once cluster-wide, a hold's ticketing deadline is announced once by the
 * sweep every instance runs, a lapsed hold is recorded cancelled once, a Duffel hold made on one
 * instance is paid on another, and usage is counted exactly.
 */
describe.skipIf(clusterSkip !== null)(`cluster: orders, webhooks and metering${skipTitle}`, () => {
  let f: ClusterFixture;
  let receiver: Receiver;
  let caDir: string;
  let account: DrillAccount;
  let session: string;

  beforeAll(async () => {
    // The webhook receiver: HTTPS on localhost, its certificate trusted by every gateway.
    receiver = await startReceiver();
    caDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-cluster-ca-'));
    fs.writeFileSync(path.join(caDir, 'ca.pem'), receiver.ca);
    f = await clusterFixture(3, {
      WEBHOOK_ALLOWED_PRIVATE_HOSTS: 'localhost',
      NODE_EXTRA_CA_CERTS: path.join(caDir, 'ca.pem'),
      USAGE_FLUSH_SECONDS: '1',
      // The hourly ticketing-deadline sweep every 2 s on each instance, so a test sees many runs race.
      TICKETING_DEADLINE_SWEEP_SECONDS: '2',
      // The hold-lapse sweep (every minute by default) as often, so each lapse is raced for too.
      HOLD_LAPSE_SWEEP_SECONDS: '2',
    });
    account = await f.account();
    session = await f.login(account);
    // Webhook endpoints need a session verified with a second factor: enrol TOTP through the balancer.
    const started = await f.request('POST', '/v1/dev/me/mfa/totp', { session, body: { password: account.password } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const code = TOTP.generate({ secret: Secret.fromBase32(started.body.secret as string) });
    const confirmed = await f.request('POST', '/v1/dev/me/mfa/totp/confirm', { session, body: { code } });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const endpoint = await f.request('POST', '/v1/dev/webhooks', { session, body: { url: receiver.url('/cluster') } });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
  }, 300_000);

  afterAll(async () => {
    await f?.stop();
    await receiver?.close();
    if (caDir) fs.rmSync(caDir, { recursive: true, force: true });
  }, 60_000);

  /** A one-adult, non-stop offer found through the balancer. */
  async function offer(origin: string, destination: string, days: number): Promise<string> {
    const res = await f.request('POST', '/v1/shopping/offers', {
      key: account.key,
      body: { origin, destination, departure_date: daysAhead(days), adults: 1 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const offers = res.body.offers as { offer_id: string; fare_brand_code?: string; slices: { segments: unknown[] }[] }[];
    const pick = offers.find((o) => /MAIN$/.test(o.fare_brand_code ?? '') && o.slices.every((s) => s.segments.length === 1));
    expect(pick, `a MAIN non-stop ${origin}-${destination}`).toBeDefined();
    return pick!.offer_id;
  }

  const airlineOrders = async () => ((await f.control('GET', '/control/orders')).body.orders as unknown[]).length;
  /** Webhooks received for an order, by event name. */
  const hooksFor = (orderId: string) =>
    receiver.received
      .map((h) => ({
        delivery: h.headers['x-service-delivery'] as string,
        event: h.headers['x-service-event'] as string,
        body: JSON.parse(h.raw) as Record<string, string>,
      }))
      .filter((h) => h.body.order_id === orderId);

  it('books once for 100 identical creates (one Idempotency-Key) spread over the instances; every answer names that order', async () => {
    const offerId = await offer('JFK', 'LAX', 41);
    const before = await airlineOrders();
    const create = () =>
      f.request('POST', '/v1/orders', {
        key: account.key,
        headers: { 'idempotency-key': 'cluster-hundred' },
        body: { offer_id: offerId, passengers: [PASSENGER], payment: { type: 'hold' } },
      });
    const answers = await Promise.all(Array.from({ length: 100 }, create));
    expect(instancesOf(answers).size).toBe(3);
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(
      statuses.every((s) => s === 200 || s === 201 || s === 409),
      statuses.join(','),
    ).toBe(true);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body).toMatchObject({ code: 'idempotency_key_in_flight' });
    const orderId = answers.find((a) => a.status === 201)!.body.order_id as string;
    for (const a of answers.filter((x) => x.status === 200)) {
      expect(a.body.order_id).toBe(orderId);
      expect(a.headers.get('idempotent-replayed')).toBe('true');
    }
    // What answered 409 (still in flight) gets the same order on its retry, on any instance. A
    // retry the busy machine answers 503 database_unavailable (a pool wait past its bound) is
    // retried as the contract says, after Retry-After; any other answer ends the retries.
    const retry = async (): Promise<Answer> => {
      for (let attempt = 1; ; attempt++) {
        const a = await create();
        if (a.status !== 503 || attempt === 4) return a;
        expect(a.body, JSON.stringify(a.body)).toMatchObject({ code: 'database_unavailable' });
        await sleep(Number(a.headers.get('retry-after')) * 1_000);
      }
    };
    const retries = await Promise.all(answers.filter((a) => a.status === 409).map(retry));
    for (const a of retries) expect([a.status, a.body.order_id], JSON.stringify(a.body)).toEqual([200, orderId]);

    expect(await airlineOrders()).toBe(before + 1);
    await waitUntil('order.created delivered', 30_000, async () => hooksFor(orderId).length > 0);
    // Every instance's delivery worker runs each second: a second copy would come within a few.
    await sleep(3_000);
    expect(hooksFor(orderId).map((h) => h.body.event)).toEqual(['order.created']);
  });

  it('reads and services an order on any instance; each event is delivered once', async () => {
    const created = await f.request('POST', '/v1/orders', {
      key: account.key,
      via: 0,
      body: { offer_id: await offer('JFK', 'MIA', 45), passengers: [PASSENGER], payment: { type: 'hold' } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = encodeURIComponent(created.body.order_id as string);
    const step = (method: string, tail: string, via: number, body?: unknown): Promise<Answer> =>
      f.request(method, `/v1/orders/${id}${tail}?airline=AA`, { key: account.key, via, ...(body === undefined ? {} : { body }) });

    for (const via of [1, 2]) {
      const read = await step('GET', '', via);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ order_id: created.body.order_id, status: 'hold', pnr: created.body.pnr });
    }
    const committed = await step('POST', '/commit', 1, { payment: { type: 'agency_account' } });
    expect(committed.status, JSON.stringify(committed.body)).toBe(200);
    expect(committed.body.status).toBe('ticketed');
    const quote = await step('POST', '/cancel', 2, {});
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    const cancelled = await step('POST', '/cancel/confirm', 0, { cancellation_quote_id: quote.body.cancellation_quote_id });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    const refunded = await step('POST', '/refund', 1);
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(202);
    for (const via of [0, 1, 2]) expect((await step('GET', '', via)).body.status).toBe('refunded');
    const atAirline = await f.control('GET', `/control/orders/${created.body.airline_order_id as string}`);
    expect(atAirline.body).toMatchObject({ status: 'CANCELLED', refunded: true });

    const events = ['order.created', 'order.ticketed', 'order.cancelled', 'order.refunded'];
    await waitUntil('four events delivered', 60_000, async () => hooksFor(created.body.order_id as string).length >= 4);
    await sleep(3_000);
    const hooks = hooksFor(created.body.order_id as string);
    expect(hooks.map((h) => h.body.event).sort()).toEqual([...events].sort());
    expect(new Set(hooks.map((h) => h.delivery)).size).toBe(4);
  });

  it('books a VS order on one instance and services it on the others, at the one VS test system', async () => {
    const res = await f.request('POST', '/v1/shopping/offers', {
      key: account.key,
      body: { origin: 'LHR', destination: 'JFK', departure_date: daysAhead(47), adults: 1 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const vsOffer = (res.body.offers as { offer_id: string; airline: string; slices: { segments: unknown[] }[] }[]).find(
      (o) => o.airline === 'VS' && o.slices.every((s) => s.segments.length === 1),
    );
    expect(vsOffer, 'a VS non-stop LHR-JFK').toBeDefined();
    const created = await f.request('POST', '/v1/orders', {
      key: account.key,
      via: 0,
      body: { offer_id: vsOffer!.offer_id, passengers: [PASSENGER], payment: { type: 'hold' } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ airline: 'VS', status: 'hold' });
    const id = encodeURIComponent(created.body.order_id as string);
    const read = await f.request('GET', `/v1/orders/${id}`, { key: account.key, via: 2 });
    expect(read.body).toMatchObject({ airline: 'VS', pnr: created.body.pnr, status: 'hold' });
    const committed = await f.request('POST', `/v1/orders/${id}/commit?airline=VS`, {
      key: account.key,
      via: 1,
      body: { payment: { type: 'agency_account' } },
    });
    expect(committed.status, JSON.stringify(committed.body)).toBe(200);
    expect(committed.body.status).toBe('ticketed');
    const atAirline = await f.control('GET', `/control/orders/${created.body.airline_order_id as string}`, undefined, 'VS');
    expect(atAirline.body).toMatchObject({ status: 'TICKETED' });
  });

  it('holds a Duffel offer on one instance and pays it on another, at the one Duffel test system', async () => {
    const res = await f.request('POST', '/v1/shopping/offers', {
      key: account.key,
      via: 2,
      body: { origin: 'JFK', destination: 'LHR', departure_date: daysAhead(49), adults: 1 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const duffelOffer = (res.body.offers as { offer_id: string; source: string; hold_available: boolean }[]).find(
      (o) => o.source === 'DUFFEL' && o.hold_available,
    );
    expect(duffelOffer, 'a holdable Duffel offer JFK-LHR').toBeDefined();
    const held = await f.request('POST', '/v1/orders', {
      key: account.key,
      via: 0,
      // Duffel's airlines take a gender and a phone number besides what AA asks.
      body: {
        offer_id: duffelOffer!.offer_id,
        passengers: [{ ...PASSENGER, gender: 'f', phone: '+442071234567' }],
        payment: { type: 'hold' },
      },
    });
    expect(held.status, JSON.stringify(held.body)).toBe(201);
    expect(held.body).toMatchObject({ source: 'DUFFEL', status: 'hold' });
    const id = encodeURIComponent(held.body.order_id as string);
    const read = await f.request('GET', `/v1/orders/${id}`, { key: account.key, via: 2 });
    expect(read.body).toMatchObject({ source: 'DUFFEL', pnr: held.body.pnr, status: 'hold' });
    // Duffel's order.created webhook may make an instance re-read the new order meanwhile: the
    // commit waits for that re-read rather than answering order_busy.
    const paid = await f.request('POST', `/v1/orders/${id}/commit?airline=DUFFEL`, {
      key: account.key,
      via: 1,
      body: { payment: { type: 'agency_account' } },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.status).toBe('ticketed');
    expect((await f.request('GET', `/v1/orders/${id}`, { key: account.key, via: 0 })).body.status).toBe('ticketed');
    const atDuffel = await call(`${f.cluster.testSystems.DUFFEL!.url}/air/orders/${held.body.airline_order_id as string}`, {
      headers: { authorization: `Bearer ${DUFFEL_TEST_DEVELOPMENT_TOKEN}`, 'duffel-version': 'v2' },
    });
    expect(atDuffel.status).toBe(200);
    expect(atDuffel.body.data).toMatchObject({
      booking_reference: held.body.pnr,
      payment_status: { awaiting_payment: false },
    });
  });

  it("announces a hold's ticketing deadline once cluster-wide, though every instance sweeps", async () => {
    const created = await f.request('POST', '/v1/orders', {
      key: account.key,
      body: { offer_id: await offer('JFK', 'ORD', 40), passengers: [PASSENGER], payment: { type: 'hold' } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.status).toBe('hold');
    const orderId = created.body.order_id as string;
    // AA holds until the end of the next local day, always more than the sweep's 24 hours ahead:
    // bring this hold's limit to two hours from now, as if it had been made yesterday.
    const db = new pg.Client({ connectionString: f.cluster.databaseUrl });
    await db.connect();
    try {
      const due = await db.query(`update orders set payment_deadline = now() + interval '2 hours' where id = $1`, [orderId]);
      expect(due.rowCount).toBe(1);
      const deadlineHooks = () => hooksFor(orderId).filter((h) => h.event === 'order.ticketing_deadline_approaching');
      await waitUntil('the deadline webhook', 60_000, async () => deadlineHooks().length >= 1);
      // Three more runs on each of the three instances: none may announce it again.
      await sleep(6_000);
      expect(new Set(deadlineHooks().map((h) => h.delivery)).size).toBe(1);
      expect(deadlineHooks()[0]!.body).toMatchObject({ order_id: orderId, pnr: created.body.pnr, airline: 'AA' });

      const stored = await db.query<{ events: string; notified: boolean; status: string }>(
        `select (select count(*) from order_events where order_id = $1 and event = 'order.ticketing_deadline_approaching') as events,
                deadline_notified_at is not null as notified, status from orders where id = $1`,
        [orderId],
      );
      expect(stored.rows[0]).toEqual({ events: '1', notified: true, status: 'hold' });
    } finally {
      await db.end();
    }
    const history = await f.request('GET', `/v1/orders/${encodeURIComponent(orderId)}/history`, { key: account.key });
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    const reminders = (history.body.entries as { action: string }[]).filter((h) => h.action === 'ticketing_deadline_reminder');
    expect(reminders).toHaveLength(1);
  });

  it('records a lapsed hold cancelled once cluster-wide, though every instance sweeps', async () => {
    const created = await f.request('POST', '/v1/orders', {
      key: account.key,
      body: { offer_id: await offer('JFK', 'LAX', 43), passengers: [PASSENGER], payment: { type: 'hold' } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const orderId = created.body.order_id as string;
    // AA's clock moves past the hold's limit (the end of the next local day); the gateways' stored
    // deadline is brought to three minutes ago, past the sweep's grace, as their own clocks would be.
    const moved = await f.control('POST', '/control/clock', { advanceSeconds: 3 * 86_400 });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const db = new pg.Client({ connectionString: f.cluster.databaseUrl });
    await db.connect();
    try {
      const due = await db.query(`update orders set payment_deadline = now() - interval '3 minutes' where id = $1`, [orderId]);
      expect(due.rowCount).toBe(1);
      const cancelledHooks = () => hooksFor(orderId).filter((h) => h.event === 'order.cancelled');
      await waitUntil('the order.cancelled webhook', 60_000, async () => cancelledHooks().length >= 1);
      // Three more runs on each of the three instances: none may record it again.
      await sleep(6_000);
      expect(new Set(cancelledHooks().map((h) => h.delivery)).size).toBe(1);
      expect(cancelledHooks()[0]!.body).toMatchObject({ order_id: orderId, status: 'cancelled', airline: 'AA' });
      const stored = await db.query<{ events: string; status: string }>(
        `select (select count(*) from order_events where order_id = $1 and event = 'order.cancelled') as events, status
           from orders where id = $1`,
        [orderId],
      );
      expect(stored.rows[0]).toEqual({ events: '1', status: 'cancelled' });
    } finally {
      await db.end();
      await f.control('DELETE', '/control/clock');
    }
    const history = await f.request('GET', `/v1/orders/${encodeURIComponent(orderId)}/history`, { key: account.key, via: 1 });
    const entries = history.body.entries as { action: string; status: string }[];
    expect(entries.filter((h) => h.action === 'hold_lapse_sweep').map((h) => h.status)).toEqual(['cancelled']);
  });

  it('counts usage exactly, whichever instance served and flushed it', async () => {
    const metered = await f.account();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => f.request('GET', '/v1/monitoring/airlines', { key: metered.key })),
    );
    expect(answers.map((a) => a.status).filter((s) => s !== 200)).toEqual([]);
    expect(instancesOf(answers).size).toBe(3);
    const owner = await f.login(metered);
    for (const via of [0, 1, 2]) {
      const usage = await f.request('GET', '/v1/dev/usage', { session: owner, via });
      expect(usage.status, JSON.stringify(usage.body)).toBe(200);
      expect((usage.body.totals as { requests: Record<string, number> }).requests.monitoring).toBe(30);
    }
  });
});
